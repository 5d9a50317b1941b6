import os from "node:os";

/**
 * The number of threads a setting asks for (PDF_WORKERS, RECALC_WORKERS, parsed in server/env.ts):
 * 0 meaning the work runs in the calling thread; unset, one per core.
 */
export function threadsSetting(configured: number | undefined): number {
  return configured ?? os.availableParallelism();
}
