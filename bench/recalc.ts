/**
 * bench/recalc (run by hand): npm run bench:recalc [-- --employees 1000 --changes 40 --big 10000]
 *
 * 1. A payroll of N employees with 12 closed periods (2025), the open period January 2026. Then
 *    back-dated salary changes (start 2025-01-01, 12 months back) through the real route handler
 *    POST /api/tenants/{orgId}/payrolls/{payrollId}/cases: p50 and p95 of the whole call (after 10
 *    calls not counted, shown apart: the first calls of a process compile the path),
 *    recalculation and retro booking included; then a company-wide change (the FAK rate) back-dated
 *    12 months, which recalculates every employee through every period of the year.
 * 2. A payroll of BIG employees: the time and peak memory to recalculate its open period.
 * --profile <file> writes a CPU profile of the back-dated changes (part 1) only.
 * Uses DATABASE_URL (PostgreSQL) when set, else an in-memory PGlite.
 */
import { parseArgs } from "node:util";
import { benchPayroll, ceilingLine, copyCeiling, cpuSecondsOf, peakRss, phaseRecorder } from "./fixture";

process.env.PGLITE_DATA_DIR ??= "memory://";

// `npm run bench:recalc -- --big 10000` passes the options as they are; a `--` left in by other launchers is ignored.
const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: {
    employees: { type: "string", default: "1000" },
    changes: { type: "string", default: "40" },
    big: { type: "string", default: "10000" },
    profile: { type: "string" },
  },
});
const N = Number(args.employees);
const CHANGES = Number(args.changes);
const WARM_UP = 10;
const BIG = Number(args.big);

async function main() {
  const { getDb, closeDb } = await import("../server/db/client");
  const schema = await import("../server/db/schema");
  const { createSystemUser } = await import("../server/auth/system-users");
  const { closePeriod } = await import("../server/workflows/close-period");
  const { recalculateOpenPeriod } = await import("../server/results/recalculate");
  const { storedRegulations } = await import("../server/regulations/store");
  const { TenantScope } = await import("../server/db/tenant-scope");
  const casesRoute = await import("../app/api/tenants/[orgId]/payrolls/[payrollId]/cases/route");
  const { sql } = await import("drizzle-orm");
  const db = await getDb();
  const systemUser = await createSystemUser("bench");
  const tokenResponse = await (
    await import("../app/api/oauth/token/route")
  ).POST(
    new Request("http://localhost/api/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        grant_type: "client_credentials",
        client_id: systemUser.clientId,
        client_secret: systemUser.clientSecret,
      }),
    }),
    { params: Promise.resolve({}) },
  );
  const token = ((await tokenResponse.json()) as { access_token: string }).access_token;

  const payrollWith = (employeeCount: number, start: string) => benchPayroll(db, systemUser, employeeCount, start);

  const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  const regulations = await storedRegulations();
  // What `npm run build` does ahead in production: bundle the recalculation threads' code (the threads start in the first run).
  await (await import("../server/workers/worker-file")).workerFile("recalc");

  // --- 1. back-dated changes with 12 closed periods -------------------------------------------
  let t0 = performance.now();
  const small = await payrollWith(N, "2025-01-01");
  const setup = performance.now() - t0;
  t0 = performance.now();
  for (let month = 0; month < 12; month++) {
    if (month === 0) {
      const [row] = await db
        .select()
        .from(schema.payrolls)
        .where((await import("drizzle-orm")).eq(schema.payrolls.id, small.payroll.id));
      await db.transaction(async (tx) =>
        recalculateOpenPeriod(await TenantScope.entered(tx as never, small.tenantId), regulations, row!),
      );
    }
    const result = await closePeriod({ ctx: small.ctx, payrollId: small.payroll.id, payrunPeriodId: "open" });
    if (result.status !== "closed") throw new Error("close failed");
  }
  const closing = performance.now() - t0;
  const latencies: number[] = [];
  // --profile <file>: a CPU profile (Chrome DevTools format) of the back-dated changes only.
  const session = args.profile ? new (await import("node:inspector/promises")).Session() : null;
  if (session) {
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.start");
  }
  // The first calls of a process compile the path (a running service has long done so): WARM_UP calls first, reported apart.
  const firstCalls: number[] = [];
  let changesCpu = process.cpuUsage();
  for (let i = 0; i < WARM_UP + CHANGES; i++) {
    if (i === WARM_UP) changesCpu = process.cpuUsage();
    const employeeId = small.employeeIds[Math.floor(Math.random() * small.employeeIds.length)]!;
    const body = {
      caseName: "Salary",
      employeeId,
      values: [{ caseFieldName: "MonthlySalary", value: `${5000 + i}.00`, start: "2025-01-01" }],
    };
    const started = performance.now();
    const response = await casesRoute.POST(
      new Request(`http://localhost/api/tenants/${small.tenantId}/payrolls/${small.payroll.id}/cases`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
      { params: Promise.resolve({ orgId: small.tenantId, payrollId: small.payroll.id }) },
    );
    (i < WARM_UP ? firstCalls : latencies).push(performance.now() - started);
    if (response.status !== 201) throw new Error(`POST cases: ${response.status} ${await response.text()}`);
  }
  const changesCpuMs = (({ user, system }) => (user + system) / 1000 / CHANGES)(process.cpuUsage(changesCpu));
  if (session) {
    const { profile } = await session.post("Profiler.stop");
    (await import("node:fs")).writeFileSync(args.profile!, JSON.stringify(profile));
    session.disconnect();
  }
  latencies.sort((a, b) => a - b);

  // A company-wide change back-dated 12 months (the FAK rate) recalculates every employee through
  // every closed period of the year and books the differences: a few calls, each timed whole.
  const companyLatencies: number[] = [];
  for (let i = 0; i < 3; i++) {
    const body = {
      caseName: "CompanyFak",
      employeeId: null,
      values: [{ caseFieldName: "FakRate", value: `1.${100 + i}`, start: "2025-01-01" }],
    };
    const started = performance.now();
    const response = await casesRoute.POST(
      new Request(`http://localhost/api/tenants/${small.tenantId}/payrolls/${small.payroll.id}/cases`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
      { params: Promise.resolve({ orgId: small.tenantId, payrollId: small.payroll.id }) },
    );
    companyLatencies.push(performance.now() - started);
    if (response.status !== 201) throw new Error(`POST cases: ${response.status} ${await response.text()}`);
  }

  // --- 2. one period of a big payroll -------------------------------------------------------
  const big = await payrollWith(BIG, "2026-01-01");
  const [payrollRow] = await db
    .select()
    .from(schema.payrolls)
    .where((await import("drizzle-orm")).eq(schema.payrolls.id, big.payroll.id));
  const phases = await phaseRecorder();
  const rss = peakRss();
  let serverCpu = NaN;
  const cpu0 = process.cpuUsage();
  t0 = performance.now();
  const outcome = await db.transaction(async (tx) => {
    // The database server's CPU time, when it runs on this machine (read from /proc; not timed).
    const start = performance.now();
    const backend = process.env.DATABASE_URL
      ? Number(((await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { pid: number }[])[0]!.pid)
      : NaN;
    const server0 = cpuSecondsOf(backend);
    t0 += performance.now() - start;
    const result = await recalculateOpenPeriod(
      await TenantScope.entered(tx as never, big.tenantId),
      regulations,
      payrollRow!,
    );
    serverCpu = cpuSecondsOf(backend) - server0;
    return result;
  });
  const bigMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const peak = rss.stop();

  const kind = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
  console.log(`database: ${kind}`);
  console.log(
    `setup of ${N} employees: ${(setup / 1000).toFixed(1)} s; closing 12 periods: ${(closing / 1000).toFixed(1)} s`,
  );
  console.log(
    `back-dated salary change (12 months back, ${CHANGES} calls through POST .../cases, after ${WARM_UP} not counted: ${firstCalls.map((ms) => ms.toFixed(0)).join(", ")} ms): p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, max ${latencies[latencies.length - 1]!.toFixed(1)} ms; CPU of this process ${changesCpuMs.toFixed(1)} ms per call`,
  );
  console.log(
    `company-wide change (FakRate, 12 months back, ${N} employees x 13 periods, 3 calls): ${companyLatencies.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(", ")}`,
  );
  console.log(
    `recalculate one period of ${outcome.recalculated} employees: ${(bigMs / 1000).toFixed(2)} s = ${Math.round(outcome.recalculated / (bigMs / 1000))} employee-periods/s; peak RSS ${(peak / 1024 / 1024).toFixed(0)} MB`,
  );
  const ceiling = await copyCeiling(outcome.period!.id);
  console.log(
    ceiling
      ? `  ceiling: ${ceilingLine(ceiling, bigMs, "recalculation")}`
      : "  ceiling: COPY measured on PostgreSQL only (set DATABASE_URL)",
  );
  console.log(`  RSS when it started: ${(rss.before / 1024 / 1024).toFixed(0)} MB (the process's, after part 1)`);
  console.log(`  phases (writes overlap the calculation; store is the wait for them): ${phases.report()}`);
  console.log(
    `  CPU: this process ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s, database server ${Number.isNaN(serverCpu) ? "n/a" : `${serverCpu.toFixed(2)} s`}`,
  );
  await (await import("../server/results/recalc-pool")).closeRecalcPool();
  await closeDb();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
