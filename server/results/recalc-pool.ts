import "server-only";
import Piscina from "piscina";
import { env } from "../env";
import { threadsSetting } from "../workers/threads";
import { workerFile } from "../workers/worker-file";
import type { RecalcTask, RecalcTaskResult } from "./recalc-worker";

/**
 * Worker threads that calculate a large recalculation's entries (recalc-worker.ts), one per core by
 * default, so that the calculation runs beside this thread, which loads, sends the rows to the
 * database and keeps serving requests meanwhile. RECALC_WORKERS=<n> sets the number of threads;
 * RECALC_WORKERS=0 calculates in the calling thread. Threads start with the first large
 * recalculation (or the warm-up at service start, recalc-warmup.ts) and stay: a new thread would
 * compile the calculation from cold again.
 */
/**
 * A thread keeps the regulations and what one task of 250 employees needs (a few MB, whatever the
 * payroll's size); a young generation of 32 MB keeps it small without the collector taking over
 * (figures: bench/NOTES.md). The old generation's cap only stops a runaway.
 */
const RECALC_THREAD_LIMITS = { maxYoungGenerationSizeMb: 32, maxOldGenerationSizeMb: 128 };

type PoolState = {
  pool: Promise<Piscina<RecalcTask, RecalcTaskResult>> | null;
  sentWith: Map<string, number>;
  warned: boolean;
};
const state = ((globalThis as unknown as { __payrollRecalcPool?: PoolState }).__payrollRecalcPool ??= {
  pool: null,
  sentWith: new Map(),
  warned: false,
});

export function recalcThreads(): number {
  return threadsSetting(env().RECALC_WORKERS);
}

function pool() {
  if (!state.pool) {
    const threads = recalcThreads();
    state.pool = workerFile("recalc").then(
      (filename) =>
        new Piscina<RecalcTask, RecalcTaskResult>({
          filename,
          minThreads: threads,
          maxThreads: threads,
          concurrentTasksPerWorker: 1,
          resourceLimits: RECALC_THREAD_LIMITS,
          // The bundle is plain JavaScript: without this a thread inherits the process's loader flags
          // (tsx under tests and benches: 420 ms to start a thread instead of 70).
          execArgv: [],
        }),
    );
    state.pool.catch(() => (state.pool = null));
    state.sentWith.clear();
  }
  return state.pool;
}

/**
 * Whether large recalculations can use the threads: not when RECALC_WORKERS=0, nor when they cannot be
 * started (the worker bundle missing from a build made without `npm run build`): the recalculation then
 * runs in the calling thread, slower but the same, and the reason is logged once.
 */
export async function recalcThreadsReady(): Promise<boolean> {
  if (recalcThreads() === 0) return false;
  try {
    await pool();
    return true;
  } catch (error) {
    if (!state.warned)
      console.warn(
        `Recalculation threads unavailable, calculating in the calling thread: ${error instanceof Error ? error.message : String(error)}`,
      );
    state.warned = true;
    return false;
  }
}

/**
 * Calculates one slice in a thread. The merged regulations (and the withholding-tax tariffs) go along with the first tasks that name
 * them (twice as many as there are threads, since any thread may take any task) and later only when
 * the thread that took a task does not keep them (it answers `missing`: a thread started since, or
 * one that never took one of the first tasks).
 */
export async function calculateInThread(
  task: Omit<RecalcTask, "regulations" | "qst">,
  sent: () => Pick<RecalcTask, "regulations" | "qst">,
): Promise<Extract<RecalcTaskResult, { missing: false }>> {
  const threads = await pool();
  const keys = [...new Set(Object.values(task.keys)), `qst:${task.qstKey}`];
  const eager = keys.some((key) => (state.sentWith.get(key) ?? 0) < 2 * recalcThreads());
  if (eager) for (const key of keys) state.sentWith.set(key, (state.sentWith.get(key) ?? 0) + 1);
  const first = await threads.run({ ...task, ...(eager ? sent() : { regulations: null, qst: null }) });
  if (!first.missing) return first;
  const second = await threads.run({ ...task, ...sent() });
  if (second.missing) throw new Error("A recalculation thread did not keep the regulations it was sent.");
  return second;
}

/** Ends the threads (benchmarks and tests that measure; the server keeps them). */
export async function closeRecalcPool() {
  const current = state.pool;
  state.pool = null;
  state.sentWith.clear();
  if (current) await (await current).destroy();
}
