import "server-only";
import { connection } from "./db/client";
import { env, usesDevIdentityProvider } from "./env";

const slot = globalThis as unknown as { __payrollStarted?: Promise<void> };

/**
 * Runs once per server process (instrumentation.ts): opens the database and applies migrations,
 * serves the embedded database to the command line, starts the development identity provider,
 * seeds the demo data outside production, and
 * starts the background job worker (pg-boss: the ELM submission, the daily regulation update).
 */
export function startService() {
  slot.__payrollStarted ??= (async () => {
    env();
    const { kind } = await connection();
    if (kind === "pglite") {
      const { serveAdminSocket } = await import("./db/admin-socket");
      await serveAdminSocket();
    }
    if (usesDevIdentityProvider()) {
      const { startDevIdentityProvider } = await import("./auth/dev-idp");
      await startDevIdentityProvider();
    }
    const { seedDemoIfWanted } = await import("./demo/seed");
    await seedDemoIfWanted();
    if (env().JOBS_WORKER === "true") {
      const { startJobWorker } = await import("./jobs/worker");
      await startJobWorker();
    }
  })();
  return slot.__payrollStarted;
}
