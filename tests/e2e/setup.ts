/**
 * vitest globalSetup of the e2e project: builds the app when the build is missing or older than the
 * sources, and starts `next start` on a free port with its own fresh database (a new PostgreSQL
 * database beside DATABASE_URL, or an embedded PGlite folder in a temporary directory), the demo
 * seed, and the development identity provider on another free port. Tests read the addresses with
 * `inject("e2eBaseUrl")` and `inject("e2eIdpUrl")`.
 *
 * E2E_BUILD=always|never overrides the freshness check; E2E_VERBOSE=1 shows the server's output;
 * E2E_KEEP=1 keeps the temporary folder (server log, embedded database) after the run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import {
  ensureBuild,
  freePort,
  freshDatabase,
  serviceEnv,
  startServer,
  stopServer,
  waitFor,
  type ServerProcess,
} from "../support/server-process";

declare module "vitest" {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2eIdpUrl: string;
    /** The database settings the server runs with, for commands run beside it. */
    e2eDatabaseEnv: Record<string, string>;
  }
}

export default async function setup(project: TestProject) {
  await ensureBuild(process.env.E2E_BUILD ?? "auto", { label: "e2e", echo: Boolean(process.env.E2E_VERBOSE) });
  const workDir = mkdtempSync(path.join(tmpdir(), "payroll-e2e-"));
  const database = await freshDatabase(workDir, "e2e");
  const [port, idpPort] = [await freePort(), await freePort()];
  const baseUrl = `http://localhost:${port}`;
  const idpUrl = `http://127.0.0.1:${idpPort}`;

  const env = serviceEnv(database, {
    NODE_ENV: "production",
    PUBLIC_URL: baseUrl,
    NEXTAUTH_URL: baseUrl,
    DEV_IDP_HOST: "127.0.0.1",
    DEV_IDP_PORT: String(idpPort),
    SEED_DEMO: "true",
    // Webhook receivers of the browser suites listen on 127.0.0.1 over http (contract section 9, sandboxes and
    // tests only); a failed delivery is retried once after about a second, then only an hour later, so that a
    // suite sees an automatic retry and then decides itself (redeliver) what happens next.
    WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
    WEBHOOK_RETRY_DELAYS_MS: "1000,3600000",
    // The test hooks (server/testing/install.ts): the server records its answers when npm test sets API_RESPONSE_RECORD.
    PAYROLL_TEST_HOOKS: "true",
  });

  let server: ServerProcess | null = null;
  const teardown = async () => {
    try {
      if (server) await stopServer(server);
    } finally {
      await database.drop().catch((error: unknown) => console.warn("[e2e] could not drop the test database:", error));
      if (process.env.E2E_KEEP) console.log(`[e2e] kept ${workDir} (server.log)`);
      else rmSync(workDir, { recursive: true, force: true });
    }
  };

  try {
    server = await startServer({
      env,
      port,
      logFile: path.join(workDir, "server.log"),
      echo: Boolean(process.env.E2E_VERBOSE),
    });
    await waitFor(`${idpUrl}/.well-known/openid-configuration`, server);
  } catch (error) {
    await teardown();
    throw error;
  }
  console.log(`[e2e] console at ${baseUrl}, development identity provider at ${idpUrl}`);
  project.provide("e2eBaseUrl", baseUrl);
  project.provide("e2eIdpUrl", idpUrl);
  project.provide("e2eDatabaseEnv", database.env);
  return teardown;
}
