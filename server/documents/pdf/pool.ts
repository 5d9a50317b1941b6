import Piscina from "piscina";
import { env } from "../../env";
import { threadsSetting } from "../../workers/threads";
import { workerFile } from "../../workers/worker-file";
import type { StoredModel } from "../build";

/**
 * PDFs are drawn in a pool of worker threads (piscina), one per core by default, each with the
 * renderers and fonts loaded once (worker.ts). A request or job waits on its own document while
 * other documents are drawn beside it and the event loop stays free for everything else.
 *
 * The worker runs a bundle of worker.ts, not Next's chunks (server/workers/worker-file.ts: written by
 * `npm run build` to .workers/render.mjs, built on first use in development and tests).
 * The threads always run React's production build (NODE_ENV=production in their environment: React
 * stays outside the bundle, so only the thread's environment reaches it): its development build
 * keeps a stack trace per element and draws the same bytes more slowly.
 *
 * Threads are recycled: after PDF_RECYCLE_AFTER documents (default 5,000) the pool's threads are
 * replaced by fresh ones, so that whatever a renderer keeps from one document to the next cannot
 * grow without end. New documents go to the new threads at once; the old ones finish every document
 * already given to them before they end, so no draw is lost. Each thread's heap is capped as well
 * (resourceLimits); a thread that dies anyway fails only its own document, which is drawn once more.
 *
 * PDF_WORKERS=<n> sets the number of threads; PDF_WORKERS=0 draws in the calling thread.
 */
type Generation = {
  pool: Promise<Piscina<StoredModel, Uint8Array>>;
  given: number;
  inFlight: number;
  retired: boolean;
};
type PoolState = { current: Generation | null; generations: number };
const state = ((globalThis as unknown as { __payrollPdfPool?: PoolState }).__payrollPdfPool ??= {
  current: null,
  generations: 0,
});

/** A thread's old generation (long-lived objects: renderers, fonts) stays far below this; the cap only stops a runaway. */
const MAX_OLD_GENERATION_MB = 512;
/**
 * A draw allocates about 2 MB that die with it; with V8's default young generation the collector
 * copied and promoted the document in progress every few documents. A larger one lets most documents
 * die before it is collected, for more resident memory per thread (figures: bench/NOTES.md).
 */
const MAX_YOUNG_GENERATION_MB = 128;

/** The heap limits of a PDF thread (bench/close gives its bare draw the same). */
export const pdfThreadLimits = {
  maxOldGenerationSizeMb: MAX_OLD_GENERATION_MB,
  maxYoungGenerationSizeMb: MAX_YOUNG_GENERATION_MB,
};

export function pdfThreads(): number {
  return threadsSetting(env().PDF_WORKERS);
}

/** Documents one set of threads draws before it is replaced. */
export function pdfRecycleAfter(): number {
  return env().PDF_RECYCLE_AFTER;
}

/** The file the threads run (bench/close draws with it in a thread of its own, without the pool). */
export function pdfWorkerFile() {
  return workerFile("render");
}

function newGeneration(): Generation {
  const threads = pdfThreads();
  // One thread from the start; more only when documents queue up (a single download never starts a second).
  const pool = pdfWorkerFile().then(
    (filename) =>
      new Piscina<StoredModel, Uint8Array>({
        filename,
        minThreads: 1,
        maxThreads: threads,
        idleTimeout: 10 * 60_000,
        concurrentTasksPerWorker: 1,
        // eslint-disable-next-line no-restricted-properties -- the threads' own environment, not a setting read here
        env: { ...process.env, NODE_ENV: "production" },
        resourceLimits: pdfThreadLimits,
      }),
  );
  const generation: Generation = { pool, given: 0, inFlight: 0, retired: false };
  pool.catch(() => {
    if (state.current === generation) state.current = null;
  });
  state.generations += 1;
  return generation;
}

/** The generation the next document goes to; a full one is retired (it ends once its documents are drawn). */
function generationForNextDocument(): Generation {
  let generation = state.current;
  if (!generation) generation = state.current = newGeneration();
  generation.given += 1;
  if (generation.given >= pdfRecycleAfter()) {
    generation.retired = true;
    state.current = null;
  }
  return generation;
}

async function endIfDone(generation: Generation) {
  if (generation.retired && generation.inFlight === 0) await (await generation.pool).destroy();
}

async function drawIn(generation: Generation, model: StoredModel) {
  generation.inFlight += 1;
  try {
    return await (await generation.pool).run(model);
  } finally {
    generation.inFlight -= 1;
    void endIfDone(generation).catch(() => {});
  }
}

/** Draws one document in the pool: the same bytes as drawModel in this thread. */
export async function drawInPool(model: StoredModel): Promise<Buffer> {
  if (pdfThreads() === 0) return (await import("./draw")).drawModel(model);
  let bytes: Uint8Array;
  try {
    bytes = await drawIn(generationForNextDocument(), model);
  } catch (error) {
    if (!threadDied(error)) throw error;
    // Its thread died under it (e.g. over its heap cap); piscina has replaced the thread.
    bytes = await drawIn(generationForNextDocument(), model);
  }
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function threadDied(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === "ERR_WORKER_OUT_OF_MEMORY" || (error instanceof Error && /^worker exited with code/.test(error.message))
  );
}

/** The thread ids of the threads drawing now and how many sets of threads this process has started (tests). */
export async function pdfPoolThreads(): Promise<{ threadIds: number[]; generations: number }> {
  const current = state.current;
  const threadIds = current ? (await current.pool).threads.map((thread) => thread.threadId) : [];
  return { threadIds, generations: state.generations };
}

/** Ends the pool's threads (benchmarks and tests that measure; the server keeps it). */
export async function closePdfPool() {
  const current = state.current;
  state.current = null;
  if (current) {
    current.retired = true;
    await endIfDone(current);
  }
}
