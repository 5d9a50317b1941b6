import "server-only";
import os from "node:os";
import Piscina from "piscina";
import { workerFile } from "../workers/worker-file";
import type { RecalcTask, RecalcTaskResult } from "./recalc-worker";

/**
 * Worker threads that calculate a large recalculation's entries (recalc-worker.ts), one per core by
 * default, so that the calculation runs beside this thread, which loads, sends the rows to the
 * database and keeps serving requests meanwhile. RECALC_WORKERS=<n> sets the number of threads;
 * RECALC_WORKERS=0 calculates in the calling thread. Threads start with the first large
 * recalculation and end after ten idle minutes.
 */
/**
 * A thread keeps the regulations and what a slice of 500 employees needs (a few MB, whatever the
 * payroll's size); with V8's defaults each thread's heap grew to about 90 MB before it was collected,
 * which put a recalculation of 10,000 employees over 400 MB in all. Capped, the collector runs
 * earlier (bench/recalc-big: peak about 360-410 MB, same times within the noise).
 */
const RECALC_THREAD_LIMITS = { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 96 };

type PoolState = { pool: Promise<Piscina<RecalcTask, RecalcTaskResult>> | null };
const state = ((globalThis as unknown as { __payrollRecalcPool?: PoolState }).__payrollRecalcPool ??= { pool: null });

export function recalcThreads(): number {
  const configured = process.env.RECALC_WORKERS;
  const value = configured === undefined || configured === "" ? NaN : Number(configured);
  return Number.isInteger(value) && value >= 0 ? value : os.availableParallelism();
}

function pool() {
  if (!state.pool) {
    const threads = recalcThreads();
    state.pool = workerFile("recalc").then(
      (filename) => new Piscina<RecalcTask, RecalcTaskResult>({ filename, minThreads: 1, maxThreads: threads, idleTimeout: 10 * 60_000, concurrentTasksPerWorker: 1, resourceLimits: RECALC_THREAD_LIMITS }),
    );
    state.pool.catch(() => (state.pool = null));
  }
  return state.pool;
}

/**
 * Calculates one slice in a thread; the merged regulations go along only when the thread does not
 * keep them yet (it answers `missing` once per thread and set of regulations).
 */
export async function calculateInThread(task: Omit<RecalcTask, "regulations">, regulations: () => RecalcTask["regulations"]): Promise<Extract<RecalcTaskResult, { missing: false }>> {
  const threads = await pool();
  const first = await threads.run({ ...task, regulations: null });
  if (!first.missing) return first;
  const second = await threads.run({ ...task, regulations: regulations() });
  if (second.missing) throw new Error("A recalculation thread did not keep the regulations it was sent.");
  return second;
}

/** Ends the threads (benchmarks and tests that measure; the server keeps them). */
export async function closeRecalcPool() {
  const current = state.pool;
  state.pool = null;
  if (current) await (await current).destroy();
}
