import { operation } from "../http/operation";
import { page, PageQuery } from "../http/pagination";
import {
  ClosePeriodRequest,
  CreatePayroll,
  ListPayrollsQuery,
  Payroll,
  PayrunPeriod,
  RebasePayroll,
  UpdatePayroll,
} from "./schemas";

export const listPayrollsOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls",
  tag: "Payrolls",
  summary: "The tenant's payrolls (at most one)",
  allow: "payroll.list",
  query: ListPayrollsQuery,
  response: page(Payroll),
});

export const createPayrollOp = operation({
  method: "POST",
  answersEtag: true,
  path: "/tenants/{orgId}/payrolls/simple",
  tag: "Payrolls",
  summary: "Create the tenant's payroll",
  description: "Create the tenant's payroll with its division and first open payrun period.",
  allow: "payroll.create",
  body: CreatePayroll,
  response: Payroll,
  status: 201,
  idempotent: true,
  problems: { 409: ["payroll.already_exists"], 422: ["regulations.unknown"] },
});

export const getPayrollOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls/{payrollId}",
  tag: "Payrolls",
  summary: "One payroll (with ETag)",
  allow: "payroll.list",
  response: Payroll,
  problems: { 404: ["payroll.not_found"] },
});

export const updatePayrollOp = operation({
  method: "PUT",
  path: "/tenants/{orgId}/payrolls/{payrollId}",
  tag: "Payrolls",
  summary: "Change a payroll",
  description: "Change name, documentLanguage or go-live (transmissionStartDate, one-way). If-Match supported.",
  allow: "payroll.update",
  body: UpdatePayroll,
  response: Payroll,
  problems: {
    404: ["payroll.not_found"],
    409: ["payroll.accounting_start_fixed", "payroll.live"],
    422: ["payroll.transmission_before_open_period"],
  },
});

export const rebasePayrollOp = operation({
  method: "POST",
  answersEtag: true,
  path: "/tenants/{orgId}/payrolls/{payrollId}/rebase",
  tag: "Payrolls",
  summary: "Move the accounting start later before go-live",
  description:
    "Move accountingStartDate later before go-live; deletes all payrun periods and opens one at the new date.",
  allow: "payroll.rebase",
  body: RebasePayroll,
  response: Payroll,
  problems: {
    404: ["payroll.not_found"],
    409: ["payroll.live", "payroll.payouts_processed", "payroll.rebase_not_later"],
    412: ["request.precondition_failed"],
  },
});

export const listPeriodsOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls/{payrollId}/payrunperiods",
  tag: "Payrun periods",
  summary: "List the payroll's payrun periods",
  description: "The payroll's payrun periods, oldest first (by periodStart); paged by limit and cursor.",
  allow: "payroll.list",
  query: PageQuery,
  response: page(PayrunPeriod),
  problems: { 404: ["payroll.not_found"] },
});

export const getPeriodOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}",
  tag: "Payrun periods",
  summary: "Get a payrun period",
  description: "One payrun period; the literal `open` stands for the open period.",
  allow: "payroll.list",
  response: PayrunPeriod,
  problems: { 404: ["payroll.not_found", "payrun_period.not_found"] },
});

export const closePeriodOp = operation({
  method: "POST",
  path: "/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/close",
  tag: "Payrun periods",
  summary: "Close the open period",
  description:
    "Close the open period: 409 period.control_unresolved with the blocking items; otherwise freezes its " +
    "results, carries open amounts forward (or records them as paid externally), opens the next month and " +
    "records PayrunPeriodClosed.",
  allow: "period.close",
  body: ClosePeriodRequest,
  response: PayrunPeriod,
  problems: {
    404: ["payroll.not_found", "payrun_period.not_found"],
    409: [
      "accounting.template_unavailable",
      "accounting.unmapped_wage_types",
      "document.inconsistent",
      "period.control_unresolved",
      "period.elm_incomplete",
      "period.not_open",
    ],
  },
});
