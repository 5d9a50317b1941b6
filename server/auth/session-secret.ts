import "server-only";
import { env } from "../env";
import { storedSessionSecret } from "./keys";

/** NEXTAUTH_SECRET when set (required in production); otherwise a random secret kept in the database. */
export async function sessionSecret(): Promise<string> {
  return env().NEXTAUTH_SECRET ?? (await storedSessionSecret());
}
