import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { registerJobSchedule, registerSystemJobHandler } from "../jobs/queue";
import { rowsOf } from "../db/rows";

/**
 * Every recalculation records its basis (results/basis.ts), and every case change recalculates: one row per
 * change, kept only while an entry names it. A recalculation rewrites its employees' entries with its
 * own new basis and no entry ever takes an older basis again, so a basis no entry names is never
 * needed again. Once a day a system job deletes them, across tenants.
 *
 * Only bases older than KEEP_HOURS go: a basis is written before the entries that name it, in the
 * same transaction, so a young one may belong to a recalculation still under way (invisible to this
 * job until it commits, but the margin costs nothing). An explanation that read its entry just before
 * a recalculation replaced it and the basis went meanwhile reads the entry again (results/explain.ts).
 */
export const PRUNE_BASES = "results.prune_bases";
/** 03:45 in Switzerland, every day (after the regulation update at 03:15). */
export const PRUNE_BASES_CRON = "45 3 * * *";
const KEEP_HOURS = 24;

/**
 * Deletes the bases no entry names, older than KEEP_HOURS (or than `olderThan`); the number deleted.
 * One statement, one snapshot: a basis named by a committed entry is seen together with that entry.
 * The names in use are collected once (a scan of payrun_entries, whose basis_id has no index: one
 * would make every recalculation's update of an entry a non-HOT update).
 */
export async function pruneCalculationBases(olderThan?: Date): Promise<number> {
  const db = await getDb();
  const cutoff = (olderThan ?? new Date(Date.now() - KEEP_HOURS * 3_600_000)).toISOString();
  const result = await db.execute(sql`
    with named as materialized (select distinct basis_id from payrun_entries where basis_id is not null)
    delete from calculation_bases b
    where b.created_at < ${cutoff}::timestamptz
      and not exists (select 1 from named where named.basis_id = b.id)
    returning b.id`);
  return rowsOf(result).length;
}

registerSystemJobHandler(PRUNE_BASES, async () => void (await pruneCalculationBases()), {
  retryLimit: 3,
  retryDelaySeconds: 300,
  expireInSeconds: 1800,
  concurrency: 1,
});
registerJobSchedule(PRUNE_BASES, PRUNE_BASES_CRON, "Europe/Zurich");
