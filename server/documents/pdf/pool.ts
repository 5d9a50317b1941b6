import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import Piscina from "piscina";
import type { StoredModel } from "../build";

/**
 * PDFs are drawn in a pool of worker threads (piscina), one per core by default, each with the
 * renderers and fonts loaded once (worker.ts). A request or job waits on its own document while
 * other documents are drawn beside it and the event loop stays free for everything else.
 *
 * The worker runs a bundle of worker.ts, not Next's chunks: `next build` (through `npm run build`)
 * is preceded by scripts/build-pdf-worker.mjs, which writes .pdf-worker/render.mjs, and `next start`
 * runs that. In development and tests (NODE_ENV not production) the bundle is built on first use
 * from the current sources into .pdf-worker/render-<hash>.mjs, so a change never runs stale code.
 *
 * PDF_WORKERS=<n> sets the number of threads; PDF_WORKERS=0 draws in the calling thread.
 */
type PoolState = { pool: Promise<Piscina<StoredModel, Uint8Array>> | null };
const state = ((globalThis as unknown as { __payrollPdfPool?: PoolState }).__payrollPdfPool ??= { pool: null });

export function pdfThreads(): number {
  const configured = process.env.PDF_WORKERS;
  if (configured !== undefined && configured !== "" && Number.isInteger(Number(configured)) && Number(configured) >= 0) return Number(configured);
  return os.availableParallelism();
}

async function workerFile(): Promise<string> {
  const dir = path.join(process.cwd(), ".pdf-worker");
  if (process.env.NODE_ENV === "production") {
    const file = path.join(dir, "render.mjs");
    if (!existsSync(file)) throw new Error(`The PDF worker ${file} is missing: build with \`npm run build\` (it runs scripts/build-pdf-worker.mjs).`);
    return file;
  }
  const script = pathToFileURL(path.join(process.cwd(), "scripts", "build-pdf-worker.mjs")).href;
  const { bundlePdfWorker } = (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ script)) as { bundlePdfWorker: () => Promise<string> };
  const text = await bundlePdfWorker();
  const file = path.join(dir, `render-${createHash("sha256").update(text).digest("hex").slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(temporary, text);
    renameSync(temporary, file);
  }
  return file;
}

function pool() {
  if (!state.pool) {
    const threads = pdfThreads();
    // One thread from the start; more only when documents queue up (a single download never starts a second).
    state.pool = workerFile().then(
      (filename) => new Piscina<StoredModel, Uint8Array>({ filename, minThreads: 1, maxThreads: threads, idleTimeout: 10 * 60_000, concurrentTasksPerWorker: 1 }),
    );
    state.pool.catch(() => (state.pool = null));
  }
  return state.pool;
}

/** Draws one document in the pool: the same bytes as drawModel in this thread. */
export async function drawInPool(model: StoredModel): Promise<Buffer> {
  if (pdfThreads() === 0) return (await import("./draw")).drawModel(model);
  const bytes = await (await pool()).run(model);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Ends the pool's threads (benchmarks and tests that measure; the server keeps it). */
export async function closePdfPool() {
  const current = state.pool;
  state.pool = null;
  if (current) await (await current).destroy();
}
