import "server-only";
import { sql } from "drizzle-orm";
import { testHooks } from "../../testing/hooks";

/**
 * From this many employees on (copyFrom), entries are written through COPY (entryCopier) rather than
 * as JSON statements: straight into payrun_entries when the open period has no entries yet ("direct":
 * a period just opened), else into a staging table they are upserted from ("staged"), and calculated
 * in worker threads ("threads", unless RECALC_WORKERS=0). A whole payroll is read `slice` employees
 * at a time (slicesToRead), up to `readsAhead` slices ahead (readsAhead()). Tests lower them through
 * the test seam (testHooks.recalcTuning) to reach those paths, and see which path ran on the
 * RECALC_WRITTEN channel (recalc-phases.ts).
 */
export const RECALC_TUNING = { copyFrom: 1000, slice: 1000, readsAhead: 10 } as const;
export const tuning = (): { copyFrom: number; slice: number; readsAhead: number } =>
  testHooks.recalcTuning ? { ...RECALC_TUNING, ...testHooks.recalcTuning } : RECALC_TUNING;

/** Employees calculated between two writes: large enough for few round trips, small enough to overlap calculating with writing. */
export const WRITE_BATCH = 250;
/**
 * Slices read ahead of the one being written (slicesToRead; RECALC_TUNING.readsAhead of them for a recalculation of the open period alone): a
 * payroll of up to 10,000 employees is read whole before its rows are written, so that its entries go out in
 * one COPY (a read between two slices ends the COPY and waits for the database to store what it had).
 * Larger payrolls keep the window, holding a few slices whatever their size. A chain through closed periods
 * also reads their booked lines, so the window shrinks with the chain's length, to 2 from 5 periods on.
 * Why these numbers: bench/NOTES.md (bench/recalc-big).
 */
export const readsAhead = (periods: number) => Math.max(2, Math.floor(tuning().readsAhead / periods));
/** Employees a worker thread calculates per task: enough to make a task's overhead small, few enough to start writing early and to keep a thread's heap small. */
export const THREAD_SLICE = 250;
/** Tasks given to the threads beyond the rows written: keeps them busy while bounding the rows held in memory. */
export const TASKS_AHEAD = 8;
/** Writes sent but not yet answered when the calculation goes on: bounds the memory held for them. */
export const WRITES_IN_FLIGHT = 2;

/**
 * An entry is mostly its lines' explanations, which PostgreSQL stores compressed. Its default
 * compression (pglz) takes about a third of the database's time when a whole payroll is written;
 * lz4 is several times faster. So this transaction's writes use lz4 where the server has it
 * (PostgreSQL 14+ built with lz4, as the Debian and PGDG packages are; not PGlite, which keeps
 * pglz: the exception handler swallows the refusal). Setting it is local to the transaction;
 * readers are unaffected, since every stored value records how it was compressed.
 */
export const preferLz4 = sql.raw(
  `do $$ begin perform set_config('default_toast_compression', 'lz4', true); exception when others then null; end $$`,
);

/** From this many employees on, a recalculation asks for lz4 compression of what it writes (preferLz4); a few entries gain nothing by it. */
export const LZ4_FROM = 100;
