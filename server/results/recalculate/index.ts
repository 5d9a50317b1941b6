/**
 * The recalculation of a payroll's open period (recalculate-open-period.ts) and the one entry for
 * whoever records values and then recalculates (record-and-recalculate.ts: it takes the payroll's
 * results lock first). Inside: the chain of periods and the regulations merged for each (chain.ts),
 * the reads (reads.ts, slices.ts), the calculation in this thread (in-process.ts) or in worker threads
 * (threads.ts), the two writers (entry-writer.ts: JSON statements; entry-copier.ts: COPY) and the
 * thresholds that choose between them (tuning.ts).
 */
export { mergeVersions, mergedVersions, regulationFor, regulationKey, versionsFor } from "./chain";
export { type HeldLock, historyOf, payrollPeriods } from "./reads";
export { recalculateOpenPeriod, touchedPeriods } from "./recalculate-open-period";
export { type Recording, recordAndRecalculate } from "./record-and-recalculate";
export { RECALC_TUNING } from "./tuning";
