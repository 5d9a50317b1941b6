/**
 * bench/payouts (run by hand): npx tsx --conditions=react-server bench/payouts.ts [-- --employees 10000]
 *
 * A payroll of N employees (January 2026 open, results current); then one payout of everyone's
 * open amount through the service verb the route calls (entries locked, pain.001 built, payout,
 * lines, PaymentFile document, event and paid_out written): wall time, CPU time and peak RSS.
 * Uses DATABASE_URL (PostgreSQL) when set, else an in-memory PGlite.
 */
import { parseArgs } from "node:util";
import { benchPayroll } from "./fixture";

process.env.PGLITE_DATA_DIR ??= "memory://";

const { values: args } = parseArgs({ args: process.argv.slice(2).filter((a) => a !== "--"), options: { employees: { type: "string", default: "10000" } } });
const N = Number(args.employees);

async function main() {
  const { getDb, closeDb } = await import("../server/db/client");
  const schema = await import("../server/db/schema");
  const { eq } = await import("drizzle-orm");
  const { createSystemUser } = await import("../server/auth/system-users");
  const { recalculateOpenPeriod } = await import("../server/results/recalculate");
  const { storedRegulations } = await import("../server/regulations/store");
  const { inTenant } = await import("../server/db/tenant-scope");
  const { createPayout } = await import("../server/payouts/create-payout");
  const db = await getDb();
  const systemUser = await createSystemUser("bench-payouts");
  const bench = await benchPayroll(db, systemUser, N, "2026-01-01", {
    company: { CompanyStreet: "Bahnhofstrasse", CompanyHouseNumber: "1", CompanyPostalCode: "8001", CompanyCity: "Zürich", CompanyIban: "CH5604835012345678009" },
    employee: (i) => ({ Street: "Seestrasse", HouseNumber: String(i + 1), PostalCode: "8002", City: "Zürich", Country: "CH", ResidenceCanton: "ZH" }),
  });
  const [payroll] = await db.select().from(schema.payrolls).where(eq(schema.payrolls.id, bench.payroll.id));
  const regulations = await storedRegulations();
  await inTenant(bench.ctx, (scope) => recalculateOpenPeriod(scope, regulations, payroll!));
  console.log(`payroll of ${N} employees, January 2026 open and calculated (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`);

  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await createPayout({ ctx: bench.ctx, payrollId: payroll!.id, payrunPeriodId: "open", input: {}, receivedAt: new Date() });
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(`one payout of ${result.payout.count} employees (CHF ${result.payout.total}, file ${(result.bytes.length / 1024 / 1024).toFixed(1)} MiB): ${(ms / 1000).toFixed(2)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU of this process, peak RSS ${(peak / 1024 / 1024).toFixed(0)} MB`);
  await closeDb();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
