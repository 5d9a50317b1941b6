import "server-only";
import { sql } from "drizzle-orm";
import type { TenantScope } from "../../db/tenant-scope";
import { type EntryRow, STAGED_COLUMNS, copyLine, uuid } from "../entry-rows";
import { recalcEvent } from "../recalc-phases";
import type { PayrollRow, PeriodRow } from "./types";

/**
 * Writes entries of the open period for a large recalculation through COPY, streamed while the next
 * batch is calculated (the server reads COPY's text far faster than a JSON parameter:
 * json_to_recordset parses every JSON value twice). "direct": the period has no entries yet (the
 * caller checked under the payroll's results lock), so the rows are copied into payrun_entries
 * itself and written once. "staged": they go into a temporary staging table, then one statement
 * upserts them into payrun_entries as entryWriter's does. The same interface as entryWriter, and
 * writeText for rows already made COPY lines (copyLine with `constants`) in a worker thread.
 */
export function entryCopier(
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
      await scope.execute(
        sql.raw(
          `create temp table if not exists payrun_entries_stage (id uuid, employee_id uuid, employed boolean, gross bigint, net bigint, payable bigint, lines jsonb, collectors jsonb, year_to_date jsonb, issues jsonb, retro_from date) on commit drop`,
        ),
      );
      await scope.execute(sql.raw(`truncate payrun_entries_stage`));
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
    await scope.execute(sql`
      insert into payrun_entries (id, tenant_id, payroll_id, payrun_period_id, employee_id, employed, gross, net, payable, lines, collectors, year_to_date, issues, retro_from, calculated_at, basis_id)
      select s.id, ${scope.tenantId}::uuid, ${payroll.id}::uuid, ${period.id}::uuid, s.employee_id, s.employed, s.gross, s.net, s.payable, s.lines, s.collectors, s.year_to_date, s.issues, s.retro_from, ${calculatedAt}::timestamptz, ${basisId}::uuid
      from payrun_entries_stage s
      order by s.employee_id
      on conflict (payrun_period_id, employee_id) do update set employed = excluded.employed, gross = excluded.gross, net = excluded.net, payable = excluded.payable, lines = excluded.lines,
        collectors = excluded.collectors, year_to_date = excluded.year_to_date, issues = excluded.issues, retro_from = excluded.retro_from, calculated_at = excluded.calculated_at, basis_id = excluded.basis_id`);
    recalcEvent("upserted");
    await scope.execute(sql.raw(`truncate payrun_entries_stage`));
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
