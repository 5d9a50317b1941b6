import "server-only";
import type { SQL } from "drizzle-orm";
import type { TenantScope } from "../../db/tenant-scope";
import type { Regulations } from "../../regulations/store";
import { lockPayrollResults, recordedAt } from "../basis";
import { payrollPeriods } from "./reads";
import { recalculateOpenPeriod } from "./recalculate-open-period";
import type { PayrollRow } from "./types";

/** When the values a writer records are recorded (basis.ts): the database's clock once the payroll's results lock was granted. */
export type Recording = { lockedAt: string; recorded: SQL };

/**
 * Records values and recalculates, in the caller's transaction and in the order the results lock
 * asks (basis.ts): takes the payroll's results lock, runs `write` with the time it got, reads the
 * payroll's periods under the lock alongside the writes, then recalculates `employees` (all of the
 * payroll's when omitted) from `from`. A write or a recalculation that fails rolls back both.
 *
 * `locking`: the lock already sent (lockPayrollResults, not awaited), so that a caller's reads travel
 * with it in one round trip; it is awaited here before anything is written. `regulations` are read
 * before the transaction (or with scope.sharedTables((tx) => storedRegulations(tx)) in a job's): on the embedded database a
 * read outside the open transaction would wait for it.
 */
export async function recordAndRecalculate<W>(
  scope: TenantScope,
  regulations: Regulations,
  payroll: PayrollRow,
  { employees, from, locking }: { employees?: string[]; from?: string; locking?: Promise<string> | null },
  write: (recording: Recording) => Promise<W>,
) {
  const lockedAt = await (locking ?? lockPayrollResults(scope, payroll.id));
  // The writes first on the connection, then the periods: sent together, answered in one round trip.
  const [written, periods] = await Promise.all([
    write({ lockedAt, recorded: recordedAt(lockedAt) }),
    payrollPeriods(scope, payroll.id),
  ]);
  const outcome = await recalculateOpenPeriod(scope, regulations, payroll, employees, from, { lockedAt, periods });
  return { written, outcome };
}
