import { operation } from "../http/operation";
import { PageQuery } from "../http/pagination";
import { AssignRegulations, AvailableRegulations, PayrollRegulations } from "./schemas";

export const availableRegulationsOp = operation({
  method: "GET",
  path: "/regulations/available",
  tag: "Regulations",
  summary: "List the available regulations",
  description:
    "The available regulations: per country regulation its industries, accountingDocument and accountingData choices (name, displayName). Paged by country regulation name.",
  allow: "authenticated",
  query: PageQuery,
  response: AvailableRegulations,
});

export const getPayrollRegulationsOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls/{payrollId}/regulations",
  tag: "Regulations",
  summary: "The payroll's assigned regulations",
  allow: "payroll.read",
  response: PayrollRegulations,
  problems: { 404: ["payroll.not_found"] },
});

export const updatePayrollRegulationsOp = operation({
  method: "PUT",
  path: "/tenants/{orgId}/payrolls/{payrollId}/regulations",
  tag: "Regulations",
  summary: "Assign regulations to the payroll",
  description:
    "Assign regulations by exact name: the country is fixed, industries are only added, accountingDocument and accountingData are replaceable.",
  allow: "payroll.update",
  body: AssignRegulations,
  response: PayrollRegulations,
  problems: {
    404: ["payroll.not_found"],
    409: ["regulations.country_fixed", "regulations.industry_not_removable"],
    422: ["regulations.unknown"],
  },
});
