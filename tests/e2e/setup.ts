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
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2eIdpUrl: string;
    /** The database settings the server runs with, for commands run beside it. */
    e2eDatabaseEnv: Record<string, string>;
  }
}

const root = path.resolve(import.meta.dirname, "../..");
const nextBin = path.join(root, "node_modules/next/dist/bin/next");
const SOURCES = ["app", "components", "server", "drizzle", "public", "instrumentation.ts", "proxy.ts", "next.config.ts", "postcss.config.mjs", "scripts/build-pdf-worker.mjs", "tsconfig.json", "package.json", "package-lock.json"];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function buildIsCurrent(): boolean {
  const buildId = path.join(root, ".next/BUILD_ID");
  if (!existsSync(buildId)) return false;
  const built = statSync(buildId).mtimeMs;
  return SOURCES.every((source) => newestMtime(path.join(root, source)) <= built);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      if (process.env.E2E_VERBOSE) process.stdout.write(chunk);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(args[0] ?? command)} ${args.slice(1).join(" ")} failed (${code}):\n${output}`))));
  });
}

async function ensureBuild() {
  const mode = process.env.E2E_BUILD ?? "auto";
  if (mode === "never" || (mode === "auto" && buildIsCurrent())) return;
  console.log("[e2e] next build ...");
  const started = Date.now();
  // As `npm run build`: the PDF worker bundle (.pdf-worker/render.mjs) that `next start` runs, then the app.
  await run(process.execPath, [path.join(root, "scripts/build-pdf-worker.mjs")], { ...process.env, NODE_ENV: "production" });
  await run(process.execPath, [nextBin, "build"], { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" });
  console.log(`[e2e] built in ${Math.round((Date.now() - started) / 1000)} s`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

type Database = { env: Record<string, string>; drop: () => Promise<void> };

/** A database of its own: a new PostgreSQL database on DATABASE_URL's server, or an embedded one. */
async function freshDatabase(workDir: string): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    return { env: { PGLITE_DATA_DIR: path.join(workDir, "pglite") }, drop: async () => {} };
  }
  const { default: postgres } = await import("postgres");
  const url = new URL(serverUrl);
  const name = `${url.pathname.slice(1) || "payroll"}_e2e_${Date.now()}`.replace(/[^a-zA-Z0-9_]/g, "_").slice(0, 63);
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} });
      try {
        await cleanup.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

async function waitFor(url: string, server: ChildProcess, log: () => string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}) before ${url} answered:\n${log()}`);
    try {
      const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(5_000) });
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${log()}`);
}

function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  const pid = child.pid;
  return new Promise((resolve) => {
    const force = setTimeout(() => {
      try {
        process.kill(-pid, "SIGKILL");
      } catch {
        // already gone
      }
    }, 10_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    try {
      process.kill(-pid, "SIGTERM"); // the group: next start and the server it forks
    } catch {
      clearTimeout(force);
      resolve();
    }
  });
}

export default async function setup(project: TestProject) {
  await ensureBuild();
  const workDir = mkdtempSync(path.join(tmpdir(), "payroll-e2e-"));
  const database = await freshDatabase(workDir);
  const [port, idpPort] = [await freePort(), await freePort()];
  const baseUrl = `http://localhost:${port}`;
  const idpUrl = `http://127.0.0.1:${idpPort}`;

  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["DATABASE_URL", "PGLITE_DATA_DIR", "PGLITE_TEMPLATE", "OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"]) delete env[name];
  Object.assign(env, database.env, {
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    SERVICE_ENVIRONMENT: "sandbox",
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
  });

  const logFile = path.join(workDir, "server.log");
  const logStream = createWriteStream(logFile);
  let tail = "";
  const server = spawn(process.execPath, [nextBin, "start", "-p", String(port)], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const keep = (chunk: Buffer) => {
    logStream.write(chunk);
    tail = (tail + chunk.toString()).slice(-10_000);
    if (process.env.E2E_VERBOSE) process.stdout.write(chunk);
  };
  server.stdout!.on("data", keep);
  server.stderr!.on("data", keep);

  const teardown = async () => {
    await stopProcessGroup(server);
    logStream.end();
    await database.drop().catch((error: unknown) => console.warn("[e2e] could not drop the test database:", error));
    if (process.env.E2E_KEEP) console.log(`[e2e] kept ${workDir} (server.log)`);
    else rmSync(workDir, { recursive: true, force: true });
  };

  try {
    await waitFor(`${baseUrl}/api/openapi.json`, server, () => tail);
    await waitFor(`${idpUrl}/.well-known/openid-configuration`, server, () => tail);
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
