/**
 * Bundles the code that runs in worker threads into one ES module per kind of worker, that Node runs
 * as it is: the PDF worker (server/documents/pdf/worker.ts, "render") and the recalculation worker
 * (server/results/recalc-worker.ts, "recalc"). Given no argument it writes .workers/<name>.mjs
 * (`npm run build` and the e2e build do this before `next build`, and `next start` runs them from
 * there); worker-file.ts builds in memory in development and tests. Next bundles the server code into
 * chunks whose paths are not known ahead, so the workers, which piscina starts by file name, are built
 * beside it. Packages stay external (the same @react-pdf/renderer and React as the app, loaded from
 * node_modules), so a document drawn in a worker is byte for byte the one drawn in the app's own
 * thread, and an entry calculated in a worker the one calculated in it.
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const WORKER_DIR = path.join(root, ".workers");
export const WORKER_ENTRIES = { render: "server/documents/pdf/worker.ts", recalc: "server/results/recalc-worker.ts" };

/** The module text of the worker `name` (a key of WORKER_ENTRIES). */
export async function bundleWorker(name) {
  const entry = WORKER_ENTRIES[name];
  if (!entry) throw new Error(`No worker named ${name}`);
  const result = await build({
    absWorkingDir: root,
    entryPoints: [path.join(root, entry)],
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

/** Writes `text` to `file` atomically (several processes may build at once). */
export function writeAtomically(file, text) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
  return file;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const name of Object.keys(WORKER_ENTRIES)) {
    const file = writeAtomically(path.join(WORKER_DIR, `${name}.mjs`), await bundleWorker(name));
    console.log(`worker ${name}: ${path.relative(root, file)}`);
  }
}
