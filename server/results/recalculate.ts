import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { v7 } from "uuid";
import { calculatePeriod, emptyYearToDate } from "../calc";
import type { CaseHistory, PeriodResult } from "../calc/types";
import { caseValues, employees, lookupValues, payrolls, payrunEntries, payrunPeriods, type StoredLine } from "../db/schema";
import { valueInForce } from "../cases/in-force";
import { tenantRead, type TenantScope } from "../db/tenant-scope";
import type { CaseDefinition, Lookup, Parameter, RegulationVersion, WageType } from "../regulations/catalog";
import { shippedQstTable } from "../regulations/qst";
import { checksumOf, versionInForce, type Regulations } from "../regulations/store";
import { lockPayrollResults, recordBasis } from "./basis";
import { copyFrom, copyText } from "../db/copy";
import { phaseClock } from "./recalc-phases";

type PayrollRow = typeof payrolls.$inferSelect;
type PeriodRow = typeof payrunPeriods.$inferSelect;
type ValueRow = typeof caseValues.$inferSelect;
type HistoryRow = Pick<ValueRow, "fieldName" | "value" | "start" | "end" | "createdAt" | "id" | "caseChangeId">;

/** The payroll's regulations' versions in force on one date: the country's, then each industry's. */
export function versionsFor(regulations: Regulations, payroll: Pick<PayrollRow, "countryRegulation" | "industries">, date: string) {
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
  return { parameters, lookups, wageTypes: [...wageTypes.values()].sort((a, b) => a.number.localeCompare(b.number)), cases };
}

/**
 * Merged regulations by the checksums of their versions. The calculation prepares what it derives from a
 * regulation once per merged object (calculate.ts, keyed by identity): a new merge per call, as a
 * one-employee recalculation through 13 periods made, prepared everything again for every period of
 * every call. A checksum names one content for good (store.ts), so a cached merge is never stale.
 */
const mergedByChecksums = new Map<string, ReturnType<typeof mergeVersions>>();
const MERGED_KEPT = 256;

export function mergedVersions(versions: readonly { version: RegulationVersion; checksum: string }[]) {
  const key = versions.map((v) => v.checksum).join(",");
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

export function historyOf(values: HistoryRow[]): CaseHistory {
  const history: CaseHistory = {};
  for (const v of values) {
    (history[v.fieldName] ??= []).push({ value: v.value, start: v.start, end: v.end, createdAt: v.createdAt, id: v.id, caseChangeId: v.caseChangeId });
  }
  return history;
}

/** What the calculation reads of a case value (the rest of the row is not loaded). */
const historyColumns = {
  id: caseValues.id,
  employeeId: caseValues.employeeId,
  fieldName: caseValues.fieldName,
  value: caseValues.value,
  start: caseValues.start,
  end: caseValues.end,
  createdAt: caseValues.createdAt,
  caseChangeId: caseValues.caseChangeId,
};

/**
 * Each employee's case values as one JSON array (one row per employee instead of one per value:
 * parsing a few thousand JSON texts costs far less than mapping a hundred thousand rows), in
 * record order, ties in id order (ids are time-ordered).
 */
type JsonValue = [id: string, fieldName: string, value: string, start: string, end: string | null, createdAt: string, caseChangeId: string];
const historiesColumn = sql<JsonValue[]>`json_agg(json_build_array(${caseValues.id}, ${caseValues.fieldName}, ${caseValues.value}, ${caseValues.start}, ${caseValues.end}, ${caseValues.createdAt}, ${caseValues.caseChangeId}) order by ${caseValues.createdAt}, ${caseValues.id})`;

export function historyFromJson(values: JsonValue[]): CaseHistory {
  const history: CaseHistory = {};
  for (const [id, fieldName, value, start, end, createdAt, caseChangeId] of values) {
    (history[fieldName] ??= []).push({ value, start, end, createdAt: new Date(createdAt), id, caseChangeId });
  }
  return history;
}

/**
 * An entry is mostly its lines' explanations, which PostgreSQL stores compressed. Its default
 * compression (pglz) takes about a third of the database's time when a whole payroll is written;
 * lz4 is several times faster. So this transaction's writes use lz4 where the server has it
 * (PostgreSQL 14+ built with lz4, as the Debian and PGDG packages are; not PGlite, which keeps
 * pglz: the exception handler swallows the refusal). Setting it is local to the transaction;
 * readers are unaffected, since every stored value records how it was compressed.
 */
const preferLz4 = sql.raw(`do $$ begin perform set_config('default_toast_compression', 'lz4', true); exception when others then null; end $$`);

/**
 * From this many employees on (copyFrom), entries are written through COPY (entryCopier) rather than
 * as JSON statements: straight into payrun_entries when the open period has no entries yet ("direct":
 * a period just opened), else into a staging table they are upserted from ("staged"). Tests lower
 * copyFrom to reach those paths and read `written` to see which one ran.
 */
export const recalcTuning = { copyFrom: 1000, written: { staged: 0, direct: 0, json: 0 } };

/** Employees calculated between two writes: large enough for few round trips, small enough to overlap calculating with writing. */
const WRITE_BATCH = 250;
/** Writes sent but not yet answered when the calculation goes on: bounds the memory held for them. */
const WRITES_IN_FLIGHT = 2;

/**
 * The recalculation's reads, built once (TenantRead). Variant "one": the employee `ids` names (a case
 * change's); "some": the employees `ids` names; "all": the whole payroll (no list of ids: rows of
 * employees not on the staff, of another division, are loaded but never used). "one" compares with
 * the single id because a prepared statement's generic plan does not narrow an index scan by
 * `= any($ids)` (it filters every row of the payroll instead, measured with EXPLAIN). Values are
 * read only when recorded up to `knownAt` (basis.ts).
 */
type LoadValues = { payrollId: string; ids: string[]; knownAt: string };
const ofEmployees = (variant: string, column: typeof employees.id | typeof caseValues.employeeId | typeof payrunEntries.employeeId, ids: SQL) =>
  variant === "one" ? sql`${column} = (${ids}::uuid[])[1]` : variant === "some" ? sql`${column} = any(${ids}::uuid[])` : undefined;
const recordedBy = (knownAt: SQL) => sql`${caseValues.createdAt} <= ${knownAt}::timestamptz`;

const periodsRead = tenantRead<{ payrollId: string }>()("recalc.periods", (db, p) =>
  db.select().from(payrunPeriods).where(and(p.tenant(payrunPeriods), eq(payrunPeriods.payrollId, p.value("payrollId")))).orderBy(asc(payrunPeriods.periodStart)),
);
const staffRead = tenantRead<{ divisionId: string; ids: string[] }>()("recalc.staff", (db, p, variant) =>
  db
    .select({ id: employees.id })
    .from(employees)
    .where(and(p.tenant(employees), eq(employees.divisionId, p.value("divisionId")), ofEmployees(variant, employees.id, sql`${p.value("ids")}`)))
    // Entries are written (and so locked) in employee order, the order payouts lock them in: no deadlock between the two.
    .orderBy(asc(employees.id)),
);
const historiesRead = tenantRead<LoadValues>()("recalc.histories", (db, p, variant) =>
  db
    .select({ employeeId: caseValues.employeeId, values: historiesColumn })
    .from(caseValues)
    .where(
      and(
        p.tenant(caseValues),
        eq(caseValues.payrollId, p.value("payrollId")),
        variant === "all" ? isNotNull(caseValues.employeeId) : ofEmployees(variant, caseValues.employeeId, sql`${p.value("ids")}`),
        recordedBy(sql`${p.value("knownAt")}`),
      ),
    )
    .groupBy(caseValues.employeeId),
);
const companyValuesRead = tenantRead<Omit<LoadValues, "ids">>()("recalc.company_values", (db, p) =>
  db
    .select(historyColumns)
    .from(caseValues)
    .where(and(p.tenant(caseValues), eq(caseValues.payrollId, p.value("payrollId")), isNull(caseValues.employeeId), recordedBy(sql`${p.value("knownAt")}`))),
);
const bookedRead = tenantRead<{ payrollId: string; periodIds: string[]; ids: string[] }>()("recalc.booked", (db, p, variant) =>
  db
    .select({ payrunPeriodId: payrunEntries.payrunPeriodId, employeeId: payrunEntries.employeeId, lines: bookedLinesColumn })
    .from(payrunEntries)
    .where(
      and(
        p.tenant(payrunEntries),
        eq(payrunEntries.payrollId, p.value("payrollId")),
        sql`${payrunEntries.payrunPeriodId} = any(${p.value("periodIds")}::uuid[])`,
        ofEmployees(variant, payrunEntries.employeeId, sql`${p.value("ids")}`),
      ),
    ),
);
const costCentersRead = tenantRead<{ payrollId: string }>()("recalc.cost_centers", (db, p) =>
  db
    .select({ id: lookupValues.id })
    .from(lookupValues)
    .where(and(p.tenant(lookupValues), eq(lookupValues.payrollId, p.value("payrollId")), eq(lookupValues.lookupName, "CostCenters")))
    .limit(1),
);

/** Whether the open period has any entry yet (under the payroll's results lock, so none can appear meanwhile). */
const periodHasEntriesRead = tenantRead<{ payrunPeriodId: string }>()("recalc.period_has_entries", (db, p) =>
  db
    .select({ id: payrunEntries.id })
    .from(payrunEntries)
    .where(and(p.tenant(payrunEntries), eq(payrunEntries.payrunPeriodId, p.value("payrunPeriodId"))))
    .limit(1),
);

/** From this many employees on, a recalculation asks for lz4 compression of what it writes (preferLz4); a few entries gain nothing by it. */
const LZ4_FROM = 100;

/**
 * Results are always current: recalculates the given employees (all of the payroll's when
 * employeeIds is omitted), in the caller's transaction. Closed periods never change: each closed
 * period from January of the earliest year touched is recalculated as it should have been, with
 * year-to-date figures chained through those recalculations, and every wage type's difference to
 * what was booked for that period is booked as a retro line in the open period.
 *
 * Nothing is cached between calls: every call reads the case values as they are in the caller's
 * transaction. Within a call, the loads are one query each for all employees, the regulation is
 * merged once per period, and results are written in batches while the next batch is calculated.
 */
export async function recalculateOpenPeriod(scope: TenantScope, regulations: Regulations, payroll: PayrollRow, employeeIds?: string[], from?: string, lockedAt?: string) {
  const clock = phaseClock();
  const periods = await scope.read(periodsRead, { payrollId: payroll.id });
  const open = periods.find((p) => p.status === "open");
  if (!open) return { period: null, recalculated: 0, retroPeriods: [] as string[] };
  if (employeeIds && !employeeIds.length) return { period: open, recalculated: 0, retroPeriods: [] as string[] };
  const firstYear = from && from < open.periodStart ? from.slice(0, 4) : open.periodStart.slice(0, 4);
  const chain = periods.filter((p) => p.periodStart >= `${firstYear}-01-01` && p.periodStart <= open.periodStart);
  const closedIds = chain.filter((p) => p.status !== "open").map((p) => p.id);
  // Only values recorded up to knownAt: exactly those a later explanation reads again (basis.ts).
  // A caller that took the lock in this transaction to record values passes the time it got (lockedAt).
  const knownAt = lockedAt ?? (await lockPayrollResults(scope, payroll.id));
  const versionsOf = new Map(chain.map((p) => [p.id, versionsFor(regulations, payroll, p.periodStart)]));
  const regulationOf = new Map(chain.map((p) => [p.id, mergedVersions(versionsOf.get(p.id)!)]));
  // One query each, sent together.
  const some = !employeeIds ? "all" : employeeIds.length === 1 ? "one" : "some";
  const selected = employeeIds ?? [];
  const [basisId, staff, values, companyValues, stored, costCenter, periodHasEntries] = await Promise.all([
    recordBasis(scope, payroll.id, knownAt, Object.fromEntries(chain.map((p) => [p.periodStart, versionsOf.get(p.id)!.map((v) => v.checksum)]))),
    scope.read(staffRead, { divisionId: payroll.divisionId, ids: selected }, some),
    scope.read(historiesRead, { payrollId: payroll.id, ids: selected, knownAt }, some),
    scope.read(companyValuesRead, { payrollId: payroll.id, knownAt }),
    closedIds.length ? scope.read(bookedRead, { payrollId: payroll.id, periodIds: closedIds, ids: selected }, some) : Promise.resolve([]),
    scope.read(costCentersRead, { payrollId: payroll.id }).then((rows) => rows[0] ?? null),
    some === "one" ? true : scope.read(periodHasEntriesRead, { payrunPeriodId: open.id }).then((rows) => rows.length > 0),
    !employeeIds || employeeIds.length >= LZ4_FROM ? scope.tx.execute(preferLz4) : null,
  ]);
  clock.lap("load");
  if (!staff.length) return { period: open, recalculated: 0, retroPeriods: [] as string[] };
  const company = historyOf(companyValues);
  const entryOf = entryBuilder(regulationOf.get(open.id)!);
  const qst = shippedQstTable();
  const usesCostCenters = !!costCenter;
  const retroPeriods = new Set<string>();
  const valuesOf = new Map(values.map((v) => [v.employeeId!, v.values]));
  const storedOf = groupBy(stored, (e) => e.employeeId);
  const path = staff.length < recalcTuning.copyFrom ? "json" : periodHasEntries ? "staged" : "direct";
  recalcTuning.written[path]++;
  const writer = path === "json" ? entryWriter(scope, payroll, open, basisId) : entryCopier(scope, payroll, open, basisId, path);
  let batch: object[] = [];
  let ids: string[] = [];
  let done = 0;
  clock.lap("prepare");
  for (const employee of staff) {
    const history = historyFromJson(valuesOf.get(employee.id) ?? []);
    const entries = storedOf.get(employee.id) ?? [];
    clock.lap("prepare");
    let yearToDate = emptyYearToDate();
    const retro: StoredLine[] = [];
    let current: PeriodResult | null = null;
    for (const period of chain) {
      if (period.periodStart.endsWith("-01-01")) yearToDate = emptyYearToDate();
      const regulation = regulationOf.get(period.id)!;
      const result = calculatePeriod({ periodStart: period.periodStart, periodEnd: period.periodEnd, employee: history, company, regulation, qst, yearToDate, explain: false });
      yearToDate = result.yearToDate;
      clock.lap("calculate");
      if (period.id === open.id) {
        current = result;
        break;
      }
      const corrections = retroLines(result, bookedFor(period, entries, chain), period.periodStart);
      if (corrections.length) retroPeriods.add(period.periodStart);
      retro.push(...corrections);
      clock.lap("build");
    }
    // A former employee is paid what an earlier period left open (shown-entries.ts): the bank account is asked of everyone, the cost center of those with wages to book.
    const paymentIssues = missingForPayment(history, open.periodEnd, usesCostCenters && current!.employed);
    if (!batch.length) ids = newIds(Math.min(WRITE_BATCH, staff.length - done));
    batch.push(writer.row(entryOf(employee.id, { ...current!, issues: [...current!.issues, ...paymentIssues] }, retro), ids[batch.length]!));
    done++;
    clock.lap("build");
    if (batch.length === WRITE_BATCH) {
      await writer.write(batch);
      batch = [];
      clock.lap("store");
    }
  }
  if (batch.length) await writer.write(batch);
  await writer.finish();
  clock.lap("store");
  clock.done();
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
 * account (to pay out) and, once the payroll uses cost centers (usesCostCenters: and the entry has
 * wages to book), the employee's cost center.
 */
function missingForPayment(history: CaseHistory, date: string, usesCostCenters: boolean): PeriodResult["issues"] {
  const has = (field: string) => valueInForce(history[field] ?? [], date) !== null;
  const issues: PeriodResult["issues"] = [];
  if (!has("Iban")) issues.push({ code: "control.missing_bank_account", message: "No bank account (IBAN) to pay the salary to.", field: "Iban", blocking: true, params: {} });
  if (usesCostCenters && !has("CostCenter")) {
    issues.push({ code: "control.missing_cost_center", message: "The payroll uses cost centers; this employee has none.", field: "CostCenter", blocking: true, params: {} });
  }
  return issues;
}

/**
 * Of the entries of closed periods, only what bookedFor reads of their lines, in line order: the
 * database leaves out the explanations, which are most of an entry and which a recalculation of a
 * payroll from January would otherwise load for every employee and closed month.
 */
type BookedLine = [number: string, name: string, amount: number, retro: boolean, retroPeriodStart: string | null];
const bookedLinesColumn = sql<BookedLine[]>`(select coalesce(json_agg(json_build_array(l -> 'number', l -> 'name', l -> 'amount', l -> 'retro', l -> 'retroPeriodStart') order by n), '[]') from jsonb_array_elements(${payrunEntries.lines}) with ordinality as line(l, n))`;
type BookedEntry = { payrunPeriodId: string; lines: BookedLine[] };

/** What was booked for a closed period: its own lines plus the retro lines later closed periods booked for it. */
function bookedFor(period: PeriodRow, entries: BookedEntry[], chain: PeriodRow[]) {
  const amounts = new Map<string, { amount: number; name: string }>();
  const add = ([number, name, amount]: BookedLine) => {
    const booked = amounts.get(number) ?? { amount: 0, name };
    booked.amount += amount;
    amounts.set(number, booked);
  };
  for (const entry of entries) {
    const of = chain.find((p) => p.id === entry.payrunPeriodId);
    if (!of) continue;
    if (of.id === period.id) entry.lines.filter(([, , , retro]) => !retro).forEach(add);
    else if (of.periodStart > period.periodStart) entry.lines.filter(([, , , retro, retroPeriodStart]) => retro && retroPeriodStart === period.periodStart).forEach(add);
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
    });
  }
  return lines;
}

/**
 * The open period's entry of one employee, as written (see entryWriter): the result, the retro
 * lines, and the totals paid. What depends only on the regulation is worked out once per call.
 */
function entryBuilder(regulation: ReturnType<typeof regulationFor>) {
  // The case of a field, for Payroll Control: the first case of the regulation that has the field.
  const caseOf = new Map<string, string>();
  for (const definition of regulation.cases) for (const field of definition.fields) if (!caseOf.has(field.name)) caseOf.set(field.name, definition.name);
  // Retro lines change what is paid: the net wage line's difference plus allowances and expenses.
  const kindOf = new Map(regulation.wageTypes.map((w) => [w.number, w.kind as string]));
  return (employeeId: string, result: PeriodResult, retro: StoredLine[]) => {
    const retroSum = (kinds: string[]) => retro.filter((l) => kinds.includes(kindOf.get(l.number) ?? "")).reduce((sum, l) => sum + l.amount, 0);
    return {
      employeeId,
      employed: result.employed || retro.length > 0,
      gross: (result.collectors.GrossWage ?? 0) + retroSum(["earning"]),
      net: (result.collectors.NetWage ?? 0) + retroSum(["net"]),
      payable: (result.collectors.PayableAmount ?? result.collectors.NetWage ?? 0) + retroSum(["net", "allowance", "expense"]),
      // Written out rather than spread ({ ...line, retro: false }): many times faster per line.
      lines: [...result.lines.map((line): StoredLine => ({ number: line.number, name: line.name, amount: line.amount, base: line.base, rate: line.rate, retro: false, retroPeriodStart: null })), ...retro],
      collectors: result.collectors,
      yearToDate: result.yearToDate,
      issues: result.issues.map((issue) => ({ ...issue, caseName: (issue.field ? caseOf.get(issue.field) : undefined) ?? null })),
    };
  };
}

type Entry = ReturnType<ReturnType<typeof entryBuilder>>;

/**
 * Writes entries of the open period, one statement per batch of rows. A batch travels as one
 * JSON parameter unpacked by json_to_recordset (json, not jsonb: the outer array is only read once): the statement's text never changes, so
 * postgres.js prepares it once and reuses it (a parameter per column and row would cost a type
 * round trip per statement and drizzle more time than the calculation). The next batch is
 * calculated while the database stores this one: write() returns once at most WRITES_IN_FLIGHT
 * writes are unanswered; finish() waits for all and throws the first failure.
 */
function entryWriter(scope: TenantScope, payroll: PayrollRow, period: PeriodRow, basisId: string) {
  const calculatedAt = new Date().toISOString();
  const pending: Promise<unknown>[] = [];
  let failure: { error: unknown } | null = null;
  const settle = async (write: Promise<unknown>) => {
    await write;
    if (failure) throw failure.error;
  };
  return {
    /** One row; id is used only when the row is new. */
    row(entry: Entry, id: string) {
      for (const amount of [entry.gross, entry.net, entry.payable]) integer(amount);
      return {
        id,
        employee_id: entry.employeeId,
        employed: entry.employed,
        gross: entry.gross,
        net: entry.net,
        payable: entry.payable,
        lines: entry.lines,
        collectors: entry.collectors,
        year_to_date: entry.yearToDate,
        issues: entry.issues,
      };
    },
    async write(rows: object[]) {
      if (failure) throw failure.error;
      // ::text first: postgres.js would JSON-encode a string sent for a json parameter a second time.
      const statement = sql`
        insert into payrun_entries (id, tenant_id, payroll_id, payrun_period_id, employee_id, employed, gross, net, payable, lines, collectors, year_to_date, issues, calculated_at, basis_id)
        select r.id, ${scope.tenantId}::uuid, ${payroll.id}::uuid, ${period.id}::uuid, r.employee_id, r.employed, r.gross, r.net, r.payable, r.lines, r.collectors, r.year_to_date, r.issues, ${calculatedAt}::timestamptz, ${basisId}::uuid
        from json_to_recordset(${JSON.stringify(rows)}::text::json) as r(id uuid, employee_id uuid, employed boolean, gross bigint, net bigint, payable bigint, lines jsonb, collectors jsonb, year_to_date jsonb, issues jsonb)
        on conflict (payrun_period_id, employee_id) do update set employed = excluded.employed, gross = excluded.gross, net = excluded.net, payable = excluded.payable, lines = excluded.lines,
          collectors = excluded.collectors, year_to_date = excluded.year_to_date, issues = excluded.issues, calculated_at = excluded.calculated_at, basis_id = excluded.basis_id`;
      // Started now (a drizzle query runs when awaited); a failure is kept for finish(), so that it
      // is never an unhandled rejection while the next batch is calculated.
      pending.push(
        Promise.resolve(scope.tx.execute(statement)).catch((error: unknown) => {
          failure ??= { error };
        }),
      );
      while (pending.length > WRITES_IN_FLIGHT) await settle(pending.shift()!);
    },
    async finish() {
      while (pending.length) await settle(pending.shift()!);
    },
  };
}

type EntryRow = ReturnType<ReturnType<typeof entryWriter>["row"]>;
const STAGED_COLUMNS = ["id", "employee_id", "employed", "gross", "net", "payable", "lines", "collectors", "year_to_date", "issues"] as const;

/**
 * Writes entries of the open period for a large recalculation through COPY, streamed while the next
 * batch is calculated (the server reads COPY's text far faster than a JSON parameter:
 * json_to_recordset parses every JSON value twice). "direct": the period has no entries yet (the
 * caller checked under the payroll's results lock), so the rows are copied into payrun_entries
 * itself and written once. "staged": they go into a temporary staging table, then one statement
 * upserts them into payrun_entries as entryWriter's does. The same interface as entryWriter.
 */
function entryCopier(scope: TenantScope, payroll: PayrollRow, period: PeriodRow, basisId: string, path: "staged" | "direct") {
  const rows = entryWriter(scope, payroll, period, basisId);
  const calculatedAt = new Date().toISOString();
  // Values the same for every row of a direct copy, checked as the statement's parameters would be.
  const constants = path === "direct" ? `\t${uuid(scope.tenantId)}\t${uuid(payroll.id)}\t${uuid(period.id)}\t${calculatedAt}\t${uuid(basisId)}` : "";
  let copy: Awaited<ReturnType<typeof copyFrom>> | null = null;
  const started = async () => {
    if (copy) return copy;
    if (path === "direct") {
      copy = await copyFrom(scope.tx, "payrun_entries", [...STAGED_COLUMNS, "tenant_id", "payroll_id", "payrun_period_id", "calculated_at", "basis_id"]);
      return copy;
    }
    await scope.tx.execute(
      sql.raw(`create temp table if not exists payrun_entries_stage (id uuid, employee_id uuid, employed boolean, gross bigint, net bigint, payable bigint, lines jsonb, collectors jsonb, year_to_date jsonb, issues jsonb) on commit drop`),
    );
    await scope.tx.execute(sql.raw(`truncate payrun_entries_stage`));
    copy = await copyFrom(scope.tx, "payrun_entries_stage", STAGED_COLUMNS);
    return copy;
  };
  return {
    row: rows.row,
    async write(batch: object[]) {
      const text = (batch as EntryRow[])
        .map(
          (r) =>
            `${r.id}\t${r.employee_id}\t${r.employed ? "t" : "f"}\t${r.gross}\t${r.net}\t${r.payable}\t${copyText(JSON.stringify(r.lines))}\t${copyText(JSON.stringify(r.collectors))}\t${copyText(JSON.stringify(r.year_to_date))}\t${copyText(JSON.stringify(r.issues))}${constants}\n`,
        )
        .join("");
      await (await started()).write(text);
    },
    async finish() {
      await (await started()).finish();
      if (path === "direct") return;
      await scope.tx.execute(sql`
        insert into payrun_entries (id, tenant_id, payroll_id, payrun_period_id, employee_id, employed, gross, net, payable, lines, collectors, year_to_date, issues, calculated_at, basis_id)
        select s.id, ${scope.tenantId}::uuid, ${payroll.id}::uuid, ${period.id}::uuid, s.employee_id, s.employed, s.gross, s.net, s.payable, s.lines, s.collectors, s.year_to_date, s.issues, ${calculatedAt}::timestamptz, ${basisId}::uuid
        from payrun_entries_stage s
        order by s.employee_id
        on conflict (payrun_period_id, employee_id) do update set employed = excluded.employed, gross = excluded.gross, net = excluded.net, payable = excluded.payable, lines = excluded.lines,
          collectors = excluded.collectors, year_to_date = excluded.year_to_date, issues = excluded.issues, calculated_at = excluded.calculated_at, basis_id = excluded.basis_id`);
    },
  };
}

/** A uuid as it goes into COPY's text: only what a uuid can be, so that nothing needs escaping. */
function uuid(value: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) throw new Error(`Not a uuid: ${value}`);
  return value;
}

/**
 * Ids for the rows of a batch: UUIDv7 as newId() makes them, in order within the batch (one
 * millisecond, consecutive sequence numbers), with the random bytes drawn in one call instead of
 * one per id (which costs more than calculating the entry).
 */
function newIds(count: number): string[] {
  const random = randomBytes(16 * count);
  const msecs = Date.now();
  const first = random.readUInt32BE(0) & 0x3fffffff; // leaves room to count up within 32 bits
  return Array.from({ length: count }, (_, i) => v7({ random: random.subarray(16 * i, 16 * i + 16), msecs, seq: first + i }));
}

function integer(n: number) {
  if (!Number.isSafeInteger(n)) throw new Error(`Not an amount in Rappen: ${n}`);
  return String(n);
}
