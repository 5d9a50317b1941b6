import { z } from "zod";
import { singleLine } from "../http/text";

export const Localized = z.object({ de: z.string(), fr: z.string(), it: z.string(), en: z.string() });
const Ref = z.object({ name: z.string(), displayName: Localized });

export const AvailableRegulations = z
  .object({
    items: z.array(
      Ref.extend({
        id: z.uuid(),
        kind: z.literal("country"),
        industries: z.array(Ref.extend({ id: z.uuid() })),
        accountingDocument: z.array(Ref.extend({ id: z.uuid() })),
        accountingData: z.array(Ref.extend({ id: z.uuid() })),
      }),
    ),
  })
  .meta({ id: "AvailableRegulations" });

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
export const AssignRegulations = z.object({
  countryRegulation: Name.describe("Exactly one; set once, never swapped."),
  industries: z.array(Name).max(20).default([]).describe("Industries are added, never removed."),
  accountingDocument: Name.describe("Replaceable; effective from the open period."),
  accountingData: Name.describe("Chart of accounts; replaceable; effective from the open period."),
});
export type AssignRegulations = z.infer<typeof AssignRegulations>;
