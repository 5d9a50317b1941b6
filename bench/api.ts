/**
 * bench/api (run by hand): npm run bench:api [-- --duration 10 --connections 10 --rate 200 --rounds 1 --build auto|always|never]
 * with DATABASE_URL naming a PostgreSQL server (a fresh database is created beside it and dropped after);
 * without it, an embedded PGlite database in a temporary folder.
 *
 * Builds the app when the build is older than the sources (tests/support/server-process.ts, as the e2e suite does), starts `next start`
 * on a free port with the demo seed, takes a token for the demo system user (Administrator of the demo
 * tenant) and one for the demo's Administrator person (admin@demo.example, from the development identity
 * provider), and runs autocannon against each common read, once with each token (the person's rows end
 * in "(person)"; issue 38: within 1.2x of the system user's), and against a bare route (the catch-all
 * 404 of /api, which authenticates nothing and reads nothing), in the same run:
 * - saturated: --connections connections for --duration seconds: req/s and p50/p95/p99 (ms);
 * - paced: --rate requests per second, evenly spaced and sent on time (open loop, see paced()), over at most
 *   --connections connections, for --duration seconds: p50/p95 (ms) at that rate.
 * The bare route is measured again right before each read and the ratio columns compare the read with
 * that neighbour (throughput: bare/read; p95: read/bare), so that a shared, busy machine still gives
 * comparable numbers; CPU time and PostgreSQL commits per request (a count of round trips) are shown beside
 * them, as they depend far less on the machine's other work. --rounds N measures every pair N times
 * over (bare, read; bare, next read; ... then again) and ends with each figure's median and range
 * over the rounds: the same read moved by 2-3x between single runs on this machine. Target (issue 15,
 * item 5): paced p95 under 20 ms and within 2x of the bare route.
 */
import autocannon from "autocannon";
import http from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  ensureBuild,
  freePort,
  freshDatabase,
  serviceEnv,
  startServer,
  stopServer,
  type ServerProcess,
} from "../tests/support/server-process";

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    rate: { type: "string", default: "200" },
    rounds: { type: "string", default: "1" },
    build: { type: "string", default: "auto" },
    only: { type: "string" },
    // A folder for the server's CPU profiles (node --cpu-prof, written when it stops): where a read's time goes.
    profile: { type: "string" },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const RATE = Number(args.rate);
const ROUNDS = Math.max(1, Number(args.rounds));

/** `token`: the bearer token the read is made with (none for the bare route and the JWKS). */
type Target = { name: string; path: string; status: number; token?: string };
type Figures = {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  wrongStatus: number;
  requests: number;
  seconds?: SecondsSpread;
  clientDelayMax?: number;
};
/** The paced run's p95 second by second: whether its tail is spread evenly or comes from a few stalled seconds. */
type SecondsSpread = { medianP95: number; worstP95: number; over20: number; count: number };

function spreadOverSeconds(bySecond: Map<number, number[]>): SecondsSpread {
  const p95s = [...bySecond.values()]
    .map((ls) =>
      percentile(
        ls.sort((a, b) => a - b),
        95,
      ),
    )
    .sort((a, b) => a - b);
  return {
    medianP95: percentile(p95s, 50),
    worstP95: p95s[p95s.length - 1] ?? Number.NaN,
    over20: p95s.filter((p) => p >= 20).length,
    count: p95s.length,
  };
}

/**
 * CPU seconds the given processes have used so far (user + system, from /proc on Linux; NaN elsewhere).
 * CPU time per request depends far less on what else a shared machine runs than latency does.
 */
function cpuSeconds(pids: number[]): number {
  if (!existsSync("/proc/self/stat")) return Number.NaN;
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // gone
    }
  }
  return ticks / 100; // USER_HZ
}

/** The processes of a process group (the server: next start and what it forked). */
function groupPids(pgid: number): number[] {
  if (!existsSync("/proc/self/stat")) return [];
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) === pgid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Requests at a steady rate (open loop): one every 1000/rate ms, each sent at its time whether or
 * not earlier ones have been answered, over at most CONNECTIONS keep-alive connections. autocannon's
 * overallRate cannot measure this: each of its connections sends its share of a second back to back
 * at the start of every second and then waits (lib/httpClient.js, reqsMadeThisSecond), so its "paced"
 * latencies are those of short saturated bursts (a bare route at a third of its capacity showed a
 * p95 of 22-25 ms). A latency here runs from the time the request was due, not from when a
 * connection was free, so a server that falls behind is not flattered (no coordinated omission).
 */
async function paced(baseUrl: string, target: Target): Promise<Figures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const url = new URL(`${baseUrl}${target.path}`);
  const headers = target.token ? { authorization: `Bearer ${target.token}` } : {};
  const latencies: number[] = [];
  const bySecond = new Map<number, number[]>();
  let errors = 0;
  let wrongStatus = 0;
  const one = (due: number) =>
    new Promise<void>((resolve) => {
      const request = http.get(
        { host: url.hostname, port: url.port, path: url.pathname + url.search, headers, agent, timeout: 10_000 },
        (response) => {
          response.resume();
          response.on("end", () => {
            const latency = performance.now() - due;
            latencies.push(latency);
            const second = Math.floor((due - start) / 1000);
            bySecond.set(second, [...(bySecond.get(second) ?? []), latency]);
            if (response.statusCode !== target.status) wrongStatus++;
            resolve();
          });
        },
      );
      request.on("timeout", () => request.destroy(new Error("timeout")));
      request.on("error", () => {
        errors++;
        resolve();
      });
    });
  const clientDelay = monitorEventLoopDelay({ resolution: 5 });
  clientDelay.enable();
  const interval = 1000 / RATE;
  const total = Math.round(RATE * DURATION);
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    // A timer that fires late counts against the server (the latency runs from `due`): conservative by up to a millisecond.
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(one(due));
  }
  await Promise.all(inFlight);
  clientDelay.disable();
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / ((performance.now() - start) / 1000),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
    wrongStatus,
    requests: latencies.length,
    seconds: spreadOverSeconds(bySecond),
    clientDelayMax: clientDelay.max / 1e6,
  };
}

/** Every response's latency is kept (autocannon's own summary has no p95). */
function cannon(baseUrl: string, target: Target): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    let wrongStatus = 0;
    const instance = autocannon(
      {
        url: `${baseUrl}${target.path}`,
        connections: CONNECTIONS,
        duration: DURATION,
        headers: target.token ? { authorization: `Bearer ${target.token}` } : {},
      },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        resolve({
          rps: result.requests.total / DURATION,
          p50: percentile(latencies, 50),
          p95: percentile(latencies, 95),
          p99: percentile(latencies, 99),
          errors: result.errors + result.timeouts,
          wrongStatus,
          requests: result.requests.total,
        });
      },
    );
    instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
      if (statusCode !== target.status) wrongStatus++;
    });
  });
}

async function json(baseUrl: string, pathname: string, token: string): Promise<unknown> {
  const response = await fetch(`${baseUrl}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${pathname}: ${response.status} ${await response.text()}`);
  return response.json();
}

function listOf(body: unknown): Record<string, unknown>[] {
  if (Array.isArray(body)) return body as Record<string, unknown>[];
  const record = body as Record<string, unknown>;
  for (const key of ["items", "data", "employees", "payrunPeriods", "periods"])
    if (Array.isArray(record[key])) return record[key] as Record<string, unknown>[];
  throw new Error(`Not a list: ${JSON.stringify(body).slice(0, 300)}`);
}

async function main() {
  await ensureBuild(args.build, { label: "bench:api" });
  const workDir = mkdtempSync(path.join(tmpdir(), "bench-api-"));
  const database = await freshDatabase(workDir, "bench_api");
  const [port, idpPort] = [await freePort(), await freePort()];
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = serviceEnv(database, {
    // The demo system user's credentials are kept beside PGLITE_DATA_DIR (server/demo/seed.ts): in the temporary folder.
    PGLITE_DATA_DIR: database.env.PGLITE_DATA_DIR ?? path.join(workDir, "pglite"),
    NODE_ENV: "production",
    PUBLIC_URL: baseUrl,
    NEXTAUTH_URL: baseUrl,
    DEV_IDP_HOST: "127.0.0.1",
    DEV_IDP_PORT: String(idpPort),
    SEED_DEMO: "true",
  });
  let server: ServerProcess | null = null;
  try {
    server = await startServer({
      env,
      port,
      host: "127.0.0.1",
      logFile: path.join(workDir, "server.log"),
      timeoutMs: 180_000,
      nodeArgs: args.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(args.profile)}`] : [],
    });
    // The seed runs at start; its credentials file appears when it is done.
    const credentials = path.join(workDir, "demo-system-user.json");
    const deadline = Date.now() + 120_000;
    while (!existsSync(credentials) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 300));
    await new Promise((r) => setTimeout(r, 1000));
    const { clientId, clientSecret } = JSON.parse(readFileSync(credentials, "utf8")) as {
      clientId: string;
      clientSecret: string;
    };
    const tokenResponse = await fetch(`${baseUrl}/api/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "client_credentials", client_id: clientId, client_secret: clientSecret }),
    });
    if (!tokenResponse.ok) throw new Error(`token: ${tokenResponse.status} ${await tokenResponse.text()}`);
    const token = ((await tokenResponse.json()) as { access_token: string }).access_token;

    const tenant = listOf(await json(baseUrl, "/api/tenants", token)).find((t) => String(t.name).includes("Demo"))!;
    const orgId = String(tenant.id);
    const payroll = listOf(await json(baseUrl, `/api/tenants/${orgId}/payrolls`, token))[0]!;
    const payrollId = String(payroll.id);
    const employees = listOf(await json(baseUrl, `/api/tenants/${orgId}/employees`, token));
    const periods = listOf(await json(baseUrl, `/api/tenants/${orgId}/payrolls/${payrollId}/payrunperiods`, token));
    const open =
      periods.find((p) => String(p.status ?? p.periodStatus ?? "").toLowerCase() === "open") ??
      periods[periods.length - 1]!;
    const period = `/api/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/${String(open.id)}`;

    // The demo's Administrator signs in through the development identity provider: the same reads with a person's token.
    const personResponse = await fetch(`${baseUrl}/api/dev/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@demo.example" }),
    });
    if (!personResponse.ok) throw new Error(`person token: ${personResponse.status} ${await personResponse.text()}`);
    const personToken = ((await personResponse.json()) as { access_token: string }).access_token;
    const reads = [
      { name: "employees list", path: `/api/tenants/${orgId}/employees`, status: 200 },
      { name: "one employee", path: `/api/tenants/${orgId}/employees/${String(employees[0]!.id)}`, status: 200 },
      { name: "open period entries", path: `${period}/entries`, status: 200 },
      { name: "payroll control", path: `${period}/controlling`, status: 200 },
    ];
    const targets: Target[] = [
      { name: "bare route (catch-all 404)", path: "/api/no-such-route", status: 404 },
      { name: "JWKS", path: "/api/.well-known/jwks.json", status: 200 },
      ...reads.flatMap((read) => [
        { ...read, token },
        { ...read, name: `${read.name} (person)`, token: personToken },
      ]),
    ].filter((t) => !args.only || t.name === "bare route (catch-all 404)" || t.name.includes(args.only));
    for (const target of targets) {
      const response = await fetch(`${baseUrl}${target.path}`, {
        headers: target.token ? { authorization: `Bearer ${target.token}` } : {},
      });
      const text = await response.text();
      if (response.status !== target.status)
        throw new Error(`${target.name} ${target.path}: ${response.status} ${text.slice(0, 300)}`);
    }

    // The machine may be shared: the bare route is measured right before each read, and each ratio is to that neighbour.
    // CPU per request: the server's processes and, on PostgreSQL, the backends serving its database.
    const serverPids = groupPids(server.child.pid!);
    const onDatabase = async <T>(work: (client: import("postgres").Sql) => Promise<T>, otherwise: T): Promise<T> => {
      if (!database.env.DATABASE_URL) return otherwise;
      const { default: postgres } = await import("postgres");
      const client = postgres(database.env.DATABASE_URL, { max: 1, onnotice: () => {} });
      try {
        return await work(client);
      } finally {
        await client.end();
      }
    };
    const backendPids = () =>
      onDatabase(
        async (client) =>
          (
            await client<
              { pid: number }[]
            >`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`
          ).map((r) => r.pid),
        [] as number[],
      );
    // Statements outside a transaction commit one by one: commits per request count the round trips (give or take the job worker's polls).
    const commits = () =>
      onDatabase(async (client) => {
        await new Promise((r) => setTimeout(r, 1500)); // backends report their counts at most once a second
        const [row] = await client<
          { commits: string }[]
        >`select xact_commit::text as commits from pg_stat_database where datname = current_database()`;
        return Number(row!.commits);
      }, Number.NaN);
    type Measured = {
      saturated: Figures;
      paced: Figures;
      cpuMs: { server: number; database: number };
      commits: number;
    };
    const measure = async (target: Target): Promise<Measured> => {
      // A short warm-up so that the first (compiling, connecting) requests are not measured.
      await autocannon({
        url: `${baseUrl}${target.path}`,
        connections: 2,
        amount: 50,
        headers: target.token ? { authorization: `Bearer ${target.token}` } : {},
      });
      const backends = await backendPids();
      const commitsBefore = await commits();
      const before = { server: cpuSeconds(serverPids), database: cpuSeconds(backends) };
      const saturated = await cannon(baseUrl, target);
      const perRequest = (seconds: number) => (seconds * 1000) / Math.max(saturated.requests, 1);
      const cpuMs = {
        server: perRequest(cpuSeconds(serverPids) - before.server),
        database: perRequest(cpuSeconds(backends) - before.database),
      };
      const commitsPerRequest = ((await commits()) - commitsBefore) / Math.max(saturated.requests, 1);
      return { saturated, paced: await paced(baseUrl, target), cpuMs, commits: commitsPerRequest };
    };
    const f = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "-");
    const [bareTarget, ...measured] = targets as [Target, ...Target[]];
    const rows: { target: Target; round: number; read: Measured; bare: Measured }[] = [];
    for (let round = 1; round <= ROUNDS; round++)
      for (const target of measured) {
        const bare = await measure(bareTarget);
        const read = await measure(target);
        rows.push({ target, round, read, bare });
        console.log(
          `[bench:api]${ROUNDS > 1 ? ` round ${round}` : ""} ${target.name}: ${read.saturated.rps.toFixed(0)} req/s (bare ${bare.saturated.rps.toFixed(0)}), paced p95 ${read.paced.p95.toFixed(1)} ms (bare ${bare.paced.p95.toFixed(1)}); this process's own event loop was late by at most ${f(read.paced.clientDelayMax ?? Number.NaN, 1)} ms while pacing (bare ${f(bare.paced.clientDelayMax ?? Number.NaN, 1)})`,
        );
      }

    const header = [
      "read",
      "req/s",
      "p50",
      "p95",
      "p99",
      `p95@${RATE}/s`,
      "1 s p95 median/worst (>=20)",
      "bare req/s",
      `bare p95@${RATE}/s`,
      "bare 1 s worst",
      "bare/read req/s",
      "read/bare p95@rate",
      "cpu ms/req",
      "bare cpu ms/req",
      "read/bare cpu",
      "commits/req",
      "bad",
    ];
    const seconds = (figures: Figures) =>
      figures.seconds
        ? `${f(figures.seconds.medianP95, 1)}/${f(figures.seconds.worstP95, 1)} (${figures.seconds.over20} of ${figures.seconds.count})`
        : "-";
    const cpu = (m: Measured) => m.cpuMs.server + (Number.isFinite(m.cpuMs.database) ? m.cpuMs.database : 0);
    const table = rows.map(({ target, round, read, bare }) => [
      ROUNDS > 1 ? `${target.name} #${round}` : target.name,
      f(read.saturated.rps),
      f(read.saturated.p50, 1),
      f(read.saturated.p95, 1),
      f(read.saturated.p99, 1),
      f(read.paced.p95, 1),
      seconds(read.paced),
      f(bare.saturated.rps),
      f(bare.paced.p95, 1),
      f(bare.paced.seconds?.worstP95 ?? Number.NaN, 1),
      f(bare.saturated.rps / read.saturated.rps, 2),
      f(read.paced.p95 / Math.max(bare.paced.p95, 1), 2),
      `${f(cpu(read), 2)} (${f(read.cpuMs.server, 2)}+${f(read.cpuMs.database, 2)})`,
      f(cpu(bare), 2),
      f(cpu(read) / cpu(bare), 2),
      f(read.commits, 2),
      String(read.saturated.errors + read.saturated.wrongStatus + read.paced.errors + read.paced.wrongStatus),
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
    const line = (cells: string[]) =>
      cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
    console.log("");
    console.log(
      `bench:api  ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}, ${CONNECTIONS} connections, ${DURATION} s each, paced at ${RATE} req/s; latencies in ms`,
    );
    console.log(line(header));
    for (const row of table) console.log(line(row));
    if (ROUNDS > 1) {
      // Each figure's median over the rounds, with its range: what a single run of a shared machine cannot show.
      const spread = (values: number[], digits: number) => {
        const sorted = [...values].sort((a, b) => a - b);
        const middle = sorted.length / 2;
        const median = sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
        return `${f(median, digits)} (${f(sorted[0]!, digits)}-${f(sorted[sorted.length - 1]!, digits)})`;
      };
      const mediansHeader = [
        `read (median of ${ROUNDS} rounds, range)`,
        `p95@${RATE}/s`,
        `bare p95@${RATE}/s`,
        "read/bare p95@rate",
        "bare/read req/s",
        "read/bare cpu",
        "cpu ms/req",
      ];
      const medians = measured.map((target) => {
        const of = rows.filter((r) => r.target === target);
        return [
          target.name,
          spread(
            of.map((r) => r.read.paced.p95),
            1,
          ),
          spread(
            of.map((r) => r.bare.paced.p95),
            1,
          ),
          spread(
            of.map((r) => r.read.paced.p95 / Math.max(r.bare.paced.p95, 1)),
            2,
          ),
          spread(
            of.map((r) => r.bare.saturated.rps / r.read.saturated.rps),
            2,
          ),
          spread(
            of.map((r) => cpu(r.read) / cpu(r.bare)),
            2,
          ),
          spread(
            of.map((r) => cpu(r.read)),
            2,
          ),
        ];
      });
      const mediansWidths = mediansHeader.map((h, i) => Math.max(h.length, ...medians.map((r) => r[i]!.length)));
      const mediansLine = (cells: string[]) =>
        cells.map((c, i) => (i === 0 ? c.padEnd(mediansWidths[i]!) : c.padStart(mediansWidths[i]!))).join("  ");
      console.log("");
      console.log(mediansLine(mediansHeader));
      for (const row of medians) console.log(mediansLine(row));
    }
    console.log(
      "(bare: the catch-all 404 measured right before each read. bare/read req/s: how many times fewer " +
        "requests the read serves; read/bare p95@rate: paced p95 over the bare route's, that taken as at " +
        "least 1 ms; 1 s p95: the paced run's p95 second by second, the median second's and the worst's, and " +
        "how many seconds reached 20 ms (a stall of the machine shows as one bad second, on the bare route " +
        "too); cpu ms/req: CPU time per request of the saturated run, server + database backends, which " +
        "depends far less on a shared machine's other work than latency; commits/req: PostgreSQL commits per " +
        "request of that run, one per statement outside a transaction, so the round trips to the database; " +
        "bad: errors, timeouts and unexpected statuses)",
    );
  } finally {
    if (server) await stopServer(server);
    await database.drop().catch((error: unknown) => console.warn("[bench:api] could not drop the database:", error));
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
