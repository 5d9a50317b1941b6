import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { runsProductionBuild } from "../env";

/**
 * The file a kind of worker thread runs (scripts/build-workers.mjs names them: "render" draws PDFs,
 * "recalc" calculates entries). In production the one `npm run build` wrote to .workers/<name>.mjs,
 * which `next start` needs; in development and tests a bundle of the current sources, built on first
 * use into .workers/<name>-<hash>.mjs, so that a change never runs stale code.
 */
export type WorkerName = "render" | "recalc";

const files = ((
  globalThis as unknown as { __payrollWorkerFiles?: Map<WorkerName, Promise<string>> }
).__payrollWorkerFiles ??= new Map());

export function workerFile(name: WorkerName): Promise<string> {
  let file = files.get(name);
  if (!file) {
    files.set(name, (file = buildWorkerFile(name)));
    file.catch(() => files.delete(name));
  }
  return file;
}

async function buildWorkerFile(name: WorkerName): Promise<string> {
  const dir = path.join(process.cwd(), ".workers");
  if (runsProductionBuild()) {
    const file = path.join(dir, `${name}.mjs`);
    if (!existsSync(file))
      throw new Error(
        `The worker ${file} is missing: build with \`npm run build\` (it runs scripts/build-workers.mjs).`,
      );
    return file;
  }
  const script = pathToFileURL(path.join(process.cwd(), "scripts", "build-workers.mjs")).href;
  const { bundleWorker, writeAtomically } = (await import(
    /* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ script
  )) as {
    bundleWorker: (name: WorkerName) => Promise<string>;
    writeAtomically: (file: string, text: string) => string;
  };
  const text = await bundleWorker(name);
  const file = path.join(dir, `${name}-${createHash("sha256").update(text).digest("hex").slice(0, 16)}.mjs`);
  if (!existsSync(file)) writeAtomically(file, text);
  return file;
}
