import { z } from "zod";
import { page } from "../http/pagination";
import { singleLine } from "../http/text";

export const Localized = z.object({ de: z.string(), fr: z.string(), it: z.string(), en: z.string() });
const Ref = z.object({ name: z.string(), displayName: Localized });

export const AvailableRegulations = page(
  Ref.extend({
    id: z.uuid(),
    kind: z.literal("country"),
    industries: z.array(Ref.extend({ id: z.uuid() })),
    accountingDocument: z.array(Ref.extend({ id: z.uuid() })),
    accountingData: z.array(Ref.extend({ id: z.uuid() })),
  }),
).meta({ id: "AvailableRegulations" });

export const PayrollRegulations = z
  .object({
    countryRegulation: z.string(),
    industries: z.array(z.string()),
    accountingDocument: z.string().nullable(),
    accountingData: z.string().nullable(),
  })
  .meta({ id: "PayrollRegulations" });
export type PayrollRegulations = z.infer<typeof PayrollRegulations>;

const Name = singleLine({ max: 100 });
/**
 * The assignment as sent. The country is always named (the one assigned: anything else, empty or missing is a swap
 * or a removal, 409); a field left out keeps its value; accountingDocument and accountingData may be removed (null).
 */
export const AssignRegulations = z.object({
  countryRegulation: singleLine({ min: 0, max: 100 })
    .nullable()
    .optional()
    .describe(
      "Exactly one; set once, never swapped or removed: send the assigned one (409 regulations.country_fixed otherwise).",
    ),
  industries: z.array(Name).max(20).optional().describe("Industries are added, never removed. Left out: unchanged."),
  accountingDocument: Name.nullable()
    .optional()
    .describe(
      "Replaceable or removable (null: the default posting template) at any time; effective from the open period. Left out: unchanged.",
    ),
  accountingData: Name.nullable()
    .optional()
    .describe(
      "Chart of accounts scheme; replaceable or removable (null: the payroll's own accounts stay as they are) at any time. Left out: unchanged.",
    ),
});
export type AssignRegulations = z.infer<typeof AssignRegulations>;
