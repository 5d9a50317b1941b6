import "server-only";
import { sql } from "drizzle-orm";
import { calculationBases } from "../db/schema";
import type { TenantScope } from "../db/tenant-scope";
import { newId } from "../ids";

/**
 * The payroll's results lock, held to the end of the transaction, and the database's clock right
 * after it was granted (text, to the microsecond: a JavaScript Date would drop the microseconds).
 *
 * Whoever records case values of a payroll takes it first and stamps the values with the time it
 * returns; a recalculation takes it and reads only values recorded up to the time it returns. So a
 * value recorded before a recalculation's time was committed before it (the writer held the lock
 * until then) and is visible to it, and one recorded later carries a later time: the time alone
 * says which values a calculation saw, and running it again with those values gives the same result
 * (server/results/explain.ts). It also keeps two recalculations of one payroll from overwriting
 * each other's entries with results that miss the other's values. Re-entrant within a transaction.
 */
export async function lockPayrollResults(scope: TenantScope, payrollId: string): Promise<string> {
  // Materialized: the lock is granted before the outer select reads the clock.
  const [row] = await scope.query<{ at: string }>(
    sql`with granted as materialized (select pg_advisory_xact_lock(hashtextextended(${`payroll-results:${payrollId}`}, 0))) select clock_timestamp()::text as at from granted`,
  );
  if (!row) throw new Error("lockPayrollResults: no time returned");
  return row.at;
}

/** A case value's or change's record time as lockPayrollResults returned it (a timestamp column's value). */
export const recordedAt = (at: string) => sql`${at}::timestamptz`;

/** Stores what a recalculation read (see calculationBases); its id goes on every entry it writes. */
export async function recordBasis(
  scope: TenantScope,
  payrollId: string,
  knownAt: string,
  regulations: Record<string, string[]>,
  qstTariffs: readonly string[],
): Promise<string> {
  const id = newId();
  await scope.insertInto(calculationBases).values({ id, payrollId, knownAt, regulations, qstTariffs: [...qstTariffs] });
  return id;
}
