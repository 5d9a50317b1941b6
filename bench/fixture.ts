/**
 * The benches' payroll: a company with UVG and FAK rates, and employees with the values a monthly
 * salary needs, all valid from `start`. Inserted directly (not through the API) to set up fast.
 */
import { readdirSync, readFileSync } from "node:fs";
import type { Database } from "../server/db/client";

/** Extra values: bench/close adds what documents and the ELM declaration read (addresses, fund numbers). */
export type BenchExtras = { company?: Record<string, string>; employee?: (index: number) => Record<string, string> };

export async function benchPayroll(
  db: Database,
  systemUser: { id: string },
  employeeCount: number,
  start: string,
  extras: BenchExtras = {},
) {
  const schema = await import("../server/db/schema");
  const { newId } = await import("../server/ids");
  const { createPayroll } = await import("../server/workflows/create-payroll");
  const { SYNTHETIC_COMPANY, syntheticEmployeeValues } = await import("../server/results/synthetic-payroll");
  const tenantId = newId();
  await db
    .insert(schema.tenants)
    .values({ id: tenantId, name: `bench ${employeeCount}`, createdBySystemUserId: systemUser.id });
  const ctx = {
    caller: { kind: "system" as const, systemUserId: systemUser.id, name: "bench" },
    tenantId,
    access: { tenantId, role: "Administrator" as const, payrollIds: [], employeeId: null },
  };
  const { payroll } = await createPayroll({
    ctx,
    input: { name: "Bench AG", accountingStartDate: start, documentLanguage: "de", countryRegulation: "CH" },
  });
  const changeId = newId();
  await db.insert(schema.caseChanges).values({
    id: changeId,
    tenantId,
    payrollId: payroll.id,
    employeeId: null,
    caseName: "Bench",
    createdBy: "system:bench",
    createdByName: "bench",
  });
  const company: Record<string, string> = { ...SYNTHETIC_COMPANY, ...extras.company };
  await db.insert(schema.caseValues).values(
    Object.entries(company).map(([fieldName, value]) => ({
      id: newId(),
      tenantId,
      caseChangeId: changeId,
      payrollId: payroll.id,
      employeeId: null,
      caseName: "Bench",
      fieldName,
      value,
      start,
    })),
  );
  const employeeIds: string[] = [];
  // 200 employees per insert keeps their values (up to ~18 fields x 9 columns) under PostgreSQL's 65,535 parameters.
  for (let offset = 0; offset < employeeCount; offset += 200) {
    const batch = Array.from({ length: Math.min(200, employeeCount - offset) }, (_, i) => ({
      id: newId(),
      tenantId,
      divisionId: payroll.divisionId,
      identifier: String(offset + i + 1),
      firstName: "Bench",
      lastName: `E${offset + i + 1}`,
    }));
    await db.insert(schema.employees).values(batch);
    const changes = batch.map((e) => ({
      id: newId(),
      tenantId,
      payrollId: payroll.id,
      employeeId: e.id,
      caseName: "Bench",
      createdBy: "system:bench",
      createdByName: "bench",
    }));
    await db.insert(schema.caseChanges).values(changes);
    const values = batch.flatMap((e, i) => {
      const fields: Record<string, string> = {
        ...syntheticEmployeeValues(offset + i, start),
        ...extras.employee?.(offset + i),
      };
      return Object.entries(fields).map(([fieldName, value]) => ({
        id: newId(),
        tenantId,
        caseChangeId: changes[i]!.id,
        payrollId: payroll.id,
        employeeId: e.id,
        caseName: "Bench",
        fieldName,
        value,
        start,
      }));
    });
    await db.insert(schema.caseValues).values(values);
    employeeIds.push(...batch.map((e) => e.id));
  }
  return { ctx, payroll, employeeIds, tenantId };
}

/** CPU seconds (user + system) in a /proc stat file (a process's or a thread's); throws when it cannot be read. */
function statCpuSeconds(path: string) {
  const stat = readFileSync(path, "utf8");
  // Fields after the command, which is in parentheses and may itself hold ") ".
  const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds (user + system) a process has used so far, from /proc; NaN when not readable. */
export function cpuSecondsOf(pid: number) {
  try {
    return statCpuSeconds(`/proc/${pid}/stat`);
  } catch {
    return NaN;
  }
}

/**
 * The process's peak resident set size while work runs (sampled every 20 ms, and once more at stop()):
 * the whole process's, threads and native memory included, not only the heap.
 */
export function peakRss() {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  return {
    before,
    stop() {
      clearInterval(sampler);
      return (peak = Math.max(peak, process.memoryUsage.rss()));
    },
  };
}

/**
 * CPU seconds of this process's threads (/proc/self/task): "main" for the main thread, "other" for the rest
 * (the recalculation threads, V8's helper threads for compiling and collecting, libuv's; Node gives them all
 * the process's name), or with `each` every thread by its id.
 */
export function threadCpu(each = false): Map<string, number> {
  const byName = new Map<string, number>();
  let tasks: string[];
  try {
    tasks = readdirSync("/proc/self/task");
  } catch {
    return byName; // no /proc (not Linux): no figures, as cpuSecondsOf gives NaN
  }
  for (const task of tasks) {
    try {
      const key = task === String(process.pid) ? "main" : each ? `thread ${task}` : "other";
      byName.set(key, (byName.get(key) ?? 0) + statCpuSeconds(`/proc/self/task/${task}/stat`));
    } catch {
      // a thread that ended meanwhile
    }
  }
  return byName;
}

/** What each of threadCpu's threads spent since `before`, from 0.02 s on. */
export function threadCpuSince(before: Map<string, number>, each = false) {
  return [...threadCpu(each)]
    .map(([name, seconds]) => [name, seconds - (before.get(name) ?? 0)] as const)
    .filter(([, seconds]) => seconds >= 0.02)
    .map(([name, seconds]) => `${name} ${seconds.toFixed(2)} s`)
    .join(", ");
}

/** Sums the recalculation's phases while installed; report() prints them. */
export async function phaseRecorder() {
  const { RECALC_PHASE } = await import("../server/results/recalc-phases");
  const { subscribe } = await import("node:diagnostics_channel");
  const sums = new Map<string, number>();
  subscribe(RECALC_PHASE, (message) => {
    const { phase, ms } = message as import("../server/results/recalc-phases").RecalcPhaseMessage;
    sums.set(phase, (sums.get(phase) ?? 0) + ms);
  });
  return {
    reset: () => sums.clear(),
    report: () => [...sums].map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(2)} s`).join(", "),
  };
}

/**
 * The ceiling a recalculation's writes are read against (issue 15 item 6): the same rows as stored
 * (the period's entries, every column) copied with COPY into an empty table identical to
 * payrun_entries (its indexes and foreign keys included, logged like it), timed alone. PostgreSQL
 * only (DATABASE_URL): on PGlite it returns null.
 */
export async function copyCeiling(
  payrunPeriodId: string,
): Promise<{ ms: number; rows: number; bytes: number; serverCpu: number } | null> {
  const url = process.env.DATABASE_URL;
  if (!url) return null;
  const { default: postgres } = await import("postgres");
  // COPY takes no parameters: the id goes in as a literal, checked first.
  if (!/^[0-9a-f-]{36}$/.test(payrunPeriodId)) throw new Error(`not an id: ${payrunPeriodId}`);
  // The rows as COPY writes them, on a connection of their own (postgres.js may stall a query sent
  // on the connection right after a COPY TO stream ended).
  const reader = postgres(url, { max: 1, onnotice: () => {} });
  const chunks: Buffer[] = [];
  try {
    const out = await reader
      .unsafe(`copy (select * from payrun_entries where payrun_period_id = '${payrunPeriodId}') to stdout`)
      .readable();
    for await (const chunk of out) chunks.push(chunk as Buffer);
  } finally {
    await reader.end({ timeout: 1 });
  }
  const data = Buffer.concat(chunks);
  let rows = 0;
  for (const byte of data) if (byte === 10) rows++;
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const foreignKeys = await sql<
      { definition: string }[]
    >`select pg_get_constraintdef(oid) as definition from pg_constraint where conrelid = 'payrun_entries'::regclass and contype = 'f'`;
    await sql`drop table if exists bench_copy_ceiling`;
    // `like ... including all` leaves the foreign keys out; each row's checks of them are part of every write of an entry.
    await sql`create table bench_copy_ceiling (like payrun_entries including all)`;
    for (const { definition } of foreignKeys) await sql.unsafe(`alter table bench_copy_ceiling add ${definition}`);
    const [{ pid }] = (await sql<{ pid: number }[]>`select pg_backend_pid() as pid`) as unknown as [{ pid: number }];
    const server0 = cpuSecondsOf(pid);
    const t0 = performance.now();
    const into = await sql`copy bench_copy_ceiling from stdin`.writable();
    await new Promise<void>((resolve, reject) => {
      into.on("error", reject);
      into.on("finish", () => resolve());
      into.end(data);
    });
    const ms = performance.now() - t0;
    const serverCpu = cpuSecondsOf(pid) - server0;
    await sql`drop table bench_copy_ceiling`;
    return { ms, rows, bytes: data.length, serverCpu };
  } finally {
    await sql.end();
  }
}

/** The ceiling's line of a report: the run's time beside COPY of its rows into a table identical to payrun_entries. */
export function ceilingLine(ceiling: NonNullable<Awaited<ReturnType<typeof copyCeiling>>>, ms: number, label: string) {
  return `COPY of the same ${ceiling.rows} rows (${(ceiling.bytes / 1024 / 1024).toFixed(1)} MB as text) into an empty table identical to payrun_entries (indexes, foreign keys): ${(ceiling.ms / 1000).toFixed(2)} s (database server CPU ${ceiling.serverCpu.toFixed(2)} s); ${label} / COPY = ${(ms / ceiling.ms).toFixed(2)}x`;
}
