import "server-only";
import { sql } from "drizzle-orm";
import type { TenantScope } from "../../db/tenant-scope";
import type { EntryRow } from "../entry-rows";
import { WRITES_IN_FLIGHT } from "./tuning";
import type { PayrollRow, PeriodRow } from "./types";

/**
 * Writes entries of the open period, one statement per batch of rows. A batch travels as one
 * JSON parameter unpacked by json_to_recordset (json, not jsonb: the outer array is only read once): the statement's text never changes, so
 * postgres.js prepares it once and reuses it (a parameter per column and row would cost a type
 * round trip per statement and drizzle more time than the calculation). The next batch is
 * calculated while the database stores this one: write() returns once at most WRITES_IN_FLIGHT
 * writes are unanswered; finish() waits for all and throws the first failure.
 */
export function entryWriter(scope: TenantScope, payroll: PayrollRow, period: PeriodRow, basisId: string) {
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
        scope.execute(statement).catch((error: unknown) => {
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
