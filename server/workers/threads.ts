import os from "node:os";

/**
 * The number of threads a setting asks for (PDF_WORKERS, RECALC_WORKERS): a whole number from 0 on,
 * 0 meaning the work runs in the calling thread; unset or not such a number, one per core.
 */
export function threadsSetting(configured: string | undefined): number {
  return nonNegativeInteger(configured) ?? os.availableParallelism();
}

/** A setting's whole number from 0 on; null when unset or not such a number. */
export function nonNegativeInteger(configured: string | undefined): number | null {
  if (configured === undefined || configured === "") return null;
  const value = Number(configured);
  return Number.isInteger(value) && value >= 0 ? value : null;
}
