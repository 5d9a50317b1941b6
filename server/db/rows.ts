/**
 * The rows of a raw statement's result (`db.execute(sql\`...\`)`), whichever driver ran it:
 * postgres.js returns the rows as the result, PGlite wraps them in `rows`. The one place that knows.
 */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}
