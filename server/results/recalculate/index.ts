/**
 * The recalculation of a payroll's open period (recalculate-open-period.ts). Inside: the chain of
 * periods and the regulations merged for each (chain.ts), the reads (reads.ts, slices.ts), the
 * calculation in this thread (in-process.ts) or in worker threads (threads.ts), the two writers
 * (entry-writer.ts: JSON statements; entry-copier.ts: COPY) and the thresholds that choose between
 * them (tuning.ts).
 */
export { mergeVersions, mergedVersions, regulationFor, regulationKey, versionsFor } from "./chain";
export { type HeldLock, historyOf, payrollPeriods } from "./reads";
export { recalculateOpenPeriod, touchedPeriods } from "./recalculate-open-period";
export { RECALC_TUNING } from "./tuning";
