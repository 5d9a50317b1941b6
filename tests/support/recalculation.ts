import { subscribe } from "node:diagnostics_channel";
import { RECALC_WRITTEN, type RecalcWrittenMessage } from "@/server/results/recalc-phases";
import { testHooks } from "@/server/testing/hooks";

/** How many recalculations of this process wrote their entries each way (the RECALC_WRITTEN channel). */
export const written = { json: 0, staged: 0, direct: 0, threads: 0 };
subscribe(RECALC_WRITTEN, (message) => {
  const { path, threads } = message as RecalcWrittenMessage;
  written[path]++;
  if (threads) written.threads++;
});

/** Lowers the recalculation's thresholds (server/results/recalculate/tuning.ts RECALC_TUNING) until resetRecalculation(). */
export function tuneRecalculation(tuning: NonNullable<typeof testHooks.recalcTuning>) {
  testHooks.recalcTuning = { ...testHooks.recalcTuning, ...tuning };
}

export function resetRecalculation() {
  delete testHooks.recalcTuning;
}
