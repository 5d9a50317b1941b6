import "server-only";
import { and, asc, eq, gte, isNull, lte, sql } from "drizzle-orm";
import { calculatePeriod, emptyYearToDate } from "../calc";
import type { LineExplanation, PeriodResult } from "../calc/types";
import { calculationBases, caseValues, payrunPeriods, type payrolls, type StoredLine } from "../db/schema";
import type { TenantScope } from "../db/tenant-scope";
import { formatRappen } from "../money/rappen";
import { shippedQstTable } from "../regulations/qst";
import { qstTariffFilesBySha, tariffsOf } from "../regulations/qst/stored";
import { versionsByChecksum } from "../regulations/store";
import { historyOf, mergedVersions } from "./recalculate";

type PayrollRow = typeof payrolls.$inferSelect;
type Period = { periodStart: string; periodEnd: string };
export type ExplainedLine = StoredLine & { explanation?: LineExplanation };

/** The English sentence and the sources of a retro line: the closed period's line as it should have been, against what was booked. */
export function retroExplanation(
  periodStart: string,
  should: { amount: number; explanation: LineExplanation } | undefined,
  amount: number,
): LineExplanation {
  const target = should?.amount ?? 0;
  const booked = target - amount;
  return {
    text: `Correction of the closed period from ${periodStart}: it should have been ${formatRappen(target)}, ${formatRappen(booked)} was booked.`,
    key: "retroCorrection",
    params: { periodStart, should: formatRappen(target), booked: formatRappen(booked) },
    caseValues: should?.explanation.caseValues ?? [],
    parameters: should?.explanation.parameters ?? [],
  };
}

/**
 * The entry's basis is gone: the entry was read just before a recalculation replaced it, and the daily
 * prune (server/maintenance/prune-bases.ts) deleted the basis no entry named any more. Reading the entry again gives its new basis.
 */
export class BasisGone extends Error {
  constructor(basisId: string) {
    super(`explain: calculation basis ${basisId} not found`);
  }
}

/**
 * An entry's lines with their explanations. Entries keep amounts, bases, rates and retro markers
 * only; the "why?" of each line is what the pure calculation says when run again from the entry's
 * basis: the employee's and the company's case values recorded up to its knownAt and the regulation
 * versions it merged per period, through the periods of the year (year-to-date figures chained) up
 * to the entry's period, from an earlier January when a retro line corrects an earlier year. Nothing
 * recorded later takes part, so a closed period's explanations stay what they were at close.
 * Entries stored before bases existed carry their explanations and are returned as they are.
 */
export async function explainedLines(
  scope: TenantScope,
  payroll: PayrollRow,
  period: Period,
  entry: { employeeId: string; basisId: string | null; lines: StoredLine[] },
): Promise<ExplainedLine[]> {
  if (!entry.basisId) return entry.lines;
  const basis = await scope.first(calculationBases, eq(calculationBases.id, entry.basisId));
  if (!basis) throw new BasisGone(entry.basisId);
  const years = [period.periodStart, ...entry.lines.flatMap((l) => (l.retroPeriodStart ? [l.retroPeriodStart] : []))]
    .map((d) => d.slice(0, 4))
    .sort();
  const recordedBy = sql`${caseValues.createdAt} <= ${basis.knownAt}::timestamptz`;
  const [chain, employeeRows, companyRows] = await Promise.all([
    scope.rows(
      payrunPeriods,
      and(
        eq(payrunPeriods.payrollId, payroll.id),
        gte(payrunPeriods.periodStart, `${years[0]}-01-01`),
        lte(payrunPeriods.periodStart, period.periodStart),
      ),
      { orderBy: [asc(payrunPeriods.periodStart)] },
    ),
    scope.rows(
      caseValues,
      and(eq(caseValues.payrollId, payroll.id), eq(caseValues.employeeId, entry.employeeId), recordedBy),
    ),
    scope.rows(caseValues, and(eq(caseValues.payrollId, payroll.id), isNull(caseValues.employeeId), recordedBy)),
  ]);
  const checksumsOf = (start: string) => {
    const sums = basis.regulations[start];
    if (!sums) throw new Error(`explain: basis ${basis.id} has no regulations for the period from ${start}`);
    return sums;
  };
  const checksums = chain.flatMap((p) => checksumsOf(p.periodStart));
  const versions = await scope.sharedTables((tx) => versionsByChecksum(tx, checksums));
  const employee = historyOf(employeeRows);
  const company = historyOf(companyRows);
  const qst = basis.qstTariffs
    ? tariffsOf(await scope.sharedTables((tx) => qstTariffFilesBySha(tx, basis.qstTariffs!))).table
    : shippedQstTable(); // bases recorded before the tariffs were stored: the shipped ones were used
  const results = new Map<string, PeriodResult>();
  let yearToDate = emptyYearToDate();
  for (const p of chain) {
    if (p.periodStart.endsWith("-01-01")) yearToDate = emptyYearToDate();
    const regulation = mergedVersions(
      checksumsOf(p.periodStart).map((checksum) => ({ version: versions.get(checksum)!, checksum })),
    );
    const result = calculatePeriod({
      periodStart: p.periodStart,
      periodEnd: p.periodEnd,
      employee,
      company,
      regulation,
      qst,
      yearToDate,
    });
    yearToDate = result.yearToDate;
    results.set(p.periodStart, result);
  }
  const own = new Map((results.get(period.periodStart)?.lines ?? []).map((line) => [line.number, line]));
  return entry.lines.map((line) => {
    if (line.retro) {
      const should = results.get(line.retroPeriodStart!)?.lines.find((l) => l.number === line.number);
      return { ...line, explanation: retroExplanation(line.retroPeriodStart!, should, line.amount) };
    }
    const again = own.get(line.number);
    // The same inputs give the same amount; where they do not (a basis without its tariff files, recorded with tables since changed), no explanation rather than a wrong one.
    if (!again || again.amount !== line.amount) {
      console.warn(
        `explain: line ${line.number} of employee ${entry.employeeId} (${period.periodStart}) came out ${again ? again.amount : "missing"} instead of ${line.amount}; left unexplained`,
      );
      return line;
    }
    return { ...line, explanation: again.explanation };
  });
}
