import { z } from "zod";
import { operation } from "../http/operation";
import { page, PageQuery } from "../http/pagination";

const Money = z.string().describe("CHF, two decimals");
const EntrySummary = z.object({
  id: z.uuid(),
  employeeId: z.uuid(),
  controlState: z.enum(["EmployedWithoutWage", "ReadyToPayOut", "PaidOut", "Blocked"]),
  gross: Money,
  net: Money,
  paidOut: Money,
  openAmount: Money,
});
const Explanation = z.object({
  text: z.string().describe("The explanation in English."),
  key: z
    .string()
    .optional()
    .describe("The explanation's kind (a stable key); absent on lines calculated before it was introduced."),
  params: z
    .record(z.string(), z.string())
    .optional()
    .describe(
      "The figures the text names, as plain values: ISO dates, CHF with two decimals, percentages, internal names.",
    ),
  caseValues: z.array(z.object({ field: z.string(), value: z.string(), caseChangeId: z.string() })),
  parameters: z.array(z.object({ key: z.string(), value: z.string() })),
});
const Entry = EntrySummary.extend({
  wageTypes: z.array(
    z.object({
      number: z.string(),
      name: z.string(),
      amount: Money,
      base: Money.nullable(),
      rate: z.string().nullable(),
      retro: z.boolean(),
      retroPeriodStart: z.string().nullable(),
      explanation: Explanation.optional().describe(
        "With ?explain=true: the case values and parameters behind the line.",
      ),
    }),
  ),
  collectors: z.array(z.object({ name: z.string(), amount: Money })),
}).meta({ id: "PayrunPeriodEntry" });

export const listEntriesOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/entries",
  tag: "Payrun periods",
  summary: "List the period's entries",
  description:
    "One entry per employee of the period, always current while the period is open; ordered by employeeId, paged by limit and cursor.",
  allow: "payroll.read",
  query: PageQuery,
  response: page(EntrySummary),
  problems: { 404: ["payroll.not_found", "payrun_period.not_found"] },
});

export const getEntryOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/entries/{payrunPeriodEntryId}",
  tag: "Payrun periods",
  summary: "Get an employee's entry of the period",
  description: "One entry with its wage type lines and collectors; ?explain=true explains every line.",
  allow: "payroll.read",
  query: z.object({
    explain: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
  }),
  response: Entry,
  problems: { 404: ["payroll.not_found", "payrun_period.not_found", "payrun_period_entry.not_found"] },
});

export const relevantEventValuesOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/entries/{payrunPeriodEntryId}/relevantEventValues",
  tag: "Payrun periods",
  summary: "List an entry's relevant case data",
  description:
    "The case data relevant to the entry for the period that was recorded since the last period close, in record order; paged by limit and cursor.",
  allow: "payroll.read",
  query: PageQuery,
  response: z.object({
    since: z.iso.datetime().nullable(),
    ...page(
      z.object({
        caseFieldName: z.string(),
        caseName: z.string(),
        employeeId: z.uuid().nullable(),
        value: z.string(),
        start: z.string(),
        end: z.string().nullable(),
        caseChangeId: z.uuid(),
        createdAt: z.iso.datetime(),
      }),
    ).shape,
  }),
  problems: { 404: ["payroll.not_found", "payrun_period.not_found", "payrun_period_entry.not_found"] },
});

export const controllingOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/controlling",
  tag: "Payrun periods",
  summary: "Get Payroll Control of the open period",
  description:
    "Payroll Control of the open period (payrunPeriodId `open` or the open period's id): per employee the " +
    "state, open amount and items, ordered by employeeId and paged by limit and cursor, and the count of " +
    "blocking items of every employee (not only the page's).",
  allow: "payroll.read",
  query: PageQuery,
  response: page(
    z.object({
      employeeId: z.uuid(),
      state: z.enum(["EmployedWithoutWage", "ReadyToPayOut", "PaidOut", "Blocked"]),
      openAmount: Money,
      items: z.array(
        z.object({ code: z.string(), message: z.string(), caseName: z.string().nullable(), blocking: z.boolean() }),
      ),
    }),
  ).extend({
    blockingCount: z.number().int().describe("Blocking items of all employees, on every page."),
  }),
  problems: { 404: ["payroll.not_found", "payrun_period.not_found"] },
});
