import "server-only";
import { eq } from "drizzle-orm";
import { payrolls } from "../db/schema";
import { registerJobHandler } from "../jobs/queue";
import { REGULATIONS_RECALCULATE } from "../regulations/update";
import { reloadRegulations } from "../regulations/store";
import { recalculateOpenPeriod } from "../results/recalculate";

/** One payroll whose results new regulation versions change (server/regulations/update.ts schedules it). */
registerJobHandler(
  REGULATIONS_RECALCULATE,
  async (scope, payload) => {
    const { payrollId, from } = payload as { payrollId: string; from: string };
    const payroll = await scope.first(payrolls, eq(payrolls.id, payrollId));
    if (!payroll) return;
    // Not the cached regulations: the update that sent this job may have run in another process, and this
    // process's cache may not hold its versions yet. Read in this transaction: on the embedded database a read
    // outside it would wait for it.
    const regulations = await scope.sharedTables((tx) => reloadRegulations(tx));
    await recalculateOpenPeriod(scope, regulations, payroll, undefined, from);
  },
  { expireInSeconds: 1800, concurrency: 2 },
);
