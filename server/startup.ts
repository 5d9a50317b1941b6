import "server-only";
import { connection } from "./db/client";
import { env, usesDevIdentityProvider, warmsRecalcThreads } from "./env";

const slot = globalThis as unknown as { __payrollStarted?: Promise<void> };

/**
 * Runs once per server process (instrumentation.ts): opens the database and applies migrations,
 * serves the embedded database to the command line, starts the development identity provider,
 * seeds the demo data outside production, and
 * starts the background job worker (pg-boss: the ELM submission, the daily regulation update), and
 * (in production) warms the recalculation threads in the background.
 */
export function startService() {
  slot.__payrollStarted ??= (async () => {
    env();
    // Test runs only (the e2e suites' servers): the hooks module is not loaded otherwise.
    if (env().PAYROLL_TEST_HOOKS === "true") (await import("./testing/install")).installTestHooks();
    const { kind } = await connection();
    if (kind === "pglite") {
      const { serveAdminSocket } = await import("./admin/socket");
      await serveAdminSocket();
    }
    if (usesDevIdentityProvider()) {
      const { startDevIdentityProvider } = await import("./auth/dev-idp");
      await startDevIdentityProvider();
    }
    const { seedDemoIfWanted } = await import("./demo/seed");
    await seedDemoIfWanted();
    if (env().JOBS_WORKER === "true") {
      const { startJobWorker } = await import("./job-worker");
      await startJobWorker();
    }
    if (warmsRecalcThreads()) void warmRecalculation();
  })();
  return slot.__payrollStarted;
}

/** Not awaited: the service answers meanwhile; a failure costs only the speed of the first large recalculation. */
async function warmRecalculation() {
  try {
    const started = performance.now();
    const { storedRegulations } = await import("./regulations/store");
    const { warmRecalcThreads } = await import("./results/recalc-warmup");
    const { warmed } = await warmRecalcThreads(await storedRegulations());
    if (warmed)
      console.info(
        `Recalculation threads warmed with ${warmed} synthetic employees in ${Math.round(performance.now() - started)} ms.`,
      );
  } catch (error) {
    console.warn(`Warming the recalculation threads failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
