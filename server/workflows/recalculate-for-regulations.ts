import "server-only";
import { eq } from "drizzle-orm";
import { payrolls } from "../db/schema";
import { registerJobHandler } from "../jobs/queue";
import { REGULATIONS_RECALCULATE } from "../regulations/update";
import { storedRegulations } from "../regulations/store";
import { recalculateOpenPeriod } from "../results/recalculate";

/** One payroll whose results new regulation versions change (server/regulations/update.ts schedules it). */
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
