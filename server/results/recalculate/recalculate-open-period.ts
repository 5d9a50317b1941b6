import "server-only";
import type { TenantScope } from "../../db/tenant-scope";
import { type Regulations, qstTariffsOf } from "../../regulations/store";
import { lockPayrollResults, recordBasis } from "../basis";
import type { EntryContext } from "../entry-rows";
import { phaseClock, recalcEvent, recalcWritten } from "../recalc-phases";
import { recalcThreadsReady } from "../recalc-pool";
import { chainOf, mergedVersions, versionsFor } from "./chain";
import { writeEntriesInProcess } from "./in-process";
import {
  type HeldLock,
  companyValuesRead,
  costCentersRead,
  historyOf,
  payrollPeriods,
  periodHasEntriesRead,
  retroFromRead,
  sliceReader,
  staffRead,
} from "./reads";
import { slicesToRead } from "./slices";
import { writeEntriesInThreads } from "./threads";
import { LZ4_FROM, preferLz4, readsAhead, tuning } from "./tuning";
import type { PayrollRow } from "./types";

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
  const chain = chainOf(periods, open, from, retroFrom);
  const closedIds = chain.filter((p) => p.status !== "open").map((p) => p.id);
  const versionsOf = new Map(chain.map((p) => [p.id, versionsFor(regulations, payroll, p.periodStart)]));
  const regulationOf = new Map(chain.map((p) => [p.id, mergedVersions(versionsOf.get(p.id)!)]));
  // One query each, sent together; a whole payroll's case values and booked lines slice by slice (below).
  const readSlice = sliceReader(scope, payroll.id, knownAt, closedIds);
  const qst = qstTariffsOf(regulations);
  const [basisId, staff, selectedInputs, companyValues, costCenter, periodHasEntries] = await Promise.all([
    recordBasis(
      scope,
      payroll.id,
      knownAt,
      Object.fromEntries(chain.map((p) => [p.periodStart, versionsOf.get(p.id)!.map((v) => v.checksum)])),
      qst.shas,
    ),
    scope.read(staffRead, { divisionId: payroll.divisionId, ids: selected }, some),
    some === "all" ? null : readSlice(selected, some),
    scope.read(companyValuesRead, { payrollId: payroll.id, knownAt }),
    scope.read(costCentersRead, { payrollId: payroll.id }).then((rows) => rows[0] ?? null),
    some === "one"
      ? true
      : scope.read(periodHasEntriesRead, { payrunPeriodId: open.id }).then((rows) => rows.length > 0),
    !employeeIds || employeeIds.length >= LZ4_FROM ? scope.execute(preferLz4) : null,
  ]);
  recalcEvent("staff and company read");
  if (!staff.length) return { period: open, recalculated: 0, retroPeriods: [] as string[] };
  const slices = slicesToRead(staff, selectedInputs, readsAhead(chain.length), (employees) =>
    readSlice([employees[0]!.id, employees[employees.length - 1]!.id], "range"),
  );
  clock.lap("load");
  const context: EntryContext = {
    chain,
    openId: open.id,
    regulationOf: (id) => regulationOf.get(id)!,
    company: historyOf(companyValues),
    qst: qst.table,
    usesCostCenters: !!costCenter,
  };
  const retroPeriods = new Set<string>();
  const path = staff.length < tuning().copyFrom ? "json" : periodHasEntries ? "staged" : "direct";
  clock.lap("prepare");
  const inThreads = path !== "json" && (await recalcThreadsReady());
  recalcWritten(path, inThreads);
  const run = {
    scope,
    payroll,
    open,
    basisId,
    chain,
    versionsOf,
    regulationOf,
    context,
    qst,
    staff,
    slices,
    clock,
    retroPeriods,
  };
  if (inThreads) await writeEntriesInThreads(run, path);
  else await writeEntriesInProcess(run, path);
  clock.lap("store");
  clock.done();
  return {
    period: open,
    recalculated: staff.length,
    retroPeriods: [...retroPeriods].sort(),
    touched: chain.filter((p) => p.periodEnd >= (from ?? open.periodStart)),
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
