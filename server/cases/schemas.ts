import { z } from "zod";
import { IsoDate } from "../dates";
import { caseChangeStatuses } from "../db/schema/cases";
import { PageQuery } from "../http/pagination";
import { multiLine, singleLine } from "../http/text";

const Localized = z.object({ de: z.string(), fr: z.string(), it: z.string(), en: z.string() });

export const CaseFieldDefinition = z.object({
  name: z.string(),
  displayName: Localized,
  valueType: z.string(),
  required: z.boolean().describe("Needed for calculation or payment."),
  requiredFor: z.enum(["calculation", "payment"]).nullable(),
  cluster: z.enum(["ESS", "ECT", "P"]).nullable().describe("The case's cluster."),
  requiredWhen: z.object({ field: z.string(), in: z.array(z.string()) }).nullable(),
  options: z.array(z.object({ value: z.string(), displayName: Localized })).nullable(),
  lookup: z.string().nullable(),
  moment: z.boolean(),
  default: z.string().nullable(),
});

export const CaseDefinitionOut = z
  .object({
    name: z.string(),
    displayName: Localized,
    scope: z.enum(["company", "employee"]),
    cluster: z.enum(["ESS", "ECT", "P"]).nullable(),
    fields: z.array(CaseFieldDefinition),
  })
  .meta({ id: "CaseDefinition" });

export const ListCasesQuery = z.object({
  employeeId: z
    .uuid()
    .optional()
    .describe(
      "The employee cases (for this employee); without it, every case of the payroll, the company's and the " +
        "employees' (each says its scope). Self Service: their own employee's ESS and ECT cases either way.",
    ),
  cluster: z.enum(["ESS", "ECT", "P", "none"]).optional(),
});
export type ListCasesQuery = z.infer<typeof ListCasesQuery>;
/** The route's query: ListCasesQuery and a page (by case name). */
export const ListCasesPageQuery = PageQuery.extend(ListCasesQuery.shape);

/** Values come as JSON strings in every type; numbers and booleans are accepted too. */
const RawValue = z.union([z.string(), z.number(), z.boolean()], {
  error: "A value is a string (numbers and booleans are accepted).",
});

export const PostCaseChange = z.object({
  caseName: singleLine({ max: 100 }),
  employeeId: z.uuid().nullable().default(null).describe("null for a company case."),
  reason: multiLine({ max: 1000 }).optional(),
  values: z
    .array(
      z.object({
        caseFieldName: singleLine({ max: 100 }),
        value: RawValue,
        start: IsoDate,
        end: IsoDate.nullable().optional(),
      }),
    )
    .min(1, "A case change needs at least one value.")
    .max(100),
});
export type PostCaseChange = z.infer<typeof PostCaseChange>;

export const CaseValueOut = z.object({
  id: z.uuid(),
  caseFieldName: z.string(),
  value: z.string(),
  start: z.string(),
  end: z.string().nullable(),
});

export const CaseChange = z
  .object({
    id: z.uuid(),
    caseName: z.string(),
    employeeId: z.uuid().nullable(),
    reason: z.string().nullable(),
    createdAt: z.iso.datetime(),
    createdBy: z.object({ kind: z.enum(["system", "person"]), id: z.string(), name: z.string() }),
    values: z.array(CaseValueOut).describe("What was recorded; for a pending or rejected change, what was reported."),
    status: z
      .enum(caseChangeStatuses)
      .describe(
        "applied: took effect when recorded; pending: an employee's report waiting for HR; approved: took effect when HR approved it; rejected: discarded by HR.",
      ),
    taskId: z.uuid().nullable().describe("The selfServiceChange task of a reported change."),
    decision: z
      .object({
        resolution: z.enum(["approved", "rejected"]),
        reason: z.string().nullable(),
        decidedAt: z.iso.datetime(),
        decidedBy: z.string().describe("The name of who decided."),
      })
      .nullable()
      .describe("HR's decision on a reported change; null otherwise."),
  })
  .meta({ id: "CaseChange" });
export type CaseChange = z.infer<typeof CaseChange>;

export const CaseChangeCreated = CaseChange.extend({
  recalculatedPeriods: z
    .array(
      z.object({
        id: z.uuid(),
        periodStart: z.string(),
        periodEnd: z.string(),
        status: z.enum(["open", "closed", "finalized"]),
      }),
    )
    .describe(
      "The periods recalculated before the answer: closed ones as they should have been (differences booked as retro lines in the open one), and the open one.",
    ),
  dryRun: z.literal(true).optional().describe("With ?dryRun=true: nothing was saved."),
  periods: z
    .array(
      z.object({
        id: z.uuid(),
        periodStart: z.string(),
        periodEnd: z.string(),
        status: z.string(),
        employees: z.array(
          z.object({
            employeeId: z.uuid(),
            gross: z.object({ before: z.string(), after: z.string(), change: z.string() }),
            net: z.object({ before: z.string(), after: z.string(), change: z.string() }),
            employerCost: z.object({ before: z.string(), after: z.string(), change: z.string() }),
            controlState: z.object({ before: z.string().nullable(), after: z.string().nullable() }).nullable(),
            payable: z
              .object({ before: z.string(), after: z.string(), change: z.string() })
              .nullable()
              .describe(
                "The open period's amount to pay out: the net plus what is paid with it (family allowances, expenses); null for a closed period.",
              ),
          }),
        ),
      }),
    )
    .optional()
    .describe(
      "With ?dryRun=true: per period touched, the change in gross, net, employer cost and control state (closed periods: the corrections that would be booked for them).",
    ),
}).meta({ id: "CaseChangeCreated" });

export const CaseChangeReported = z
  .object({
    status: z.literal("pending"),
    caseChange: CaseChange,
    taskId: z.uuid().describe("The selfServiceChange task HR decides it with."),
  })
  .meta({ id: "CaseChangeReported" });
export type CaseChangeReported = z.infer<typeof CaseChangeReported>;

export const ListCaseChangesQuery = PageQuery.extend({
  employeeId: z.uuid().optional(),
  caseName: singleLine({ max: 100 }).optional(),
  scope: z
    .enum(["company", "employee", "all"])
    .default("all")
    .describe("Without employeeId: company changes, employee changes or both."),
  status: z
    .enum([...caseChangeStatuses, "all"], { error: "Use applied, pending, approved, rejected or all." })
    .optional()
    .describe("Without it: the history of what is in force (applied and approved changes)."),
});
export type ListCaseChangesQuery = z.infer<typeof ListCaseChangesQuery>;

export const ValuesInTimeQuery = z.object({
  employeeId: z.uuid().optional().describe("Without it: company values."),
  caseFieldNames: singleLine({ max: 2000 })
    .optional()
    .describe("Comma-separated field names; all fields when left out."),
  valueDate: IsoDate.optional().describe("Default: today (Europe/Zurich)."),
});
export type ValuesInTimeQuery = z.infer<typeof ValuesInTimeQuery>;
/** The route's query: ValuesInTimeQuery and a page (by field name). */
export const ValuesInTimePageQuery = PageQuery.extend(ValuesInTimeQuery.shape);

export const ValueInTime = z.object({
  caseFieldName: z.string(),
  caseName: z.string(),
  value: z.string(),
  start: z.string(),
  end: z.string().nullable(),
  caseChangeId: z.uuid(),
  createdAt: z.iso.datetime(),
});

export const MissingDataQuery = PageQuery.extend({
  valueDate: IsoDate.optional().describe("Default: today, within the open period."),
});

export const MissingCase = z.object({
  employeeId: z.uuid().nullable(),
  caseName: z.string(),
  displayName: Localized,
  fields: z.array(
    z.object({ name: z.string(), displayName: Localized, requiredFor: z.enum(["calculation", "payment"]) }),
  ),
  post: z.string().describe("Where to post the case change that completes it."),
});
