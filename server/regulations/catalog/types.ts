import type { CaseValueType } from "@/server/regulations/catalog/value-types";

/**
 * The regulation catalog's model: regulations shipped with the service as versioned data.
 * A regulation version is a complete snapshot; the version in force on a date is the one with the
 * latest validFrom not after it (versionInForce in index.ts). Names of cases, fields, wage types,
 * collectors and lookups are API: clients post case changes by these names.
 */

export const LANGUAGES = ["de", "fr", "it", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export type Localized = Readonly<Record<Language, string>>;

export type RegulationKind = "country" | "industry" | "accountingDocument" | "accountingData";

/** Where a fact comes from. `assumption` says what is not verified from a primary source. */
export interface Source {
  readonly title: string;
  readonly url?: string;
  /** true for secondary sources (fiduciaries, vendors, other repositories), as [3rd] in the domain notes. */
  readonly secondary?: boolean;
  readonly note?: string;
}

export type CaseCluster = "ESS" | "ECT" | "P";

export interface CaseOption {
  readonly value: string;
  readonly displayName: Localized;
}

export interface CaseField {
  /** Unique across the regulation (and across all regulations a payroll combines). */
  readonly name: string;
  readonly displayName: Localized;
  readonly valueType: CaseValueType;
  /**
   * false, or what the field is needed for: "calculation" (missing data blocks the calculation) or
   * "payment" (needed to pay out, e.g. the IBAN).
   */
  readonly required: false | "calculation" | "payment";
  /** Required only when another field of the same case has one of the given values. */
  readonly requiredWhen?: { readonly field: string; readonly in: readonly string[] };
  /** enum: the allowed values. */
  readonly options?: readonly CaseOption[];
  /** lookup: the name of the lookup whose keys are the allowed values ("CostCenters" is the payroll's own). */
  readonly lookup?: string;
  /** A moment field belongs to the period that contains its start date (a bonus, hours worked). */
  readonly moment: boolean;
  /** The value used when none is recorded, in the type's normalized form. */
  readonly default?: string;
  /** Inclusive bounds for numbers (money in CHF, percent in percent units). */
  readonly min?: string;
  readonly max?: string;
  /** iban: a QR-IBAN is refused (salary accounts). */
  readonly refuseQrIban?: boolean;
  readonly description?: Localized;
}

export interface CaseDefinition {
  readonly name: string;
  readonly displayName: Localized;
  /** company: employeeId null; employee: one employee's case. */
  readonly scope: "company" | "employee";
  /** ESS and ECT are open to the employee in self service, P are Payroll Control cases. */
  readonly cluster: CaseCluster | null;
  readonly fields: readonly CaseField[];
}

/** What a wage type's amount is liable to (and so which collector bases it feeds). */
export type Liability = "AHV" | "ALV" | "UVG" | "BVG" | "QST" | "KTG" | "FAK";

export type WageTypeKind =
  | "earning" // part of the gross wage
  | "allowance" // paid out in addition to the net wage (family allowances)
  | "expense" // reimbursed, not wage
  | "deduction" // employee deduction from the gross
  | "employerContribution" // employer cost, not on the employee's net
  | "net"; // the net wage line

/**
 * Semantic posting keys: a chart of accounts maps each key to an account number, so that wage
 * types do not name accounts themselves (an industry wage type only picks keys).
 */
export const ACCOUNT_KEYS = [
  "bank",
  "salaryClearing",
  "wageExpense",
  "thirteenthExpense",
  "bonusExpense",
  "allowanceExpense",
  "socialChargesExpense",
  "alvExpense",
  "fakExpense",
  "bvgExpense",
  "uvgExpense",
  "ktgExpense",
  "otherStaffExpense",
  "socialInsuranceLiability",
  "bvgLiability",
  "fakLiability",
  "uvgLiability",
  "ktgLiability",
  "withholdingTaxLiability",
  "industryFundLiability",
] as const;
export type AccountKey = (typeof ACCOUNT_KEYS)[number];

export interface WageType {
  /** A string such as "5010" (contract section 6). */
  readonly number: string;
  readonly name: Localized;
  readonly kind: WageTypeKind;
  readonly liabilities: readonly Liability[];
  /** The collectors this wage type's amount is added to. */
  readonly collectors: readonly string[];
  /** Default posting as account keys (see ACCOUNT_KEYS); null for lines that are not booked (net wage). */
  readonly accounts: { readonly debit: AccountKey; readonly credit: AccountKey } | null;
  /** How it is computed, in words, for the explanation of a line. */
  readonly description?: string;
}

export interface Collector {
  readonly name: string;
  readonly displayName: Localized;
  readonly description?: string;
}

export type ParameterUnit =
  | "percent"
  | "chf"
  | "chfPerMonth"
  | "chfPerYear"
  | "chfPerDay"
  | "years"
  | "months"
  | "hoursPerWeek"
  | "hoursPerMonth"
  | "weeks"
  | "count"
  | "text";

export interface Parameter {
  readonly key: string;
  /**
   * What people read for the key (the console's "why?" and Payroll Control). Optional: a version
   * stored before parameters had display names lacks it, and the console then spells the key out.
   */
  readonly displayName?: Localized;
  /** Exact decimal string (percent in percent units, CHF with two decimals) or text. */
  readonly value: string;
  readonly unit: ParameterUnit;
  /** YYYY-MM-DD from which this value applies. */
  readonly validFrom: string;
  readonly source: Source;
  /** Set where the figure is not verified from a primary source: what is assumed. */
  readonly assumption?: string;
}

export interface LookupValue {
  readonly key: string;
  /** Exact string (decimal or text); for charts of accounts the account number's name or mapping. */
  readonly value: string;
  readonly displayName?: Localized;
}

export interface Lookup {
  readonly name: string;
  readonly displayName: Localized;
  readonly values: readonly LookupValue[];
  readonly source?: Source;
  readonly assumption?: string;
}

export interface RegulationVersion {
  /** YYYY-MM-DD */
  readonly validFrom: string;
  /** What changed against the previous version. */
  readonly changes?: string;
  readonly cases: readonly CaseDefinition[];
  readonly wageTypes: readonly WageType[];
  readonly collectors: readonly Collector[];
  readonly parameters: readonly Parameter[];
  readonly lookups: readonly Lookup[];
  readonly sources: readonly Source[];
  /** accountingData regulations: the chart's key mapping (its accounts are the "Accounts" lookup). */
  readonly chartOfAccounts?: ChartOfAccounts;
  /** accountingDocument regulations: the shape of the posting document. */
  readonly accountingDocument?: AccountingDocumentTemplate;
}

export interface Regulation {
  /** The exact name used in assignments ("CH", "CH.Construction", "AccountingJournalStandard" ...). */
  readonly name: string;
  readonly kind: RegulationKind;
  readonly displayName: Localized;
  /** Country regulation this one belongs to (industries and accounting regulations); null for a country. */
  readonly country: string | null;
  /** Versions in ascending validFrom order. */
  readonly versions: readonly RegulationVersion[];
}

/** An accounting-data regulation (chart of accounts): its Accounts lookup plus the default mapping. */
export interface ChartOfAccounts {
  /** Account key -> account number of this chart (must be a key of the Accounts lookup). */
  readonly accountsByKey: Readonly<Record<AccountKey, string>>;
  /** Overrides of the key-based mapping for single wage types: number -> { debit, credit } account numbers. */
  readonly wageTypeOverrides?: Readonly<Record<string, { readonly debit: string; readonly credit: string }>>;
}

/** Shape of an accounting-document template (the posting document generated at period close). */
export interface AccountingDocumentTemplate {
  /** One journal line per wage type and account pair, or further split by cost center. */
  readonly groupBy: readonly ("account" | "wageType" | "costCenter")[];
  readonly format: "csv" | "pdf";
}

/** Localized text helper: L("Lohn", "Salaire", "Salario", "Salary"). */
export function L(de: string, fr: string, it: string, en: string): Localized {
  return { de, fr, it, en };
}
