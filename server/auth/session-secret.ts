import "server-only";
import { env } from "../env";
import { storedSessionSecret } from "./keys";

/**
 * NEXTAUTH_SECRET when set (required in production); otherwise a random secret kept in the database
 * (read once; `refresh` reads it again).
 */
export async function sessionSecret({ refresh = false } = {}): Promise<string> {
  return env().NEXTAUTH_SECRET ?? (await storedSessionSecret({ refresh }));
}

/** Whether sessionSecret({ refresh: true }) can answer anything new. */
export const sessionSecretIsStored = () => !env().NEXTAUTH_SECRET;
