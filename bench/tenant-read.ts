/**
 * bench/tenant-read (run by hand): npm run bench:tenant-read [-- --reads 3000 --concurrency 10]
 *
 * What the tenant wall costs a read (issue 38): the same small read (one employee by id, scoped to
 * its tenant) --reads times, --concurrency at a time, three ways on the same database:
 * - readInTenant: the service's tenant read (a read-only transaction as payroll_tenant, ADR 0002);
 * - pool: the statement alone on the pool, as reads ran before row-level security;
 * - drizzle transaction: db.transaction with the settings sent first (what readInTenant avoids).
 * Shows the wall time, this process's CPU time per read and, on PostgreSQL, the server's commits per read.
 * Uses DATABASE_URL (PostgreSQL) when set, else an in-memory PGlite.
 */
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";

process.env.PGLITE_DATA_DIR ??= "memory://";

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: { reads: { type: "string", default: "3000" }, concurrency: { type: "string", default: "10" } },
});
const READS = Number(args.reads);
const CONCURRENCY = Number(args.concurrency);

async function main() {
  const { and, eq, sql } = await import("drizzle-orm");
  const { getDb, closeDb } = await import("../server/db/client");
  const { employees, tenants } = await import("../server/db/schema");
  const { readInTenant } = await import("../server/db/tenant-scope");
  const { newId } = await import("../server/ids");
  const db = await getDb();
  const tenantId = newId();
  const employeeId = newId();
  // A tenant of its own; the employee looked up need not exist (an index lookup either way).
  await db.insert(tenants).values({ id: tenantId, name: `Bench ${tenantId.slice(-6)}` });
  const byId = (id: string) => and(eq(employees.tenantId, tenantId), eq(employees.id, id));
  const commits = async () => {
    if (!process.env.DATABASE_URL) return Number.NaN;
    const rows = (await db.execute(
      sql`select xact_commit::text as n from pg_stat_database where datname = current_database()`,
    )) as unknown as { n: string }[];
    return Number(rows[0]!.n);
  };
  const ways: Record<string, () => Promise<unknown>> = {
    readInTenant: () =>
      readInTenant({ tenantId } as never, (scope) => scope.first(employees, eq(employees.id, employeeId))),
    pool: () => db.select().from(employees).where(byId(employeeId)).limit(1),
    "drizzle transaction": () =>
      db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('role', 'payroll_tenant', true), set_config('app.tenant_id', ${tenantId}, true)`,
        );
        return tx.select().from(employees).where(byId(employeeId)).limit(1);
      }),
  };
  const run = async (read: () => Promise<unknown>) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next++ < READS) await read();
      }),
    );
  };
  console.log(
    `bench:tenant-read  ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}, ${READS} reads, ${CONCURRENCY} at a time`,
  );
  for (let round = 1; round <= 2; round++) {
    for (const [name, read] of Object.entries(ways)) {
      await run(read); // warm: prepared statements, connections
      await new Promise((r) => setTimeout(r, 1100));
      const before = await commits();
      const cpu = process.cpuUsage();
      const start = performance.now();
      await run(read);
      const ms = performance.now() - start;
      const used = process.cpuUsage(cpu);
      await new Promise((r) => setTimeout(r, 1100)); // backends report their counts at most once a second
      const commitsPerRead = ((await commits()) - before - 1) / READS;
      console.log(
        `round ${round}  ${name.padEnd(20)} ${(READS / (ms / 1000)).toFixed(0).padStart(6)} reads/s  ${((used.user + used.system) / 1000 / READS).toFixed(3)} ms CPU/read  ${Number.isFinite(commitsPerRead) ? commitsPerRead.toFixed(2) : "-"} commits/read`,
      );
    }
  }
  await closeDb();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
