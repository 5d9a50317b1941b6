import { z } from "zod";
import { documentLanguages } from "./document-language";
import { IsoDate, isFirstOfMonth } from "../dates";
import { PageQuery } from "../http/pagination";
import { singleLine } from "../http/text";

export const FirstOfMonth = IsoDate.refine(isFirstOfMonth, "Must be the 1st of a month.");

export const DocumentLanguage = z.enum(documentLanguages).describe("Language of generated company documents.");

/** The country regulation a payroll gets when none is named. */
export const DEFAULT_COUNTRY_REGULATION = "CH";

export const CreatePayroll = z.object({
  name: singleLine({ max: 200 }).describe("The payroll's name (as in the commercial register)."),
  accountingStartDate: FirstOfMonth.describe(
    "Earliest date of any case change or payrun period; the 1st of a month; fixed once set.",
  ),
  documentLanguage: DocumentLanguage,
  countryRegulation: singleLine({ max: 100 })
    .default(DEFAULT_COUNTRY_REGULATION)
    .describe("A country regulation of GET /regulations/available."),
});
export type CreatePayroll = z.infer<typeof CreatePayroll>;

export const UpdatePayroll = z.object({
  name: singleLine({ max: 200 }).optional(),
  documentLanguage: DocumentLanguage.optional(),
  transmissionStartDate: FirstOfMonth.nullable()
    .optional()
    .describe("Go-live: the first period transmitted to ELM. One-way."),
  accountingStartDate: IsoDate.optional().describe("Read-only here: only the rebase function changes it."),
});
export type UpdatePayroll = z.infer<typeof UpdatePayroll>;

export const RebasePayroll = z.object({
  accountingStartDate: FirstOfMonth,
  confirm: z.literal(true, { error: "Rebasing deletes all payrun periods; send confirm: true." }),
});
export type RebasePayroll = z.infer<typeof RebasePayroll>;

export const Payroll = z
  .object({
    id: z.uuid(),
    name: z.string(),
    divisionId: z.uuid(),
    accountingStartDate: z.string(),
    transmissionStartDate: z.string().nullable(),
    documentLanguage: DocumentLanguage,
    countryRegulation: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "Payroll" });
export type Payroll = z.infer<typeof Payroll>;

export const ListPayrollsQuery = PageQuery;

export const PayrunPeriod = z
  .object({
    id: z.uuid(),
    periodStart: z.string(),
    periodEnd: z.string(),
    status: z.enum(["open", "closed", "finalized"]),
    closedAt: z.iso.datetime().nullable(),
    submittedToElm: z
      .boolean()
      .describe(
        "The close of a live payroll's period submitted it: true from that close on (the transmission runs in " +
          "the background, transmittedAt), false before go-live or while elmError says it cannot be " +
          "transmitted.",
      ),
    transmittedAt: z.iso.datetime().nullable().describe("When the declaration was handed to the ELM distributor."),
    finalizedAt: z.iso.datetime().nullable().describe("When the ELM submission completed (status finalized)."),
    elmError: z.string().nullable().describe("Why the ELM submission could not be made, when it could not."),
  })
  .meta({ id: "PayrunPeriod" });

type PayrollRow = {
  id: string;
  name: string;
  divisionId: string;
  accountingStartDate: string;
  transmissionStartDate: string | null;
  documentLanguage: (typeof documentLanguages)[number];
  countryRegulation: string;
  createdAt: Date;
};

export const toPayroll = (row: PayrollRow): Payroll => ({
  id: row.id,
  name: row.name,
  divisionId: row.divisionId,
  accountingStartDate: row.accountingStartDate,
  transmissionStartDate: row.transmissionStartDate,
  documentLanguage: row.documentLanguage,
  countryRegulation: row.countryRegulation,
  createdAt: row.createdAt.toISOString(),
});

export const ClosePeriodRequest = z
  .object({
    openAmounts: z
      .enum(["carryForward", "paidExternally"])
      .default("carryForward")
      .describe(
        "What happens to amounts still open: carried into the next period (default), or recorded as paid " +
          "outside the service (catch-up months of a company onboarded mid-year, paid by its previous system).",
      ),
  })
  .meta({ id: "ClosePeriodRequest" });
export type ClosePeriodRequest = z.infer<typeof ClosePeriodRequest>;
