import "server-only";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { calculatePeriod, emptyYearToDate } from "../calc";
import type { CaseHistory, PeriodResult } from "../calc/types";
import { formatRappen } from "../money/rappen";
import { caseValues, employees, lookupValues, payrolls, payrunEntries, payrunPeriods, type StoredLine } from "../db/schema";
import { valueInForce } from "../cases/in-force";
import type { TenantScope } from "../db/tenant-scope";
import { newId } from "../ids";
import type { CaseDefinition, Lookup, Parameter, WageType } from "../regulations/catalog";
import { shippedQstTable } from "../regulations/qst";
import { versionInForce, type Regulations } from "../regulations/store";

type PayrollRow = typeof payrolls.$inferSelect;
type PeriodRow = typeof payrunPeriods.$inferSelect;
type ValueRow = typeof caseValues.$inferSelect;

/** The payroll's regulations merged for one date: the country's, then each industry's, in force then. */
export function regulationFor(regulations: Regulations, payroll: PayrollRow, date: string) {
  const parameters: Parameter[] = [];
  const lookups: Lookup[] = [];
  const wageTypes = new Map<string, WageType>();
  const cases: CaseDefinition[] = [];
  for (const name of [payroll.countryRegulation, ...payroll.industries]) {
    const regulation = regulations.get(name);
    const version = regulation ? versionInForce(regulation, date) : null;
    if (!version) continue;
    parameters.push(...version.parameters);
    lookups.push(...version.lookups);
    cases.push(...version.cases);
    for (const wageType of version.wageTypes) wageTypes.set(wageType.number, wageType);
  }
  return { parameters, lookups, wageTypes: [...wageTypes.values()].sort((a, b) => a.number.localeCompare(b.number)), cases };
}

export function historyOf(values: ValueRow[]): CaseHistory {
  const history: CaseHistory = {};
  for (const v of values) {
    (history[v.fieldName] ??= []).push({ value: v.value, start: v.start, end: v.end, createdAt: v.createdAt, id: v.id, caseChangeId: v.caseChangeId });
  }
  return history;
}

/**
 * Results are always current: recalculates the given employees (all of the payroll's when
 * employeeIds is omitted), in the caller's transaction. Closed periods never change: each closed
 * period from January of the earliest year touched is recalculated as it should have been, with
 * year-to-date figures chained through those recalculations, and every wage type's difference to
 * what was booked for that period is booked as a retro line in the open period.
 */
export async function recalculateOpenPeriod(scope: TenantScope, regulations: Regulations, payroll: PayrollRow, employeeIds?: string[], from?: string) {
  const periods = await scope.rows(payrunPeriods, eq(payrunPeriods.payrollId, payroll.id), { orderBy: [asc(payrunPeriods.periodStart)] });
  const open = periods.find((p) => p.status === "open");
  if (!open) return { period: null, recalculated: 0, retroPeriods: [] as string[] };
  const firstYear = from && from < open.periodStart ? from.slice(0, 4) : open.periodStart.slice(0, 4);
  const chain = periods.filter((p) => p.periodStart >= `${firstYear}-01-01` && p.periodStart <= open.periodStart);
  const staff = await scope.rows(employees, and(eq(employees.divisionId, payroll.divisionId), employeeIds ? inArray(employees.id, employeeIds.length ? employeeIds : [open.id]) : undefined));
  if (!staff.length) return { period: open, recalculated: 0, retroPeriods: [] as string[] };
  const ids = staff.map((e) => e.id);
  const values = await scope.rows(caseValues, and(eq(caseValues.payrollId, payroll.id), inArray(caseValues.employeeId, ids)), { orderBy: [asc(caseValues.createdAt)] });
  const company = historyOf(await scope.rows(caseValues, and(eq(caseValues.payrollId, payroll.id), isNull(caseValues.employeeId))));
  const closedIds = chain.filter((p) => p.status !== "open").map((p) => p.id);
  const stored = closedIds.length ? await scope.rows(payrunEntries, and(inArray(payrunEntries.payrunPeriodId, closedIds), inArray(payrunEntries.employeeId, ids))) : [];
  const regulationOf = new Map(chain.map((p) => [p.id, regulationFor(regulations, payroll, p.periodStart)]));
  const qst = shippedQstTable();
  const usesCostCenters = !!(await scope.first(lookupValues, and(eq(lookupValues.payrollId, payroll.id), eq(lookupValues.lookupName, "CostCenters"))));
  const retroPeriods = new Set<string>();
  const valuesOf = groupBy(values, (v) => v.employeeId!);
  const storedOf = groupBy(stored, (e) => e.employeeId);
  const rows: ReturnType<typeof entryRow>[] = [];
  for (const employee of staff) {
    const history = historyOf(valuesOf.get(employee.id) ?? []);
    const entries = storedOf.get(employee.id) ?? [];
    let yearToDate = emptyYearToDate();
    const retro: StoredLine[] = [];
    let current: PeriodResult | null = null;
    for (const period of chain) {
      if (period.periodStart.endsWith("-01-01")) yearToDate = emptyYearToDate();
      const regulation = regulationOf.get(period.id)!;
      const result = calculatePeriod({ periodStart: period.periodStart, periodEnd: period.periodEnd, employee: history, company, regulation, qst, yearToDate });
      yearToDate = result.yearToDate;
      if (period.id === open.id) {
        current = result;
        break;
      }
      const corrections = retroLines(result, bookedFor(period, entries, chain), period.periodStart);
      if (corrections.length) retroPeriods.add(period.periodStart);
      retro.push(...corrections);
    }
    const paymentIssues = current!.employed ? missingForPayment(history, open.periodEnd, usesCostCenters) : [];
    rows.push(entryRow(scope, payroll, open, employee.id, { ...current!, issues: [...current!.issues, ...paymentIssues] }, retro, regulationOf.get(open.id)!));
  }
  await storeEntries(scope, rows);
  return { period: open, recalculated: staff.length, retroPeriods: [...retroPeriods].sort(), touched: chain.filter((p) => p.periodEnd >= (from ?? open.periodStart)) };
}

/** For responses: the periods a recalculation went through, from the change's start to the open period. */
export const touchedPeriods = (outcome: Awaited<ReturnType<typeof recalculateOpenPeriod>>) =>
  (("touched" in outcome ? outcome.touched : undefined) ?? []).map((p) => ({ id: p.id, periodStart: p.periodStart, periodEnd: p.periodEnd, status: p.status }));

function groupBy<T>(items: T[], key: (item: T) => string) {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * Payroll Control items the calculation itself does not need but paying and booking do: the bank
 * account (to pay out) and, once the payroll uses cost centers, the employee's cost center.
 */
function missingForPayment(history: CaseHistory, date: string, usesCostCenters: boolean): PeriodResult["issues"] {
  const has = (field: string) => valueInForce(history[field] ?? [], date) !== null;
  const issues: PeriodResult["issues"] = [];
  if (!has("Iban")) issues.push({ code: "control.missing_bank_account", message: "No bank account (IBAN) to pay the salary to.", field: "Iban", blocking: true });
  if (usesCostCenters && !has("CostCenter")) {
    issues.push({ code: "control.missing_cost_center", message: "The payroll uses cost centers; this employee has none.", field: "CostCenter", blocking: true });
  }
  return issues;
}

/** What was booked for a closed period: its own lines plus the retro lines later closed periods booked for it. */
function bookedFor(period: PeriodRow, entries: (typeof payrunEntries.$inferSelect)[], chain: PeriodRow[]) {
  const amounts = new Map<string, { amount: number; name: string }>();
  const add = (line: StoredLine) => {
    const booked = amounts.get(line.number) ?? { amount: 0, name: line.name };
    booked.amount += line.amount;
    amounts.set(line.number, booked);
  };
  for (const entry of entries) {
    const of = chain.find((p) => p.id === entry.payrunPeriodId);
    if (!of) continue;
    if (of.id === period.id) entry.lines.filter((l) => !l.retro).forEach(add);
    else if (of.periodStart > period.periodStart) entry.lines.filter((l) => l.retro && l.retroPeriodStart === period.periodStart).forEach(add);
  }
  return amounts;
}

/** Per wage type, what the period should have had minus what was booked for it. */
function retroLines(result: PeriodResult, booked: Map<string, { amount: number; name: string }>, periodStart: string): StoredLine[] {
  const should = new Map(result.lines.map((line) => [line.number, line]));
  const numbers = [...new Set([...should.keys(), ...booked.keys()])].sort();
  const lines: StoredLine[] = [];
  for (const number of numbers) {
    const target = should.get(number)?.amount ?? 0;
    const was = booked.get(number)?.amount ?? 0;
    if (target === was) continue;
    lines.push({
      number,
      name: should.get(number)?.name ?? booked.get(number)!.name,
      amount: target - was,
      base: null,
      rate: null,
      retro: true,
      retroPeriodStart: periodStart,
      explanation: {
        text: `Correction of the closed period from ${periodStart}: it should have been ${formatRappen(target)}, ${formatRappen(was)} was booked.`,
        caseValues: should.get(number)?.explanation.caseValues ?? [],
        parameters: should.get(number)?.explanation.parameters ?? [],
      },
    });
  }
  return lines;
}

function entryRow(scope: TenantScope, payroll: PayrollRow, period: PeriodRow, employeeId: string, result: PeriodResult, retro: StoredLine[], regulation: ReturnType<typeof regulationFor>) {
  const cases = regulation.cases;
  const caseOfField = (field?: string) => (field ? cases.find((c) => c.fields.some((f) => f.name === field))?.name : undefined);
  // Retro lines change what is paid: the net wage line's difference plus allowances and expenses.
  const kindOf = new Map(regulation.wageTypes.map((w) => [w.number, w.kind]));
  const retroSum = (kinds: string[]) => retro.filter((l) => kinds.includes(kindOf.get(l.number) ?? "")).reduce((sum, l) => sum + l.amount, 0);
  const values = {
    employed: result.employed || retro.length > 0,
    gross: (result.collectors.GrossWage ?? 0) + retroSum(["earning"]),
    net: (result.collectors.NetWage ?? 0) + retroSum(["net"]),
    payable: (result.collectors.PayableAmount ?? result.collectors.NetWage ?? 0) + retroSum(["net", "allowance", "expense"]),
    lines: [...result.lines.map((line) => ({ ...line, retro: false, retroPeriodStart: null })), ...retro],
    collectors: result.collectors,
    yearToDate: result.yearToDate as unknown as Record<string, number>,
    issues: result.issues.map((issue) => ({ ...issue, caseName: caseOfField(issue.field) ?? null })),
    calculatedAt: new Date(),
  };
  return { id: newId(), tenantId: scope.tenantId, payrollId: payroll.id, payrunPeriodId: period.id, employeeId, ...values };
}

/** Writes entries in batches: one round trip per 250 employees instead of one each. */
async function storeEntries(scope: TenantScope, rows: ReturnType<typeof entryRow>[]) {
  const column = (name: string) => sql.raw(`excluded."${name}"`);
  for (let i = 0; i < rows.length; i += 250) {
    await scope.tx
      .insert(payrunEntries)
      .values(rows.slice(i, i + 250))
      .onConflictDoUpdate({
        target: [payrunEntries.payrunPeriodId, payrunEntries.employeeId],
        set: {
          employed: column("employed"),
          gross: column("gross"),
          net: column("net"),
          payable: column("payable"),
          lines: column("lines"),
          collectors: column("collectors"),
          yearToDate: column("year_to_date"),
          issues: column("issues"),
          calculatedAt: column("calculated_at"),
        },
      });
  }
}
