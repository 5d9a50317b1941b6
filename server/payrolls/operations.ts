import { z } from "zod";
import { operation } from "../http/operation";
import { ClosePeriodRequest, CreatePayroll, ListPayrollsQuery, Payroll, PayrunPeriod, RebasePayroll, UpdatePayroll } from "./schemas";

export const listPayrollsOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls",
  tag: "Payrolls",
  summary: "The tenant's payrolls (at most one).",
  allow: "payroll.read",
  query: ListPayrollsQuery,
  response: z.object({ items: z.array(Payroll), nextCursor: z.string().nullable() }),
});

export const createPayrollOp = operation({
  method: "POST",
  path: "/tenants/{orgId}/payrolls/simple",
  tag: "Payrolls",
  summary: "Create the tenant's payroll with its division and first open payrun period.",
  allow: "payroll.create",
  body: CreatePayroll,
  response: Payroll,
  status: 201,
  idempotent: true,
  errors: [409, 422],
});

export const getPayrollOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls/{payrollId}",
  tag: "Payrolls",
  summary: "One payroll (with ETag).",
  allow: "payroll.read",
  response: Payroll,
  errors: [404],
});

export const updatePayrollOp = operation({
  method: "PUT",
  path: "/tenants/{orgId}/payrolls/{payrollId}",
  tag: "Payrolls",
  summary: "Change name, documentLanguage or go-live (transmissionStartDate, one-way). If-Match supported.",
  allow: "payroll.update",
  body: UpdatePayroll,
  response: Payroll,
  errors: [404, 409, 412, 422],
});

export const rebasePayrollOp = operation({
  method: "POST",
  path: "/tenants/{orgId}/payrolls/{payrollId}/rebase",
  tag: "Payrolls",
  summary: "Move accountingStartDate later before go-live; deletes all payrun periods and opens one at the new date.",
  allow: "payroll.rebase",
  body: RebasePayroll,
  response: Payroll,
  errors: [404, 409, 412, 422],
});

export const listPeriodsOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls/{payrollId}/payrunperiods",
  tag: "Payrun periods",
  summary: "The payroll's payrun periods.",
  allow: "payroll.read",
  response: z.object({ items: z.array(PayrunPeriod), nextCursor: z.string().nullable() }),
  errors: [404],
});

export const getPeriodOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}",
  tag: "Payrun periods",
  summary: "One payrun period; the literal `open` stands for the open period.",
  allow: "payroll.read",
  response: PayrunPeriod,
  errors: [404],
});

export const closePeriodOp = operation({
  method: "POST",
  path: "/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/close",
  tag: "Payrun periods",
  summary: "Close the open period: 409 period.control_unresolved with the blocking items; otherwise freezes its results, carries open amounts forward (or records them as paid externally), opens the next month and records PayrunPeriodClosed.",
  allow: "period.close",
  body: ClosePeriodRequest,
  response: PayrunPeriod,
  errors: [404, 409],
});
