/**
 * bench/recalc-big (run by hand, to work on recalculation speed): only part 2 of bench/recalc, the
 * open period of a payroll of BIG employees, recalculated RUNS times, with the time per phase.
 *   tsx --conditions=react-server bench/recalc-big.ts --big 10000 --runs 3 [--warm] [--payrolls 1] [--profile /tmp/recalc.cpuprofile [--profile-run K]] [--timeline] [--threads]
 * --warm warms the recalculation threads first, as the service does at start in production
 * (server/startup.ts); without it run 1 is the first large recalculation of a process whose threads
 * have not calculated yet. --payrolls N makes N payrolls of BIG employees and takes them in turn: the
 * first N runs each fill a period without entries (a period just opened), and only the first of them
 * is the process's first large recalculation. The profile (Chrome DevTools format) covers the
 * recalculations only, not the set-up or the ceilings; --profile-run K covers run K only. --timeline
 * prints, after each run, when each slice was read, calculated, sent and stored (ms from the run's
 * start), with the database server's CPU, this process's CPU and its heap so far: what the database
 * connection waited for, and whether the server was busy meanwhile. Each run's line gives the CPU of the
 * main thread and of the others (recalculation threads, V8's and libuv's helpers); --threads lists each thread.
 * --taxed-at-source N taxes every N-th employee at source (issue 39: 5 = 2,000 of 10,000), in turn in the shipped
 * monthly-model cantons ZH, AG and LU with the codes A0N, B1N, C2N and H1N, and in GE (annual model) with A0N and
 * B0N from the excerpt of GE's file (tests/fixtures/qst), stored in the bench's database first.
 * --wage-kinds N gives every N-th employee (counted from the second) issue 40's wage kinds, in turn: a company car (45,000.00) and a 14th
 * salary paid monthly; free board and lodging (990.00); a minor salary (200.00 a month, exempt from AHV).
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { parseArgs } from "node:util";
import {
  benchPayroll,
  ceilingLine,
  copyCeiling,
  cpuSecondsOf,
  peakRss,
  phaseRecorder,
  threadCpu,
  threadCpuSince,
} from "./fixture";

process.env.PGLITE_DATA_DIR ??= "memory://";

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: {
    big: { type: "string", default: "10000" },
    runs: { type: "string", default: "3" },
    profile: { type: "string" },
    warm: { type: "boolean", default: false },
    timeline: { type: "boolean", default: false },
    payrolls: { type: "string", default: "1" },
    "profile-run": { type: "string" },
    threads: { type: "boolean", default: false },
    "taxed-at-source": { type: "string", default: "0" },
    "wage-kinds": { type: "string", default: "0" },
  },
});

const TAXED_EVERY = Number(args["taxed-at-source"]);
const QST_CANTONS = ["ZH", "AG", "LU", "GE"];
const QST_CODES = ["A0N", "B1N", "C2N", "H1N"];
const GE_CODES = ["A0N", "B0N"];
/** Employee n's withholding-tax values under --taxed-at-source (none without it). */
const taxedAtSource = (n: number): Record<string, string> => {
  if (!TAXED_EVERY || n % TAXED_EVERY) return {};
  const k = n / TAXED_EVERY;
  const canton = QST_CANTONS[k % QST_CANTONS.length]!;
  const codes = canton === "GE" ? GE_CODES : QST_CODES;
  return { TaxAtSourceTariff: codes[Math.floor(k / QST_CANTONS.length) % codes.length]!, TaxAtSourceCanton: canton };
};

const WAGE_KINDS_EVERY = Number(args["wage-kinds"]);
const WAGE_KINDS: Record<string, string>[] = [
  { CompanyCarPrice: "45000.00", FourteenthSalary: "monthly" },
  { BoardAndLodgingValue: "990.00" },
  { MonthlySalary: "200.00", WeeklyHours: "4" },
];
/** Employee n's values: withholding tax under --taxed-at-source, the wage kinds under --wage-kinds. */
const employeeExtras = (n: number): Record<string, string> => ({
  ...taxedAtSource(n),
  // Offset by one, so that they do not fall on the employees taxed at source.
  ...(WAGE_KINDS_EVERY && n % WAGE_KINDS_EVERY === 1
    ? WAGE_KINDS[Math.floor(n / WAGE_KINDS_EVERY) % WAGE_KINDS.length]
    : {}),
});

async function main() {
  const { getDb, closeDb } = await import("../server/db/client");
  const schema = await import("../server/db/schema");
  const { eq, sql } = await import("drizzle-orm");
  const { rowsOf } = await import("../server/db/rows");
  const { createSystemUser } = await import("../server/auth/system-users");
  const { recalculateOpenPeriod } = await import("../server/results/recalculate");
  const { storedRegulations } = await import("../server/regulations/store");
  const { TenantScope } = await import("../server/db/tenant-scope");
  const db = await getDb();
  if (TAXED_EVERY) await (await import("../tests/fixtures/ge-excerpt")).storeGeExcerpt(db);
  const regulations = await storedRegulations();
  // What `npm run build` does ahead in production: bundle the recalculation threads' code (the threads start in the first run).
  await (await import("../server/workers/worker-file")).workerFile("recalc");
  if (args.warm) {
    const t = performance.now();
    const { warmed } = await (await import("../server/results/recalc-warmup")).warmRecalcThreads(regulations);
    console.log(`warm-up: ${warmed} synthetic employees in ${((performance.now() - t) / 1000).toFixed(2)} s`);
  }
  const systemUser = await createSystemUser("bench");
  const bigs = [];
  for (let i = 0; i < Number(args.payrolls); i++) {
    const big = await benchPayroll(db, systemUser, Number(args.big), "2026-01-01", { employee: employeeExtras });
    const [payrollRow] = await db.select().from(schema.payrolls).where(eq(schema.payrolls.id, big.payroll.id));
    bigs.push({ big, payrollRow: payrollRow! });
  }
  const phases = await phaseRecorder();
  const timeline: string[] = [];
  let timelineStart = 0;
  // The database server's CPU and this process's since the run started, beside each event (the server's in clock ticks of 10 ms).
  let timelineBackend = NaN;
  let timelineCpu = { server: 0, process: process.cpuUsage() };
  const cpuSoFar = () => {
    const own = process.cpuUsage(timelineCpu.process);
    const server = Number.isNaN(timelineBackend)
      ? ""
      : `server ${((cpuSecondsOf(timelineBackend) - timelineCpu.server) * 1000).toFixed(0).padStart(5)} ms, `;
    return `${server}process ${((own.user + own.system) / 1000).toFixed(0).padStart(5)} ms, heap ${(process.memoryUsage().heapUsed / 1048576).toFixed(0)} MB`;
  };
  if (args.timeline) {
    const { RECALC_EVENT } = await import("../server/results/recalc-phases");
    (await import("node:diagnostics_channel")).subscribe(RECALC_EVENT, (message) => {
      const { label, slice } = message as import("../server/results/recalc-phases").RecalcEventMessage;
      timeline.push(
        `${(performance.now() - timelineStart).toFixed(1).padStart(7)} ms  (CPU: ${cpuSoFar()})  ${label}${slice === undefined ? "" : ` (slice ${slice})`}`,
      );
    });
  }
  const session = args.profile ? new Session() : null;
  if (session) {
    session.connect();
    await session.post("Profiler.enable");
  }
  // The runs profiled: all, or the one --profile-run names (1-based).
  const profiled = (run: number) => !args["profile-run"] || run === Number(args["profile-run"]) - 1;
  const stopProfile = async () => {
    if (!session) return;
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(args.profile!, JSON.stringify(profile));
    session.disconnect();
  };
  const runs: { ms: number; periodId: string }[] = [];
  for (let run = 0; run < Number(args.runs); run++) {
    const { big, payrollRow } = bigs[run % bigs.length]!;
    phases.reset();
    if (session && profiled(run) && (run === 0 || !profiled(run - 1))) await session.post("Profiler.start");
    const rss = peakRss();
    let t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const threads0 = threadCpu(args.threads);
    let serverCpu = NaN;
    const outcome = await db.transaction(async (tx) => {
      const start = performance.now();
      const backend = process.env.DATABASE_URL
        ? Number(((await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { pid: number }[])[0]!.pid)
        : NaN;
      const server0 = cpuSecondsOf(backend);
      t0 += performance.now() - start; // not part of the recalculation
      timeline.length = 0;
      timelineStart = performance.now();
      timelineBackend = backend;
      timelineCpu = { server: cpuSecondsOf(backend), process: process.cpuUsage() };
      const result = await recalculateOpenPeriod(
        await TenantScope.entered(tx as never, big.tenantId),
        regulations,
        payrollRow!,
      );
      serverCpu = cpuSecondsOf(backend) - server0;
      return result;
    });
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const threadsCpu = threadCpuSince(threads0, args.threads);
    const peak = rss.stop();
    console.log(
      `run ${run + 1}${run < bigs.length ? " (entries inserted)" : " (entries updated)"}: ${outcome.recalculated} employees in ${(ms / 1000).toFixed(2)} s = ${Math.round(outcome.recalculated / (ms / 1000))} employee-periods/s; peak RSS ${(peak / 1024 / 1024).toFixed(0)} MB (${(rss.before / 1024 / 1024).toFixed(0)} MB before it); CPU: this process ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s, database server ${serverCpu.toFixed(2)} s (threads: ${threadsCpu}); ${phases.report()}`,
    );
    if (args.timeline) console.log(timeline.join("\n"));
    runs.push({ ms, periodId: outcome.period!.id });
    if (args["profile-run"] && profiled(run)) await stopProfile();
  }
  if (!args["profile-run"]) await stopProfile();
  // The ceiling of the same rows, once per run, after the runs: the ratio is the figure to read. (Measured
  // between runs, the ceiling's copy of every row, a buffer as large as the rows, stayed in the process's
  // RSS and so in the next run's peak.)
  for (const [i, { ms, periodId }] of runs.entries()) {
    const ceiling = await copyCeiling(periodId);
    if (ceiling) console.log(`ceiling ${i + 1}: ${ceilingLine(ceiling, ms, `run ${i + 1}`)}`);
  }
  if (TAXED_EVERY) {
    // What the last run wrote: the withholding-tax lines (5060), so that a payroll taxed at source is seen to be one.
    const result = await db.execute(
      sql`select count(*)::int as n from payrun_entries where payrun_period_id = ${runs.at(-1)!.periodId} and lines @> '[{"number":"5060"}]'`,
    );
    const [row] = rowsOf<{ n: number }>(result);
    console.log(`taxed at source: every ${TAXED_EVERY}th employee; ${row!.n} entries with a withholding-tax line`);
  }
  if (WAGE_KINDS_EVERY) {
    const result = await db.execute(
      sql`select count(*) filter (where lines @> '[{"number":"1500"}]')::int as car, count(*) filter (where lines @> '[{"number":"1510"}]')::int as board, count(*) filter (where lines @> '[{"number":"5010","amount":0}]')::int as minor from payrun_entries where payrun_period_id = ${runs.at(-1)!.periodId}`,
    );
    const [row] = rowsOf<{ car: number; board: number; minor: number }>(result);
    console.log(
      `wage kinds: every ${WAGE_KINDS_EVERY}th employee; ${row!.car} with a company car, ${row!.board} with board and lodging, ${row!.minor} exempt minor salaries`,
    );
  }
  await (await import("../server/results/recalc-pool")).closeRecalcPool();
  await closeDb();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
