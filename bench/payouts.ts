/**
 * bench/payouts (run by hand): npm run bench:payouts [-- --sizes 1000,10000 --profile /tmp/payout]
 * or: npx tsx --conditions=react-server bench/payouts.ts
 *
 * One payout of everyone's whole open amount (POST .../payouts with an empty body, through the
 * service verb the route calls: entries locked, Payroll Control, creditors, the pain.001 file, the
 * payout, its lines, the PaymentFile document, paid_out and the event, in one transaction) for a
 * payroll of N employees whose January is open and calculated. Each size runs in a fresh child
 * process, so that its peak memory is its own (peak RSS: the kernel's high-water mark of the
 * process, ru_maxrss, which includes setting up the payroll; and the RSS sampled during the payout).
 * Time is wall time and CPU time (user + system): on a machine shared by many processes the wall
 * time mostly measures the wait for a core. With PGlite (the default, in memory) the database runs
 * in this process, so its CPU time counts too; with DATABASE_URL the PostgreSQL backends' CPU time
 * is read from /proc and shown apart. --profile writes a CPU profile of the payout per size
 * (<path>-<N>.cpuprofile, Chrome DevTools format). Afterwards bench/pain001 times the builder alone
 * for 10,000 payments. --queries prints the time of each SQL statement of the payout (as drizzle
 * executes it: parameters sent, rows received and mapped). Target: under 3 s for 10,000 employees, growing linearly.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { benchPayroll, cpuSecondsOf, peakRss } from "./fixture";

process.env.PGLITE_DATA_DIR ??= "memory://";

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: {
    sizes: { type: "string", default: "1000,10000" },
    child: { type: "string" },
    profile: { type: "string" },
    queries: { type: "boolean", default: false },
    "skip-pain001": { type: "boolean", default: false },
  },
});

type Outcome = {
  count: number;
  paid: number;
  total: string;
  fileBytes: number;
  wallMs: number;
  cpuMs: number;
  dbCpuMs: number;
  peakRssMb: number;
  sampledRssMb: number;
  setupS: number;
};

/** The values a payment file needs, under the cases the payout reads (the fixture files everything under "Bench"). */
async function addPaymentData(tenantId: string, payrollId: string, employeeIds: string[]) {
  const { getDb } = await import("../server/db/client");
  const schema = await import("../server/db/schema");
  const { newId } = await import("../server/ids");
  const db = await getDb();
  const start = "2026-01-01";
  const company = newId();
  await db.insert(schema.caseChanges).values({
    id: company,
    tenantId,
    payrollId,
    employeeId: null,
    caseName: "CompanyBankAccount",
    createdBy: "system:bench",
    createdByName: "bench",
  });
  const companyValues: [string, string, string][] = [
    ["CompanyAddress", "CompanyStreet", "Bahnhofstrasse"],
    ["CompanyAddress", "CompanyHouseNumber", "1"],
    ["CompanyAddress", "CompanyPostalCode", "8001"],
    ["CompanyAddress", "CompanyCity", "Zürich"],
    ["CompanyAddress", "CompanyCountry", "CH"],
    ["CompanyBankAccount", "CompanyIban", "CH5604835012345678009"],
  ];
  await db.insert(schema.caseValues).values(
    companyValues.map(([caseName, fieldName, value]) => ({
      id: newId(),
      tenantId,
      caseChangeId: company,
      payrollId,
      employeeId: null,
      caseName,
      fieldName,
      value,
      start,
    })),
  );
  for (let offset = 0; offset < employeeIds.length; offset += 500) {
    const batch = employeeIds.slice(offset, offset + 500);
    const changes = batch.map((employeeId) => ({
      id: newId(),
      tenantId,
      payrollId,
      employeeId,
      caseName: "EmployeeAddress",
      createdBy: "system:bench",
      createdByName: "bench",
    }));
    await db.insert(schema.caseChanges).values(changes);
    const values = batch.flatMap((employeeId, i) => {
      const n = offset + i;
      const fields: [string, string, string][] = [
        ["EmployeeAddress", "Street", n % 3 ? "Seestrasse" : "Rue du Marché"],
        ["EmployeeAddress", "HouseNumber", String(1 + (n % 200))],
        ["EmployeeAddress", "PostalCode", String(1000 + (n % 8000))],
        ["EmployeeAddress", "City", n % 2 ? "Zürich" : "Genève"],
        ["EmployeeAddress", "Country", "CH"],
        ["EmployeeBankAccount", "Iban", "CH93 0076 2011 6238 5295 7"],
      ];
      return fields.map(([caseName, fieldName, value]) => ({
        id: newId(),
        tenantId,
        caseChangeId: changes[i]!.id,
        payrollId,
        employeeId,
        caseName,
        fieldName,
        value,
        start,
      }));
    });
    await db.insert(schema.caseValues).values(values);
  }
}

async function child(count: number): Promise<Outcome> {
  const setupStarted = performance.now();
  const { getDb, closeDb } = await import("../server/db/client");
  const schema = await import("../server/db/schema");
  const { eq, sql } = await import("drizzle-orm");
  const { createSystemUser } = await import("../server/auth/system-users");
  const { recalculateOpenPeriod } = await import("../server/results/recalculate");
  const { storedRegulations } = await import("../server/regulations/store");
  const { inTenant } = await import("../server/db/tenant-scope");
  const { createPayout } = await import("../server/payouts/create-payout");
  const db = await getDb();
  const bench = await benchPayroll(db, await createSystemUser("bench-payouts"), count, "2026-01-01");
  await addPaymentData(bench.tenantId, bench.payroll.id, bench.employeeIds);
  const [payroll] = await db.select().from(schema.payrolls).where(eq(schema.payrolls.id, bench.payroll.id));
  await inTenant(bench.ctx, async (scope) => recalculateOpenPeriod(scope, await storedRegulations(), payroll!));
  const setupS = (performance.now() - setupStarted) / 1000;

  // PostgreSQL: the backends of this database, whose CPU time is the database's share of the payout.
  const backends = async () =>
    process.env.DATABASE_URL
      ? (
          (await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)) as unknown as {
            pid: number;
          }[]
        ).map((r) => Number(r.pid))
      : [];
  const pids = await backends();
  const db0 = pids.reduce((s, pid) => s + (cpuSecondsOf(pid) || 0), 0);

  const timings: { sql: string; params: number; rows: number; ms: number }[] = [];
  if (args.queries) {
    const drizzleSession = process.env.DATABASE_URL
      ? await import("drizzle-orm/postgres-js/session")
      : await import("drizzle-orm/pglite/session");
    const prepared = ("PostgresJsPreparedQuery" in drizzleSession
      ? drizzleSession.PostgresJsPreparedQuery
      : (drizzleSession as typeof import("drizzle-orm/pglite/session")).PglitePreparedQuery
    ).prototype as unknown as {
      execute: (this: { queryString: string; params: unknown[] }, ...rest: unknown[]) => Promise<unknown>;
    };
    const execute = prepared.execute;
    prepared.execute = async function (this: { queryString: string; params: unknown[] }, ...rest: unknown[]) {
      const started = performance.now();
      const result = await execute.apply(this, rest);
      timings.push({
        sql: this.queryString.replace(/\s+/g, " ").slice(0, 90),
        params: this.params.length,
        rows: Array.isArray(result) ? result.length : -1,
        ms: performance.now() - started,
      });
      return result;
    };
  }
  const session = args.profile ? new Session() : null;
  if (session) {
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.start");
  }
  const rss = peakRss();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const created = await createPayout({
    ctx: bench.ctx,
    payrollId: bench.payroll.id,
    payrunPeriodId: "open",
    input: {},
    receivedAt: new Date(),
  });
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const sampled = rss.stop();
  const dbCpuMs = ((await backends()).reduce((s, pid) => s + (cpuSecondsOf(pid) || 0), 0) - db0) * 1000;
  if (session) {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(`${args.profile}-${count}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  }
  if (args.queries) {
    const inQueries = timings.reduce((sum, t) => sum + t.ms, 0);
    for (const t of timings)
      console.error(
        `${t.ms.toFixed(0).padStart(6)} ms  ${String(t.params).padStart(6)} params ${String(t.rows).padStart(6)} rows  ${t.sql}`,
      );
    console.error(
      `${timings.length} statements, ${(inQueries / 1000).toFixed(2)} s of ${(wallMs / 1000).toFixed(2)} s; the rest is JavaScript between them`,
    );
  }
  await closeDb();
  return {
    count,
    paid: created.payout.count,
    total: created.payout.total,
    fileBytes: created.bytes.length,
    wallMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    dbCpuMs,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    sampledRssMb: sampled / 1024 / 1024,
    setupS,
  };
}

function main() {
  const database = process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : "PGlite in memory, in this process";
  console.log(
    `one payout of everyone's open amount (file included), node ${process.version}, ${database}, each size in its own process`,
  );
  const results: Outcome[] = [];
  for (const size of args.sizes.split(",").map(Number)) {
    const run = spawnSync(
      process.execPath,
      [
        ...process.execArgv,
        process.argv[1]!,
        "--child",
        String(size),
        ...(args.profile ? ["--profile", args.profile] : []),
        ...(args.queries ? ["--queries"] : []),
      ],
      {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
        maxBuffer: 64 * 1024 * 1024,
        env: process.env,
      },
    );
    if (run.status !== 0) throw new Error(`size ${size} failed (${run.status}):\n${run.stdout}`);
    const line = run.stdout.trim().split("\n").pop()!;
    const r = JSON.parse(line) as Outcome;
    results.push(r);
    const db = process.env.DATABASE_URL ? `, PostgreSQL backends ${(r.dbCpuMs / 1000).toFixed(2)} s CPU` : "";
    console.log(
      `${String(size).padStart(6)} employees: paid ${r.paid} (CHF ${r.total}), file ${(r.fileBytes / 1024 / 1024).toFixed(1)} MiB; ` +
        `wall ${(r.wallMs / 1000).toFixed(2)} s, CPU ${(r.cpuMs / 1000).toFixed(2)} s${db}; RSS during the payout up to ${r.sampledRssMb.toFixed(0)} MB, ` +
        `process peak ${r.peakRssMb.toFixed(0)} MB (set-up ${r.setupS.toFixed(0)} s)`,
    );
  }
  for (let i = 1; i < results.length; i++) {
    const [a, b] = [results[i - 1]!, results[i]!];
    console.log(
      `growth ${a.count} -> ${b.count} (x${(b.count / a.count).toFixed(0)}): wall x${(b.wallMs / a.wallMs).toFixed(1)}, CPU x${(b.cpuMs / a.cpuMs).toFixed(1)}`,
    );
  }
  if (!args["skip-pain001"]) {
    console.log("the pain.001 builder alone (bench/pain001):");
    const pain = spawnSync(
      process.execPath,
      [...process.execArgv, path.join(import.meta.dirname, "pain001.ts"), "--sizes", "10000", "--runs", "3"],
      { encoding: "utf8", stdio: "inherit" },
    );
    if (pain.status !== 0) throw new Error("bench/pain001 failed");
  }
}

if (args.child) {
  child(Number(args.child)).then(
    (outcome) => process.stdout.write(`\n${JSON.stringify(outcome)}\n`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
} else {
  main();
}
