/**
 * The service as a process of its own, for the e2e suite's setup (tests/e2e/setup.ts), the crash test
 * (tests/e2e/payout-crash.test.ts) and bench/api.ts: the build when it is older than the sources, a
 * database of its own, a free port, `next start` in its own process group and its end.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, readdirSync, statSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");
export const nextBin = path.join(root, "node_modules/next/dist/bin/next");

/** What `npm run build` reads: a build older than any of these is rebuilt. */
const SOURCES = [
  "app",
  "components",
  "server",
  "drizzle",
  "public",
  "instrumentation.ts",
  "proxy.ts",
  "next.config.ts",
  "postcss.config.mjs",
  "scripts/build-workers.mjs",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function buildIsCurrent(): boolean {
  const buildId = path.join(root, ".next/BUILD_ID");
  if (!existsSync(buildId)) return false;
  const built = statSync(buildId).mtimeMs;
  return SOURCES.every((source) => newestMtime(path.join(root, source)) <= built);
}

/** Runs a command in the package folder; its output is shown with `echo`, and its tail on failure. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv, { echo = false } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      if (echo) process.stdout.write(chunk);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve()
        : reject(
            new Error(`${path.basename(args[0] ?? command)} ${args.slice(1).join(" ")} failed (${code}):\n${output}`),
          ),
    );
  });
}

/**
 * As `npm run build` (the worker bundles that `next start` runs, then the app), when `mode` is
 * "always", or "auto" and the build is older than the sources; `label` names the caller in what it prints.
 */
export async function ensureBuild(
  mode: string,
  { label, echo = false }: { label: string; echo?: boolean },
): Promise<void> {
  if (mode === "never" || (mode === "auto" && buildIsCurrent())) return;
  console.log(`[${label}] next build ...`);
  const started = Date.now();
  await run(
    process.execPath,
    [path.join(root, "scripts/build-workers.mjs")],
    { ...process.env, NODE_ENV: "production" },
    { echo },
  );
  await run(
    process.execPath,
    [nextBin, "build"],
    { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    { echo },
  );
  console.log(`[${label}] built in ${Math.round((Date.now() - started) / 1000)} s`);
}

export function freePort(): Promise<number> {
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

export type OwnDatabase = {
  /** DATABASE_URL of the new PostgreSQL database, or PGLITE_DATA_DIR of the embedded one. */
  env: Record<string, string>;
  /** SQL on the database while no server holds it (an embedded database allows one process at a time). */
  sql: (query: string, params?: unknown[]) => Promise<void>;
  drop: () => Promise<void>;
};

/**
 * A database of the caller's own: a new PostgreSQL database on DATABASE_URL's server, named after it
 * with `label` and the time, or, without DATABASE_URL, an embedded PGlite folder in `workDir`.
 */
export async function freshDatabase(workDir: string, label: string): Promise<OwnDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dataDir = path.join(workDir, "pglite");
    return {
      env: { PGLITE_DATA_DIR: dataDir },
      sql: async (query, params = []) => {
        const { PGlite } = await import("@electric-sql/pglite");
        const db = new PGlite(dataDir);
        try {
          await db.query(query, params);
        } finally {
          await db.close();
        }
      },
      drop: async () => {},
    };
  }
  const { default: postgres } = await import("postgres");
  const url = new URL(serverUrl);
  const name = `${url.pathname.slice(1) || "payroll"}_${label}_${Date.now()}`
    .replace(/[^a-zA-Z0-9_]/g, "_")
    .slice(0, 63);
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  const own = url.toString();
  return {
    env: { DATABASE_URL: own },
    sql: async (query, params = []) => {
      const client = postgres(own, { max: 1, onnotice: () => {} });
      try {
        await client.unsafe(query, params as never[]);
      } finally {
        await client.end();
      }
    },
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

/** Settings of the environment that would point the service elsewhere or change what it does. */
const INHERITED_SETTINGS = [
  "DATABASE_URL",
  "PGLITE_DATA_DIR",
  "PGLITE_TEMPLATE",
  "OIDC_ISSUER",
  "OIDC_CLIENT_ID",
  "OIDC_CLIENT_SECRET",
  "PAYROLL_TEST_HOOKS",
  "TEST_CRASH_AT",
  "SEED_DEMO",
];

/** This process's environment without INHERITED_SETTINGS, with the database's and `extra` settings: a sandbox. */
export function serviceEnv(database: Pick<OwnDatabase, "env">, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED_SETTINGS) delete env[name];
  // RECALC_WARMUP: a test's server starts without warming the recalculation threads (seconds of CPU beside the suite).
  return {
    ...env,
    ...database.env,
    NEXT_TELEMETRY_DISABLED: "1",
    SERVICE_ENVIRONMENT: "sandbox",
    RECALC_WARMUP: "false",
    ...extra,
  };
}

export type ServerProcess = { child: ChildProcess; baseUrl: string; log: () => string };

/** Waits until `url` answers below 500; fails when the server exits first or after `timeoutMs`. */
export async function waitFor(url: string, server: ServerProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { child } = server;
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `The server exited (${child.exitCode ?? child.signalCode}) before ${url} answered:\n${server.log()}`,
      );
    try {
      const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(5_000) });
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await sleep(300);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${server.log()}`);
}

/**
 * `next start` on `port` with `env`, in a process group of its own (stopServer ends the group: next
 * start and the server it forks). Its output goes to `logFile` when given, to stdout with `echo`, and
 * its last 10,000 characters to `log()`. Resolves once /api/openapi.json answers.
 */
export async function startServer({
  env,
  port,
  host,
  logFile,
  echo = false,
  timeoutMs = 120_000,
  nodeArgs = [],
}: {
  env: NodeJS.ProcessEnv;
  port: number;
  host?: string;
  logFile?: string;
  echo?: boolean;
  timeoutMs?: number;
  nodeArgs?: string[];
}): Promise<ServerProcess> {
  const baseUrl = `http://${host ?? "localhost"}:${port}`;
  const child = spawn(
    process.execPath,
    [...nodeArgs, nextBin, "start", "-p", String(port), ...(host ? ["-H", host] : [])],
    { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  const file = logFile ? createWriteStream(logFile) : null;
  let tail = "";
  const keep = (chunk: Buffer) => {
    file?.write(chunk);
    tail = (tail + chunk.toString()).slice(-10_000);
    if (echo) process.stdout.write(chunk);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  child.once("exit", () => file?.end());
  const server = { child, baseUrl, log: () => tail };
  try {
    await waitFor(`${baseUrl}/api/openapi.json`, server, timeoutMs);
  } catch (error) {
    await stopServer(server, "SIGKILL").catch(() => {});
    throw error;
  }
  return server;
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone already
  }
}

/**
 * Ends the server's process group with `signal` (SIGKILL: as a crash would), SIGKILL after 10 s if it
 * is still there, and resolves once no process of the group is left, so that another server may open
 * the same database.
 */
export async function stopServer(server: ServerProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  const { child } = server;
  if (child.pid === undefined) return;
  const pid = child.pid;
  signalGroup(pid, signal);
  for (let waited = 0; groupAlive(pid); waited += 100) {
    if (waited === 10_000) signalGroup(pid, "SIGKILL");
    if (waited >= 20_000) throw new Error(`The server's process group (${pid}) did not end.`);
    await sleep(100);
  }
  if (child.exitCode === null && child.signalCode === null)
    await new Promise<void>((resolve) => child.once("exit", () => resolve()));
}
