import { env, type Env } from "@/server/env";

/**
 * Changes settings of this process's parsed environment (server/env.ts parses it once; the service
 * reads `env()` where it uses a setting) and gives back the function that restores them. For tests
 * and benches that try the service with another setting, as RECALC_WORKERS=0.
 */
export function changeSettings(patch: Partial<Env>): () => void {
  const current = env();
  const saved = Object.fromEntries(Object.keys(patch).map((key) => [key, current[key as keyof Env]])) as Partial<Env>;
  Object.assign(current, patch);
  return () => void Object.assign(current, saved);
}
