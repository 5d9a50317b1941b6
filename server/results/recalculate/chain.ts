import "server-only";
import type { CaseDefinition, Lookup, Parameter, RegulationVersion, WageType } from "../../regulations/catalog";
import { checksumOf, versionInForce, type Regulations } from "../../regulations/store";
import type { PayrollRow, PeriodRow } from "./types";

/** The payroll's regulations' versions in force on one date: the country's, then each industry's. */
export function versionsFor(
  regulations: Regulations,
  payroll: Pick<PayrollRow, "countryRegulation" | "industries">,
  date: string,
) {
  const versions: { version: RegulationVersion; checksum: string }[] = [];
  for (const name of [payroll.countryRegulation, ...payroll.industries]) {
    const regulation = regulations.get(name);
    const version = regulation ? versionInForce(regulation, date) : null;
    if (regulation && version) versions.push({ version, checksum: checksumOf(regulation, version) });
  }
  return versions;
}

/** Versions merged in order: parameters, lookups and cases appended, a wage type number's last definition kept. */
export function mergeVersions(versions: readonly RegulationVersion[]) {
  const parameters: Parameter[] = [];
  const lookups: Lookup[] = [];
  const wageTypes = new Map<string, WageType>();
  const cases: CaseDefinition[] = [];
  for (const version of versions) {
    parameters.push(...version.parameters);
    lookups.push(...version.lookups);
    cases.push(...version.cases);
    for (const wageType of version.wageTypes) wageTypes.set(wageType.number, wageType);
  }
  return {
    parameters,
    lookups,
    wageTypes: [...wageTypes.values()].sort((a, b) => a.number.localeCompare(b.number)),
    cases,
  };
}

/**
 * Merged regulations by the checksums of their versions. The calculation prepares what it derives from a
 * regulation once per merged object (calculate.ts, keyed by identity): a new merge per call, as a
 * one-employee recalculation through 13 periods made, prepared everything again for every period of
 * every call. A checksum names one content for good (store.ts), so a cached merge is never stale.
 */
const mergedByChecksums = new Map<string, ReturnType<typeof mergeVersions>>();
const MERGED_KEPT = 256;

/** Names a merge by its versions' checksums (the threads keep merges by it too: recalc-worker.ts). */
export const regulationKey = (versions: readonly { checksum: string }[]) => versions.map((v) => v.checksum).join(",");

export function mergedVersions(versions: readonly { version: RegulationVersion; checksum: string }[]) {
  const key = regulationKey(versions);
  let merged = mergedByChecksums.get(key);
  if (!merged) {
    if (mergedByChecksums.size >= MERGED_KEPT) mergedByChecksums.clear();
    mergedByChecksums.set(key, (merged = mergeVersions(versions.map((v) => v.version))));
  }
  return merged;
}

/** The payroll's regulations merged for one date: the country's, then each industry's, in force then. */
export function regulationFor(regulations: Regulations, payroll: PayrollRow, date: string) {
  return mergeVersions(versionsFor(regulations, payroll, date).map((v) => v.version));
}

/**
 * The periods a recalculation goes through: from January of the earliest year touched (the change's, the
 * open period's, or one the open entries already correct: a correction of December booked into January is
 * recalculated, not dropped, by a later change dated in January) to the open period.
 */
export function chainOf(periods: PeriodRow[], open: PeriodRow, from: string | undefined, retroFrom: string | null) {
  const firstYear = [from, retroFrom, open.periodStart]
    .filter((date): date is string => !!date)
    .reduce((a, b) => (a < b ? a : b))
    .slice(0, 4);
  return periods.filter((p) => p.periodStart >= `${firstYear}-01-01` && p.periodStart <= open.periodStart);
}
