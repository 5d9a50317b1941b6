import { z } from "zod";
import { page } from "../http/pagination";
import { operation } from "../http/operation";
import {
  CaseChange,
  CaseChangeCreated,
  CaseChangeReported,
  CaseDefinitionOut,
  ListCaseChangesQuery,
  ListCasesPageQuery,
  MissingCase,
  MissingDataQuery,
  PostCaseChange,
  ValueInTime,
  ValuesInTimePageQuery,
} from "./schemas";

export const listCasesOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls/{payrollId}/cases",
  tag: "Cases",
  summary: "List the payroll's cases",
  description:
    "The cases available to the payroll (from its regulations) with their fields, the company's and the employees' (scope); employeeId for the employee cases only. Paged by case name.",
  allow: "case.read",
  query: ListCasesPageQuery,
  response: page(CaseDefinitionOut),
  problems: { 403: ["case.not_self_service"], 404: ["employee.not_found", "payroll.not_found"] },
});

export const postCaseChangeOp = operation({
  method: "POST",
  path: "/tenants/{orgId}/payrolls/{payrollId}/cases",
  tag: "Cases",
  summary: "Report a case change",
  description:
    "Report a case change: typed, time-versioned values (start not before accountingStartDate). Company " +
    "data (company cases, employeeId null): Administrator only (403 for the other roles). Self Service: " +
    "own ESS/ECT cases only; a bank account, family allowances, an absence, a partner or a civil status " +
    'is reported, not applied: 202 { status: "pending", caseChange, taskId }, a selfServiceChange task ' +
    "for HR, nothing in force until approved. ?dryRun=true calculates it without saving and answers, per " +
    "period it would touch, the change in gross, net, employer cost and control state.",
  allow: "case.write",
  query: z.object({
    dryRun: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true")
      .describe("Calculate without saving."),
  }),
  body: PostCaseChange,
  response: CaseChangeCreated,
  status: 201,
  alsoAnswers: {
    200: {
      description: "?dryRun=true: the change calculated without saving, per period it would touch.",
      response: CaseChangeCreated,
    },
    202: {
      description: "Reported by Self Service: pending until HR approves it (a selfServiceChange task was opened).",
      response: CaseChangeReported,
    },
  },
  idempotent: true,
  problems: {
    403: ["case.company_data_forbidden", "case.not_self_service"],
    404: ["employee.not_found", "payroll.not_found"],
    422: ["case.before_accounting_start", "case.company_case", "case.employee_required", "case.unknown"],
  },
});

export const listCaseChangesOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls/{payrollId}/cases/changes",
  tag: "Cases",
  summary: "List the payroll's case changes",
  description:
    "The history of case changes (who, when, why, what), newest first: by default what is in force " +
    "(applied and approved); `status` lists pending, rejected or all reported changes. Self Service: " +
    "their own employee's only.",
  allow: "case.read",
  query: ListCaseChangesQuery,
  response: page(CaseChange),
  problems: { 403: ["case.not_self_service"], 404: ["employee.not_found", "payroll.not_found"] },
});

export const valuesInTimeOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls/{payrollId}/cases/values/time",
  tag: "Cases",
  summary: "List the case values in force on a date",
  description:
    "The values in force on valueDate (default today), one per field, with start, end and caseChangeId. Paged by field name.",
  allow: "case.read",
  query: ValuesInTimePageQuery,
  response: z.object({ valueDate: z.string(), ...page(ValueInTime).shape }),
  problems: { 403: ["case.not_self_service"], 404: ["employee.not_found", "payroll.not_found"] },
});

const MissingData = z.object({ valueDate: z.string(), ...page(MissingCase).shape });

export const payrollMissingDataOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls/{payrollId}/missingdata",
  tag: "Cases",
  summary: "List the payroll's missing data",
  description:
    "Required fields without a value, for the company and every current employee, grouped by case: the " +
    "company's cases first, then by employeeId, each subject's by caseName; paged by limit and cursor. " +
    "Self Service: their own employee's ESS and ECT cases only.",
  allow: "case.read",
  query: MissingDataQuery,
  response: MissingData,
  problems: { 404: ["payroll.not_found"] },
});

export const employeeMissingDataOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls/{payrollId}/employees/{employeeId}/missingdata",
  tag: "Cases",
  summary: "List an employee's missing data",
  description:
    "One employee's required fields without a value, grouped by case, by caseName; paged by limit and cursor.",
  allow: "case.read",
  query: MissingDataQuery,
  response: MissingData,
  problems: { 404: ["employee.not_found", "payroll.not_found"] },
});
