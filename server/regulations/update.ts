import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { getDb, type Tx } from "../db/client";
import { payrolls, payrunPeriods, regulationUpdates, type regulationUpdateTriggers } from "../db/schema";
import { TenantScope } from "../db/tenant-scope";
import { newId } from "../ids";
import { enqueueJob, registerJobHandler, registerJobSchedule, registerSystemJobHandler } from "../jobs/queue";
import { recalculateOpenPeriod } from "../results/recalculate";
import type { Regulation } from "./catalog";
import { forgetCachedRegulations, importCatalog, storedRegulations, type ImportedVersion } from "./store";

/**
 * Regulations are updated daily, automatically (interface 1.6): a pg-boss schedule sends
 * `regulations.update` once a day, one job for all server processes; it imports the catalog's new
 * and changed versions (what `npm run regulations:update` does) and, in the same transaction,
 * records the run and sends one `regulations.recalculate` job per payroll whose results the new
 * versions change, so that each payroll is recalculated in its own tenant's transaction, retried on
 * its own.
 */
export const REGULATIONS_UPDATE = "regulations.update";
export const REGULATIONS_RECALCULATE = "regulations.recalculate";
/** 03:15 in Switzerland, every day. */
export const REGULATIONS_UPDATE_CRON = "15 3 * * *";

type Trigger = (typeof regulationUpdateTriggers)[number];

/**
 * The payrolls a change reaches: those using a changed regulation (country or industry) whose open
 * period starts on or after the changed version's validFrom. A version from a later date changes
 * nothing yet; the close of the period before it recalculates with it. `from` is the earliest
 * changed date, so that closed periods of that year get their retro lines.
 */
async function affectedPayrolls(tx: Tx, changes: ImportedVersion[]) {
  if (!changes.length) return [];
  const open = await tx
    .select({
      id: payrolls.id,
      tenantId: payrolls.tenantId,
      country: payrolls.countryRegulation,
      industries: payrolls.industries,
      periodStart: payrunPeriods.periodStart,
    })
    .from(payrolls)
    .innerJoin(payrunPeriods, and(eq(payrunPeriods.payrollId, payrolls.id), eq(payrunPeriods.status, "open")));
  const affected: { payrollId: string; tenantId: string; from: string }[] = [];
  for (const payroll of open) {
    const uses = new Set([payroll.country, ...payroll.industries]);
    const dates = changes.filter((c) => uses.has(c.name) && c.validFrom <= payroll.periodStart).map((c) => c.validFrom);
    if (dates.length) affected.push({ payrollId: payroll.id, tenantId: payroll.tenantId, from: dates.sort()[0]! });
  }
  return affected;
}

/** Imports, records the run and schedules the recalculations, in one transaction. */
export async function updateRegulations(trigger: Trigger, catalog?: Regulation[]) {
  const outcome = await importCatalog(await getDb(), {
    catalog,
    afterImport: async (tx, { added, updated, changes }) => {
      const affected = await affectedPayrolls(tx, changes);
      for (const { payrollId, tenantId, from } of affected) {
        await enqueueJob(await TenantScope.entered(tx, tenantId), REGULATIONS_RECALCULATE, { payrollId, from });
      }
      await TenantScope.leave(tx);
      await tx
        .insert(regulationUpdates)
        .values({ id: newId(), trigger, added, updated, payrollsRecalculated: affected.length });
      return affected.length;
    },
  });
  return {
    added: outcome.added,
    updated: outcome.updated,
    changes: outcome.changes,
    payrollsRecalculated: outcome.after ?? 0,
  };
}

/** The last run of the update (the console shows when the regulations were last updated). */
export async function lastRegulationUpdate() {
  const db = await getDb();
  const [row] = await db.select().from(regulationUpdates).orderBy(desc(regulationUpdates.ranAt)).limit(1);
  return row ?? null;
}

registerSystemJobHandler(
  REGULATIONS_UPDATE,
  async () => {
    await updateRegulations("schedule");
    forgetCachedRegulations();
  },
  { retryLimit: 5, retryDelaySeconds: 60, expireInSeconds: 900, concurrency: 1 },
);
registerJobSchedule(REGULATIONS_UPDATE, REGULATIONS_UPDATE_CRON, "Europe/Zurich");

registerJobHandler(
  REGULATIONS_RECALCULATE,
  async (scope, payload) => {
    const { payrollId, from } = payload as { payrollId: string; from: string };
    const payroll = await scope.first(payrolls, eq(payrolls.id, payrollId));
    if (!payroll) return;
    // Read in this transaction: on the embedded database a read outside it would wait for it.
    const regulations = await scope.sharedTables((tx) => storedRegulations(tx));
    await recalculateOpenPeriod(scope, regulations, payroll, undefined, from);
  },
  { expireInSeconds: 1800, concurrency: 2 },
);
