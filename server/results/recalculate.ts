import "server-only";
import { and, asc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { CaseHistory } from "../calc/types";
import {
  caseHistories,
  caseValues,
  employees,
  lookupValues,
  payrolls,
  payrunEntries,
  payrunPeriods,
} from "../db/schema";
import { tenantRead, type TenantScope } from "../db/tenant-scope";
import type { CaseDefinition, Lookup, Parameter, RegulationVersion, WageType } from "../regulations/catalog";
import { shippedQstTable } from "../regulations/qst";
import { checksumOf, versionInForce, type Regulations } from "../regulations/store";
import { lockPayrollResults, recordBasis } from "./basis";
import {
  type BookedEntry,
  type EntryContext,
  type EntryRow,
  STAGED_COLUMNS,
  copyLine,
  employeeEntry,
  entryBuilder,
  entryRow,
  historyFromText,
  newIds,
  uuid,
} from "./entry-rows";
import { phaseClock, recalcEvent, recalcWritten } from "./recalc-phases";
import { testHooks } from "../testing/hooks";
import { calculateInThread, recalcThreadsReady } from "./recalc-pool";

type PayrollRow = typeof payrolls.$inferSelect;
type PeriodRow = typeof payrunPeriods.$inferSelect;
type ValueRow = typeof caseValues.$inferSelect;
type HistoryRow = Pick<ValueRow, "fieldName" | "value" | "start" | "end" | "createdAt" | "id" | "caseChangeId">;

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

export function historyOf(values: HistoryRow[]): CaseHistory {
  const history: CaseHistory = {};
  for (const v of values) {
    (history[v.fieldName] ??= []).push({
      value: v.value,
      start: v.start,
      end: v.end,
      createdAt: v.createdAt,
      id: v.id,
      caseChangeId: v.caseChangeId,
    });
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
 * An entry is mostly its lines' explanations, which PostgreSQL stores compressed. Its default
 * compression (pglz) takes about a third of the database's time when a whole payroll is written;
 * lz4 is several times faster. So this transaction's writes use lz4 where the server has it
 * (PostgreSQL 14+ built with lz4, as the Debian and PGDG packages are; not PGlite, which keeps
 * pglz: the exception handler swallows the refusal). Setting it is local to the transaction;
 * readers are unaffected, since every stored value records how it was compressed.
 */
const preferLz4 = sql.raw(
  `do $$ begin perform set_config('default_toast_compression', 'lz4', true); exception when others then null; end $$`,
);

/**
 * From this many employees on (copyFrom), entries are written through COPY (entryCopier) rather than
 * as JSON statements: straight into payrun_entries when the open period has no entries yet ("direct":
 * a period just opened), else into a staging table they are upserted from ("staged"), and calculated
 * in worker threads ("threads", unless RECALC_WORKERS=0). A whole payroll is read `slice` employees
 * at a time (slicesToRead), up to `readsAhead` slices ahead (readsAhead()). Tests lower them through
 * the test seam (testHooks.recalcTuning) to reach those paths, and see which path ran on the
 * RECALC_WRITTEN channel (recalc-phases.ts).
 */
export const RECALC_TUNING = { copyFrom: 1000, slice: 1000, readsAhead: 10 } as const;
const tuning = (): { copyFrom: number; slice: number; readsAhead: number } =>
  testHooks.recalcTuning ? { ...RECALC_TUNING, ...testHooks.recalcTuning } : RECALC_TUNING;

/** Employees calculated between two writes: large enough for few round trips, small enough to overlap calculating with writing. */
const WRITE_BATCH = 250;
/**
 * Slices read ahead of the one being written (slicesToRead; RECALC_TUNING.readsAhead of them for a recalculation of the open period alone): a
 * payroll of up to 10,000 employees is read whole before its rows are written, so that its entries go out in
 * one COPY (a read between two slices ends the COPY and waits for the database to store what it had).
 * bench/recalc-big --big 10000, three runs each: 2 ahead 0.80-0.84 s for a process's first recalculation,
 * 0.67-0.68 s for a later update; 10 ahead 0.78-0.79 and 0.62-0.63 s. That holds about 6 MB of case values;
 * larger payrolls keep the window (50,000 employees: 3.0-3.7 s, peak RSS 377-389 MB; reading all 50 slices
 * first held 40 MB more and gained nothing). A chain through closed periods also reads their booked lines,
 * about 0.5 KB per employee and period (bench/recalc's payroll): the window shrinks with the chain's length, to 2 from
 * 5 periods on (13 periods: 3 slices of 1,000 employees hold about 20 MB of them).
 */
const readsAhead = (periods: number) => Math.max(2, Math.floor(tuning().readsAhead / periods));
/** Employees a worker thread calculates per task: enough to make a task's overhead small, few enough to start writing early and to keep a thread's heap small. */
const THREAD_SLICE = 250;
/** Tasks given to the threads beyond the rows written: keeps them busy while bounding the rows held in memory. */
const TASKS_AHEAD = 8;
/** Writes sent but not yet answered when the calculation goes on: bounds the memory held for them. */
const WRITES_IN_FLIGHT = 2;

/**
 * The recalculation's reads, built once (TenantRead). Variant "one": the employee `ids` names (a case
 * change's); "some": the employees `ids` names; "all": the whole payroll (no list of ids: rows of
 * employees not on the staff, of another division, are loaded but never used); "range": the
 * employees from `ids[0]` to `ids[1]` in id order (a slice of the whole payroll, read as an index range). "one" compares with
 * the single id because a prepared statement's generic plan does not narrow an index scan by
 * `= any($ids)` (it filters every row of the payroll instead, measured with EXPLAIN). Values are
 * read only when recorded up to `knownAt` (basis.ts).
 */
type LoadValues = { payrollId: string; ids: string[]; knownAt: string };
const ofEmployees = (
  variant: string,
  column:
    | typeof employees.id
    | typeof caseValues.employeeId
    | typeof caseHistories.employeeId
    | typeof payrunEntries.employeeId,
  ids: SQL,
) =>
  variant === "one"
    ? sql`${column} = (${ids}::uuid[])[1]`
    : variant === "some"
      ? sql`${column} = any(${ids}::uuid[])`
      : variant === "range"
        ? sql`${column} between (${ids}::uuid[])[1] and (${ids}::uuid[])[2]`
        : undefined;
const recordedBy = (knownAt: SQL) => sql`${caseValues.createdAt} <= ${knownAt}::timestamptz`;

const periodsRead = tenantRead<{ payrollId: string }>()("recalc.periods", (db, p) =>
  db
    .select()
    .from(payrunPeriods)
    .where(and(p.tenant(payrunPeriods), eq(payrunPeriods.payrollId, p.value("payrollId"))))
    .orderBy(asc(payrunPeriods.periodStart)),
);

/**
 * The payroll's periods as a recalculation reads them. A caller that holds the payroll's results lock
 * (basis.ts) may read them alongside its own writes and pass them in (HeldLock): a round trip less.
 */
export const payrollPeriods = (scope: TenantScope, payrollId: string) => scope.read(periodsRead, { payrollId });

/** What a caller that took the payroll's results lock in this transaction passes: the time it got and, read after it, the periods. */
export type HeldLock = { lockedAt: string; periods?: PeriodRow[] };
const staffRead = tenantRead<{ divisionId: string; ids: string[] }>()("recalc.staff", (db, p, variant) =>
  db
    .select({ id: employees.id })
    .from(employees)
    .where(
      and(
        p.tenant(employees),
        eq(employees.divisionId, p.value("divisionId")),
        ofEmployees(variant, employees.id, sql`${p.value("ids")}`),
      ),
    )
    // Entries are written (and so locked) in employee order, the order payouts lock them in: no deadlock between the two.
    .orderBy(asc(employees.id)),
);
/**
 * Each employee's case values as the text historyFromText reads (entry-rows.ts), defined once in SQL:
 * case_values_text (drizzle/0019_case_histories.sql). Kept ready in case_histories, rebuilt by a trigger
 * whenever an employee's values change: reading it is an index range, where aggregating the values again
 * cost the database about 10 ms per 1,000 employees, before the first entry could be written. The kept
 * text holds every value recorded; it is the answer when its newest value was recorded up to knownAt, as
 * always under the results lock (basis.ts). An employee with a value recorded later (a time set in the
 * future) gets the values up to knownAt aggregated anew, for that row only (null when none was recorded by
 * then). One scan of one index: a join or IN over the two tables let a prepared statement's generic plan
 * loop over every case value of the payroll for each kept row (12 s per slice of 1,000 employees, bench/recalc).
 */
const historiesRead = tenantRead<LoadValues>()("recalc.histories", (db, p, variant) => {
  const knownAt = sql`${p.value("knownAt")}::timestamptz`;
  const valuesThen = sql`case_values_text(${caseHistories.tenantId}, ${caseHistories.payrollId}, ${caseHistories.employeeId}, ${knownAt})`;
  return db
    .select({
      employeeId: caseHistories.employeeId,
      values: sql<
        string | null
      >`case when ${caseHistories.recordedUntil} <= ${knownAt} then ${caseHistories.values} else ${valuesThen} end`,
    })
    .from(caseHistories)
    .where(
      and(
        p.tenant(caseHistories),
        eq(caseHistories.payrollId, p.value("payrollId")),
        variant === "all" ? undefined : ofEmployees(variant, caseHistories.employeeId, sql`${p.value("ids")}`),
      ),
    );
});
const companyValuesRead = tenantRead<Omit<LoadValues, "ids">>()("recalc.company_values", (db, p) =>
  db
    .select(historyColumns)
    .from(caseValues)
    .where(
      and(
        p.tenant(caseValues),
        eq(caseValues.payrollId, p.value("payrollId")),
        isNull(caseValues.employeeId),
        recordedBy(sql`${p.value("knownAt")}`),
      ),
    ),
);
const bookedRead = tenantRead<{ payrollId: string; periodIds: string[]; ids: string[] }>()(
  "recalc.booked",
  (db, p, variant) =>
    db
      .select({
        payrunPeriodId: payrunEntries.payrunPeriodId,
        employeeId: payrunEntries.employeeId,
        lines: bookedLinesColumn,
      })
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
    .where(
      and(
        p.tenant(lookupValues),
        eq(lookupValues.payrollId, p.value("payrollId")),
        eq(lookupValues.lookupName, "CostCenters"),
      ),
    )
    .limit(1),
);

/**
 * The earliest closed period that the open period's entries of these employees correct (payrun_entries.retro_from),
 * read beside the periods (the open period found in the statement): a recalculation's chain starts no later than
 * January of its year.
 */
const retroFromRead = tenantRead<{ payrollId: string; ids: string[] }>()("recalc.retro_from", (db, p, variant) =>
  db
    .select({ first: sql<string | null>`min(${payrunEntries.retroFrom})` })
    .from(payrunEntries)
    .where(
      and(
        p.tenant(payrunEntries),
        sql`${payrunEntries.payrunPeriodId} = (select ${payrunPeriods.id} from ${payrunPeriods} where ${payrunPeriods.tenantId} = ${payrunEntries.tenantId} and ${payrunPeriods.payrollId} = ${p.value("payrollId")} and ${payrunPeriods.status} = 'open' limit 1)`,
        isNotNull(payrunEntries.retroFrom),
        ofEmployees(variant, payrunEntries.employeeId, sql`${p.value("ids")}`),
      ),
    ),
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
export async function recalculateOpenPeriod(
  scope: TenantScope,
  regulations: Regulations,
  payroll: PayrollRow,
  employeeIds?: string[],
  from?: string,
  held?: HeldLock,
) {
  const clock = phaseClock();
  // Only values recorded up to knownAt: exactly those a later explanation reads again (basis.ts). A caller that
  // took the lock in this transaction to record values passes the time it got (held). The periods are read under
  // the lock: read before it, a close committed meanwhile would leave this recalculation writing into its period.
  const knownAt = held?.lockedAt ?? (await lockPayrollResults(scope, payroll.id));
  recalcEvent("locked");
  const some = !employeeIds ? "all" : employeeIds.length === 1 ? "one" : "some";
  const selected = employeeIds ?? [];
  const [periods, retroFrom] = await Promise.all([
    held?.periods ?? payrollPeriods(scope, payroll.id),
    employeeIds && !employeeIds.length
      ? null
      : scope
          .read(retroFromRead, { payrollId: payroll.id, ids: selected }, some)
          .then((rows) => rows[0]?.first ?? null),
  ]);
  recalcEvent("periods read");
  const open = periods.find((p) => p.status === "open");
  if (!open) return { period: null, recalculated: 0, retroPeriods: [] as string[] };
  if (employeeIds && !employeeIds.length) return { period: open, recalculated: 0, retroPeriods: [] as string[] };
  // From January of the earliest year touched: the change's, the open period's, or one the open entries already correct
  // (a correction of December booked into January is recalculated, not dropped, by a later change dated in January).
  const firstYear = [from, retroFrom, open.periodStart]
    .filter((date): date is string => !!date)
    .reduce((a, b) => (a < b ? a : b))
    .slice(0, 4);
  const chain = periods.filter((p) => p.periodStart >= `${firstYear}-01-01` && p.periodStart <= open.periodStart);
  const closedIds = chain.filter((p) => p.status !== "open").map((p) => p.id);
  const versionsOf = new Map(chain.map((p) => [p.id, versionsFor(regulations, payroll, p.periodStart)]));
  const regulationOf = new Map(chain.map((p) => [p.id, mergedVersions(versionsOf.get(p.id)!)]));
  // One query each, sent together; a whole payroll's case values and booked lines slice by slice (below).
  const readSlice = (ids: string[], variant: string): Promise<SliceInputs> => {
    recalcEvent("read sent");
    const inputs = Promise.all([
      scope.read(historiesRead, { payrollId: payroll.id, ids, knownAt }, variant),
      closedIds.length
        ? scope.read(bookedRead, { payrollId: payroll.id, periodIds: closedIds, ids }, variant)
        : Promise.resolve([]),
    ]).then(
      ([values, stored]) => (
        recalcEvent("read answered"),
        {
          valuesOf: new Map(values.map((v) => [v.employeeId, v.values])),
          storedOf: groupBy(stored, (e) => e.employeeId),
        }
      ),
    );
    inputs.catch(() => {}); // awaited in order later; a failure meanwhile is not an unhandled rejection
    return inputs;
  };
  const [basisId, staff, selectedInputs, companyValues, costCenter, periodHasEntries] = await Promise.all([
    recordBasis(
      scope,
      payroll.id,
      knownAt,
      Object.fromEntries(chain.map((p) => [p.periodStart, versionsOf.get(p.id)!.map((v) => v.checksum)])),
    ),
    scope.read(staffRead, { divisionId: payroll.divisionId, ids: selected }, some),
    some === "all" ? null : readSlice(selected, some),
    scope.read(companyValuesRead, { payrollId: payroll.id, knownAt }),
    scope.read(costCentersRead, { payrollId: payroll.id }).then((rows) => rows[0] ?? null),
    some === "one"
      ? true
      : scope.read(periodHasEntriesRead, { payrunPeriodId: open.id }).then((rows) => rows.length > 0),
    !employeeIds || employeeIds.length >= LZ4_FROM ? scope.tx.execute(preferLz4) : null,
  ]);
  recalcEvent("staff and company read");
  if (!staff.length) return { period: open, recalculated: 0, retroPeriods: [] as string[] };
  const slices = slicesToRead(staff, selectedInputs, readsAhead(chain.length), (employees) =>
    readSlice([employees[0]!.id, employees[employees.length - 1]!.id], "range"),
  );
  clock.lap("load");
  const company = historyOf(companyValues);
  const context: EntryContext = {
    chain,
    openId: open.id,
    regulationOf: (id) => regulationOf.get(id)!,
    company,
    qst: shippedQstTable(),
    usesCostCenters: !!costCenter,
  };
  const retroPeriods = new Set<string>();
  const path = staff.length < tuning().copyFrom ? "json" : periodHasEntries ? "staged" : "direct";
  clock.lap("prepare");
  const inThreads = path !== "json" && (await recalcThreadsReady());
  recalcWritten(path, inThreads);
  if (inThreads) {
    // A whole payroll: calculated in worker threads, slice by slice, while this thread sends the rows.
    const copier = entryCopier(scope, payroll, open, basisId, path);
    const keys = Object.fromEntries(chain.map((p) => [p.id, regulationKey(versionsOf.get(p.id)!)]));
    const sentRegulations = () => Object.fromEntries(chain.map((p) => [keys[p.id]!, regulationOf.get(p.id)!]));
    const shared = {
      chain: chain.map(({ id, periodStart, periodEnd, status }) => ({ id, periodStart, periodEnd, status })),
      openId: open.id,
      keys,
      company,
      usesCostCenters: context.usesCostCenters,
      constants: copier.constants,
    };
    // Threads take THREAD_SLICE employees per task, so that the first rows come back early; at most
    // TASKS_AHEAD tasks are given out beyond what was written, so that rows calculated faster than the
    // database stores them do not pile up in memory.
    const tasks = slices.all.flatMap(({ employees }, slice) =>
      Array.from({ length: Math.ceil(employees.length / THREAD_SLICE) }, (_, i) => ({
        employees: employees.slice(i * THREAD_SLICE, (i + 1) * THREAD_SLICE),
        slice,
        lastOfSlice: (i + 1) * THREAD_SLICE >= employees.length,
      })),
    );
    const start = (task: (typeof tasks)[number]) => {
      const result = slices.inputs(task.slice).then(({ valuesOf, storedOf }) =>
        calculateInThread(
          {
            ...shared,
            employees: task.employees.map(({ id }) => ({
              id,
              values: valuesOf.get(id) ?? null,
              booked: storedOf.get(id) ?? [],
            })),
          },
          sentRegulations,
        ),
      );
      result.catch(() => {}); // awaited in order below
      return { task, result };
    };
    const given = tasks.splice(0, TASKS_AHEAD).map(start);
    while (given.length) {
      const { task, result } = given.shift()!;
      const { rows, retroPeriods: retro } = await result;
      recalcEvent("rows calculated", task.slice);
      clock.lap("calculate");
      for (const period of retro) retroPeriods.add(period);
      const next = tasks.shift();
      if (next) given.push(start(next));
      await copier.writeText(rows);
      recalcEvent("rows sent", task.slice);
      if (task.lastOfSlice) await slices.done(task.slice, copier.flush);
      clock.lap("store");
    }
    await copier.finish();
  } else {
    const writer =
      path === "json" ? entryWriter(scope, payroll, open, basisId) : entryCopier(scope, payroll, open, basisId, path);
    const entryOf = entryBuilder(regulationOf.get(open.id)!);
    let batch: EntryRow[] = [];
    let ids: string[] = [];
    let done = 0;
    for (let slice = 0; slice < slices.all.length; slice++) {
      const { valuesOf, storedOf } = await slices.inputs(slice);
      clock.lap("load");
      for (const employee of slices.all[slice]!.employees) {
        const values = valuesOf.get(employee.id);
        const history = historyFromText(values ?? null);
        clock.lap("prepare");
        const { entry, retroPeriods: retro } = employeeEntry(
          context,
          entryOf,
          employee.id,
          history,
          storedOf.get(employee.id) ?? [],
        );
        for (const period of retro) retroPeriods.add(period);
        clock.lap("calculate");
        if (!batch.length) ids = newIds(Math.min(WRITE_BATCH, staff.length - done));
        batch.push(entryRow(entry, ids[batch.length]!));
        done++;
        clock.lap("build");
        if (batch.length === WRITE_BATCH) {
          await writer.write(batch);
          batch = [];
          clock.lap("store");
        }
      }
      await slices.done(slice, async () => {
        if (batch.length) await writer.write(batch);
        batch = [];
        await writer.flush();
      });
    }
    if (batch.length) await writer.write(batch);
    await writer.finish();
  }
  clock.lap("store");
  clock.done();
  return {
    period: open,
    recalculated: staff.length,
    retroPeriods: [...retroPeriods].sort(),
    touched: chain.filter((p) => p.periodEnd >= (from ?? open.periodStart)),
  };
}

type SliceInputs = { valuesOf: Map<string, string | null>; storedOf: Map<string, BookedEntry[]> };

/**
 * A whole payroll's case values and booked lines, read `tuning().slice` employees (1,000) at a time, `ahead` slices
 * ahead of the one being written (readsAhead), so that the calculation starts after the first slice and memory
 * holds a few slices whatever the payroll's size. postgres.js refuses a query while a COPY is open on
 * the connection: done(slice, flush) ends the writes so far (flush) before it sends the next read, and
 * frees the slice's values. The employees a caller named (`selected`) are one slice, read already.
 */
function slicesToRead(
  staff: { id: string }[],
  selected: Promise<SliceInputs> | SliceInputs | null,
  ahead: number,
  read: (employees: { id: string }[]) => Promise<SliceInputs>,
) {
  const size = tuning().slice;
  const all = selected
    ? [{ employees: staff }]
    : Array.from({ length: Math.ceil(staff.length / size) }, (_, i) => ({
        employees: staff.slice(i * size, (i + 1) * size),
      }));
  // One promise per slice from the start, settled by its read once that is sent: a task may wait for a slice not read yet.
  const reads = new Map<number, { inputs: Promise<SliceInputs>; send: () => void }>();
  all.forEach((slice, i) => {
    let send = () => {};
    const inputs = new Promise<SliceInputs>(
      (resolve, reject) =>
        (send = () => (selected ? Promise.resolve(selected) : read(slice.employees)).then(resolve, reject)),
    );
    inputs.catch(() => {}); // awaited where it is used; a failure meanwhile is not an unhandled rejection
    reads.set(i, { inputs, send });
  });
  let sent = 0;
  const sendUpTo = (count: number) => {
    for (; sent < Math.min(count, all.length); sent++) reads.get(sent)!.send();
  };
  sendUpTo(ahead);
  return {
    all,
    inputs: (slice: number) =>
      reads.get(slice)?.inputs ?? Promise.reject(new Error(`Slice ${slice} of the recalculation is done already.`)),
    async done(slice: number, flush: () => Promise<void>) {
      reads.delete(slice);
      if (sent >= all.length) return;
      await flush();
      sendUpTo(slice + 1 + ahead);
    },
  };
}

/** For responses: the periods a recalculation went through, from the change's start to the open period. */
export const touchedPeriods = (outcome: Awaited<ReturnType<typeof recalculateOpenPeriod>>) =>
  (("touched" in outcome ? outcome.touched : undefined) ?? []).map((p) => ({
    id: p.id,
    periodStart: p.periodStart,
    periodEnd: p.periodEnd,
    status: p.status,
  }));

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
 * Of the entries of closed periods, only what bookedFor (entry-rows.ts) reads of their lines, in line
 * order, as JSON text (a BookedLine[]): the database leaves out the explanations, which are most of an
 * entry and which a recalculation of a payroll from January would otherwise load for every employee
 * and closed month.
 */
const bookedLinesColumn = sql<string>`(select coalesce(json_agg(json_build_array(l -> 'number', l -> 'name', l -> 'amount', l -> 'retro', l -> 'retroPeriodStart') order by n), '[]') from jsonb_array_elements(${payrunEntries.lines}) with ordinality as line(l, n))::text`;

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
  const allAnswered = async () => {
    while (pending.length) await settle(pending.shift()!);
  };
  return {
    async write(rows: EntryRow[]) {
      if (failure) throw failure.error;
      // ::text first: postgres.js would JSON-encode a string sent for a json parameter a second time.
      const statement = sql`
        insert into payrun_entries (id, tenant_id, payroll_id, payrun_period_id, employee_id, employed, gross, net, payable, lines, collectors, year_to_date, issues, retro_from, calculated_at, basis_id)
        select r.id, ${scope.tenantId}::uuid, ${payroll.id}::uuid, ${period.id}::uuid, r.employee_id, r.employed, r.gross, r.net, r.payable, r.lines, r.collectors, r.year_to_date, r.issues, r.retro_from, ${calculatedAt}::timestamptz, ${basisId}::uuid
        from json_to_recordset(${JSON.stringify(rows)}::text::json) as r(id uuid, employee_id uuid, employed boolean, gross bigint, net bigint, payable bigint, lines jsonb, collectors jsonb, year_to_date jsonb, issues jsonb, retro_from date)
        on conflict (payrun_period_id, employee_id) do update set employed = excluded.employed, gross = excluded.gross, net = excluded.net, payable = excluded.payable, lines = excluded.lines,
          collectors = excluded.collectors, year_to_date = excluded.year_to_date, issues = excluded.issues, retro_from = excluded.retro_from, calculated_at = excluded.calculated_at, basis_id = excluded.basis_id`;
      // Started now (a drizzle query runs when awaited); a failure is kept for finish(), so that it
      // is never an unhandled rejection while the next batch is calculated.
      pending.push(
        Promise.resolve(scope.tx.execute(statement)).catch((error: unknown) => {
          failure ??= { error };
        }),
      );
      while (pending.length > WRITES_IN_FLIGHT) await settle(pending.shift()!);
    },
    finish: allAnswered,
    /** As finish: every write answered (entryCopier's flush ends a copy). */
    flush: allAnswered,
  };
}

/**
 * Writes entries of the open period for a large recalculation through COPY, streamed while the next
 * batch is calculated (the server reads COPY's text far faster than a JSON parameter:
 * json_to_recordset parses every JSON value twice). "direct": the period has no entries yet (the
 * caller checked under the payroll's results lock), so the rows are copied into payrun_entries
 * itself and written once. "staged": they go into a temporary staging table, then one statement
 * upserts them into payrun_entries as entryWriter's does. The same interface as entryWriter, and
 * writeText for rows already made COPY lines (copyLine with `constants`) in a worker thread.
 */
function entryCopier(
  scope: TenantScope,
  payroll: PayrollRow,
  period: PeriodRow,
  basisId: string,
  path: "staged" | "direct",
) {
  const calculatedAt = new Date().toISOString();
  // Values the same for every row of a direct copy, checked as the statement's parameters would be.
  const constants =
    path === "direct"
      ? `\t${uuid(scope.tenantId)}\t${uuid(payroll.id)}\t${uuid(period.id)}\t${calculatedAt}\t${uuid(basisId)}`
      : "";
  let copy: { write(text: string | Uint8Array): Promise<void>; finish(): Promise<void> } | null = null;
  let staging = false;
  const started = async () => {
    if (copy) return copy;
    if (path === "direct") {
      copy = await scope.copyInto("payrun_entries", [
        ...STAGED_COLUMNS,
        "tenant_id",
        "payroll_id",
        "payrun_period_id",
        "calculated_at",
        "basis_id",
      ]);
      return copy;
    }
    if (!staging) {
      await scope.tx.execute(
        sql.raw(
          `create temp table if not exists payrun_entries_stage (id uuid, employee_id uuid, employed boolean, gross bigint, net bigint, payable bigint, lines jsonb, collectors jsonb, year_to_date jsonb, issues jsonb, retro_from date) on commit drop`,
        ),
      );
      await scope.tx.execute(sql.raw(`truncate payrun_entries_stage`));
      staging = true;
    }
    copy = await scope.copyInto("payrun_entries_stage", STAGED_COLUMNS);
    return copy;
  };
  const writeText = async (text: string | Uint8Array) => (await started()).write(text);
  /** Ends the copy and, staged, upserts what it staged; a later write starts a new copy. */
  const flush = async () => {
    if (!copy) return;
    const ending = copy;
    copy = null;
    recalcEvent("copy ending");
    await ending.finish();
    recalcEvent("copy ended");
    if (path === "direct") return;
    await scope.tx.execute(sql`
      insert into payrun_entries (id, tenant_id, payroll_id, payrun_period_id, employee_id, employed, gross, net, payable, lines, collectors, year_to_date, issues, retro_from, calculated_at, basis_id)
      select s.id, ${scope.tenantId}::uuid, ${payroll.id}::uuid, ${period.id}::uuid, s.employee_id, s.employed, s.gross, s.net, s.payable, s.lines, s.collectors, s.year_to_date, s.issues, s.retro_from, ${calculatedAt}::timestamptz, ${basisId}::uuid
      from payrun_entries_stage s
      order by s.employee_id
      on conflict (payrun_period_id, employee_id) do update set employed = excluded.employed, gross = excluded.gross, net = excluded.net, payable = excluded.payable, lines = excluded.lines,
        collectors = excluded.collectors, year_to_date = excluded.year_to_date, issues = excluded.issues, retro_from = excluded.retro_from, calculated_at = excluded.calculated_at, basis_id = excluded.basis_id`);
    recalcEvent("upserted");
    await scope.tx.execute(sql.raw(`truncate payrun_entries_stage`));
  };
  return {
    constants,
    writeText,
    flush,
    async write(batch: EntryRow[]) {
      await writeText(batch.map((row) => copyLine(row, constants)).join(""));
    },
    finish: flush,
  };
}
