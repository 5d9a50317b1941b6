/**
 * Bundles the PDF worker (server/documents/pdf/worker.ts) into one ES module that Node runs as it
 * is: .pdf-worker/render.mjs (given no argument; `npm run build` and the e2e build do this before
 * `next build`, and `next start` runs it from there) or an in-memory build for pool.ts in
 * development and tests. Next bundles the server code into chunks whose paths are not known ahead,
 * so the worker, which piscina starts by file name, is built beside it. Packages stay external
 * (the same @react-pdf/renderer and React as the app, loaded from node_modules), so a document
 * drawn in a worker is byte for byte the one drawn in the app's own thread.
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const WORKER_DIR = path.join(root, ".pdf-worker");

/** The worker module's text. */
export async function bundlePdfWorker() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [path.join(root, "server/documents/pdf/worker.ts")],
    bundle: true,
    write: false,
    platform: "node",
    format: "esm",
    target: "node20",
    jsx: "automatic",
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    // The threads draw with React's production build (pool.ts sets NODE_ENV=production in their
    // environment, which is what reaches React and react-pdf: they stay outside the bundle); the
    // bundle's own code reads the same value.
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
    plugins: [
      {
        name: "server-only",
        // Outside Next's react-server condition "server-only" throws on import; in a worker it guards nothing.
        setup(b) {
          b.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
          b.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "", loader: "js" }));
        },
      },
    ],
  });
  return result.outputFiles[0].text;
}

/** Writes the bundle to `file` atomically (several processes may build at once). */
export async function writePdfWorker(file = path.join(WORKER_DIR, "render.mjs")) {
  const text = await bundlePdfWorker();
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
  return file;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = await writePdfWorker();
  console.log(`PDF worker: ${path.relative(root, file)}`);
}
