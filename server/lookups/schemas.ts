import { z } from "zod";
import { page, PageQuery } from "../http/pagination";
import { Localized } from "../regulations/schemas";
import { identifier, singleLine } from "../http/text";

/** The lookups a client maintains per payroll, and the regulation each one belongs to. */
export const ACCOUNTS = "Accounts";
export const COST_CENTERS = "CostCenters";
export const MAINTAINED_LOOKUPS = [ACCOUNTS, COST_CENTERS] as const;
export type MaintainedLookup = (typeof MAINTAINED_LOOKUPS)[number];

/** Account numbers are digits only (Kontenrahmen KMU: 4 digits; other charts use more). */
export const ACCOUNT_NUMBER = /^\d{1,12}$/;

const OptionalPayrollId = z.uuid("payrollId must be the id of the tenant's payroll.").optional();

export const LookupSetsQuery = PageQuery.extend({
  payrollId: OptionalPayrollId.describe(
    "Whose open period chooses the regulation version; defaults to the tenant's payroll.",
  ),
});

export const LookupSet = z
  .object({
    id: z.string().describe("The lookup's name; the lookupId of the value paths."),
    name: z.string(),
    displayName: Localized,
    values: z.array(z.object({ key: z.string(), value: z.string(), displayName: Localized.nullable() })),
  })
  .meta({ id: "LookupSet" });
export type LookupSet = z.infer<typeof LookupSet>;

export const LookupSets = z
  .object({
    regulationId: z.uuid(),
    regulationName: z.string(),
    validFrom: z.string().describe("The regulation version read: the one in force at the payroll's open period."),
    ...page(LookupSet).shape,
  })
  .meta({ id: "LookupSets" });

const DisplayName = z
  .object({
    de: singleLine({ min: 0, max: 200 }),
    fr: singleLine({ min: 0, max: 200 }),
    it: singleLine({ min: 0, max: 200 }),
    en: singleLine({ min: 0, max: 200 }),
  })
  .partial()
  .describe("Names per language (de, fr, it, en); any may be left out.");

const Key = identifier({ max: 50 }).describe(
  "Accounts: the account number (digits). Cost centers: the code employees' CostCenter case values hold.",
);
const Value = singleLine({ max: 200 }).describe("The account's or cost center's name.");

export const CreateLookupValue = z.object({
  key: Key,
  value: Value,
  displayName: DisplayName.optional(),
  payrollId: OptionalPayrollId.describe("Defaults to the tenant's payroll."),
});
export type CreateLookupValue = z.infer<typeof CreateLookupValue>;

export const UpdateLookupValue = z.object({
  key: Key.optional().describe(
    "An account number can change any time; the wage type mapping follows the account, past postings keep theirs.",
  ),
  value: Value.optional(),
  displayName: DisplayName.nullable().optional(),
});
export type UpdateLookupValue = z.infer<typeof UpdateLookupValue>;

export const ListLookupValuesQuery = PageQuery.extend({
  lookupName: z
    .enum(MAINTAINED_LOOKUPS, { error: `Use ${MAINTAINED_LOOKUPS.join(" or ")}.` })
    .optional()
    .describe("Only this lookup."),
});
export type ListLookupValuesQuery = z.infer<typeof ListLookupValuesQuery>;

export const LookupValue = z
  .object({
    id: z.uuid().describe("The lookupValueId."),
    regulationId: z.uuid(),
    regulationName: z.string(),
    lookupId: z.string().describe("The lookup's name (Accounts, CostCenters)."),
    key: z.string(),
    value: z.string(),
    displayName: z.record(z.string(), z.string()).nullable(),
    clientAdded: z.boolean().describe("Added by the client; only such accounts can be deleted."),
    usedBy: z.array(z.string()).optional().describe("Accounts: the wage type numbers mapped to this account."),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "LookupValue" });
export type LookupValue = z.infer<typeof LookupValue>;

export const LookupValueList = page(LookupValue);

export const DeletedLookupValue = z
  .object({
    deleted: LookupValue,
    warning: z
      .string()
      .nullable()
      .describe(
        "Cost centers: references are not checked and nothing else is changed; employees who still point to it are listed.",
      ),
    employees: z
      .array(z.object({ employeeId: z.uuid() }))
      .describe("Employees whose CostCenter case value in force today is the deleted key."),
  })
  .meta({ id: "DeletedLookupValue" });
export type DeletedLookupValue = z.infer<typeof DeletedLookupValue>;

const AccountRef = z.object({ id: z.uuid(), key: z.string(), value: z.string() }).nullable();

export const WageTypeAccounts = z
  .object({
    number: z.string(),
    name: Localized,
    kind: z.string(),
    debitAccount: AccountRef,
    creditAccount: AccountRef,
  })
  .meta({ id: "WageTypeAccounts" });
export type WageTypeAccounts = z.infer<typeof WageTypeAccounts>;

export const WageTypeAccountsList = page(WageTypeAccounts);

export const MapWageType = z.object({
  debitAccountId: z.uuid("debitAccountId must be the id of an account of the payroll's chart."),
  creditAccountId: z.uuid("creditAccountId must be the id of an account of the payroll's chart."),
});
export type MapWageType = z.infer<typeof MapWageType>;
