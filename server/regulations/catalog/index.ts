import {
  ACCOUNTING_JOURNAL_BY_COST_CENTER,
  ACCOUNTING_JOURNAL_STANDARD,
  CHART_OF_ACCOUNTS_COMPACT,
  CHART_OF_ACCOUNTS_KMU,
} from "./accounting";
import { CH } from "./ch";
import { CH_CONSTRUCTION, CH_HOSPITALITY } from "./industries";
import type { Localized, Regulation, RegulationKind, RegulationVersion, WageType } from "./types";

export type * from "./types";
export { ACCOUNT_KEYS, LANGUAGES } from "./types";

/** Every regulation the service ships, in the order the catalog lists them. */
const CATALOG: readonly Regulation[] = [
  CH,
  CH_CONSTRUCTION,
  CH_HOSPITALITY,
  ACCOUNTING_JOURNAL_STANDARD,
  ACCOUNTING_JOURNAL_BY_COST_CENTER,
  CHART_OF_ACCOUNTS_KMU,
  CHART_OF_ACCOUNTS_COMPACT,
];

const byName = new Map(CATALOG.map((regulation) => [regulation.name, regulation]));

export function allRegulations(): readonly Regulation[] {
  return CATALOG;
}

/** The regulation with exactly this name (names are case-sensitive API values), or null. */
export function regulationByName(name: string): Regulation | null {
  return byName.get(name) ?? null;
}

/**
 * The version in force on a date (YYYY-MM-DD): the one whose validFrom is the latest not after the
 * date; null before the first version. A version whose date has come applies without a restart,
 * since this is evaluated for every date asked.
 */
export function versionInForce(regulation: Regulation, date: string): RegulationVersion | null {
  let found: RegulationVersion | null = null;
  for (const version of regulation.versions) {
    if (version.validFrom <= date && (!found || version.validFrom > found.validFrom)) found = version;
  }
  return found;
}

export interface RegulationRef {
  readonly name: string;
  readonly displayName: Localized;
}

export interface AvailableCountryRegulation extends RegulationRef {
  readonly kind: "country";
  readonly industries: readonly RegulationRef[];
  readonly accountingDocument: readonly RegulationRef[];
  readonly accountingData: readonly RegulationRef[];
}

const ref = (regulation: Regulation): RegulationRef => ({ name: regulation.name, displayName: regulation.displayName });

/** GET /regulations/available: per country regulation, its industries and accounting choices (name and displayName). */
export function availableRegulations(): AvailableCountryRegulation[] {
  const of = (country: string, kind: RegulationKind) =>
    CATALOG.filter((r) => r.kind === kind && r.country === country).map(ref);
  return CATALOG.filter((r) => r.kind === "country").map((country) => ({
    ...ref(country),
    kind: "country" as const,
    industries: of(country.name, "industry"),
    accountingDocument: of(country.name, "accountingDocument"),
    accountingData: of(country.name, "accountingData"),
  }));
}

/**
 * The default wage type -> account mapping of a chart of accounts (accountingData regulation) for the
 * given wage types: each wage type's posting keys resolved through the chart, overrides applied.
 * Wage types that are not booked (net wage) are left out.
 */
export function defaultWageTypeAccounts(
  chart: RegulationVersion,
  wageTypes: readonly WageType[],
): Record<string, { debit: string; credit: string }> {
  const coa = chart.chartOfAccounts;
  if (!coa) throw new RangeError("This regulation version is not a chart of accounts.");
  const mapping: Record<string, { debit: string; credit: string }> = {};
  for (const wageType of wageTypes) {
    const override = coa.wageTypeOverrides?.[wageType.number];
    if (override) mapping[wageType.number] = { ...override };
    else if (wageType.accounts)
      mapping[wageType.number] = {
        debit: coa.accountsByKey[wageType.accounts.debit],
        credit: coa.accountsByKey[wageType.accounts.credit],
      };
  }
  return mapping;
}
