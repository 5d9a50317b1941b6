/**
 * bench/close (run by hand): [BENCH_EMPLOYEES=1000] [DATABASE_URL=...] npm run bench:close
 *
 * A payroll of N employees (January 2026 open, results current). Measures:
 * 1. closing January through the service verb the route calls: Payroll Control check, final
 *    recalculation, every payslip and the accounting document made final (kept as their models,
 *    the CSV as bytes), the next period opened and recalculated: wall time and peak RSS;
 * 2. closing February after go-live: the same plus the ELM declaration (XML) and its scheduling;
 * 3. drawing every final PDF of January as GET .../documents/{id} does (PDFs are drawn on
 *    request from the kept models): total time, time per payslip and peak RSS.
 * Runs under vitest (bench/vitest.config.mts) because @react-pdf/renderer is ESM-only and does not
 * load under tsx's CommonJS mode on Node 20.
 * Uses DATABASE_URL (PostgreSQL) when set, else an in-memory PGlite.
 */
import { it } from "vitest";
import { benchPayroll } from "./fixture";

process.env.PGLITE_DATA_DIR ??= "memory://";

const N = Number(process.env.BENCH_EMPLOYEES ?? 1000);

/** Samples the resident set size while work runs: the peak of the process, not only the heap. */
async function measured<T>(label: string, work: () => Promise<T>) {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  const result = await work();
  const ms = performance.now() - t0;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(`${label}: ${(ms / 1000).toFixed(2)} s, peak RSS ${(peak / 1024 / 1024).toFixed(0)} MB`);
  return { result, ms };
}

async function main() {
  const { getDb, closeDb } = await import("../server/db/client");
  const schema = await import("../server/db/schema");
  const { eq, and } = await import("drizzle-orm");
  const { createSystemUser } = await import("../server/auth/system-users");
  const { closePeriod } = await import("../server/periods/close-period");
  const { updatePayroll } = await import("../server/payrolls/update-payroll");
  const { recalculateOpenPeriod } = await import("../server/results/recalculate");
  const { storedRegulations } = await import("../server/regulations/store");
  const { inTenant } = await import("../server/db/tenant-scope");
  const { renderModel } = await import("../server/documents/build");
  const db = await getDb();
  const systemUser = await createSystemUser("bench-close");
  const start = "2026-01-01";

  const bench = await benchPayroll(db, systemUser, N, start, {
    company: { CompanyStreet: "Bahnhofstrasse", CompanyHouseNumber: "1", CompanyPostalCode: "8001", CompanyCity: "Zürich", CompanyUid: "CHE-999.999.996", AhvFundNumber: "003", AhvMemberNumber: "100-9976.9", UvgCustomerNumber: "1234-5678", UvgContractNumber: "1" },
    employee: (i) => ({ Street: "Seestrasse", HouseNumber: String(i + 1), PostalCode: "8002", City: "Zürich", Country: "CH", ResidenceCanton: "ZH" }),
  });
  const { ctx } = bench;
  const [payroll] = await db.select().from(schema.payrolls).where(eq(schema.payrolls.id, bench.payroll.id));
  if (!payroll) throw new Error("no payroll");
  const regulations = await storedRegulations();
  await inTenant(ctx, (scope) => recalculateOpenPeriod(scope, regulations, payroll));
  console.log(`payroll of ${N} employees, January ${start.slice(0, 4)} open and calculated (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`);

  const january = await measured(`1. close January (${N} payslips, accounting PDF+CSV, next period recalculated)`, () => closePeriod({ ctx, payrollId: payroll.id, payrunPeriodId: "open" }));
  const docs = await db.select({ id: schema.documents.id, category: schema.documents.category }).from(schema.documents).where(eq(schema.documents.payrunPeriodId, january.result.id));
  console.log(`   documents kept: ${docs.length} (${docs.filter((d) => d.category === "Payslip").length} payslips)`);

  await updatePayroll({ ctx, payrollId: payroll.id, input: { transmissionStartDate: "2026-02-01" }, ifMatch: null });
  const february = await measured("2. close February after go-live (documents plus the ELM declaration)", () => closePeriod({ ctx, payrollId: payroll.id, payrunPeriodId: "open" }));
  const [declaration] = await db.select().from(schema.documents).where(and(eq(schema.documents.payrunPeriodId, february.result.id), eq(schema.documents.category, "ElmDeclaration")));
  console.log(`   ELM declaration: ${((declaration?.content?.length ?? 0) / 1024).toFixed(0)} KiB`);


  const kept = await db.select().from(schema.documents).where(eq(schema.documents.payrunPeriodId, january.result.id));
  const drawn = await measured(`3. draw all ${kept.length - 1} PDFs of January (the CSV is kept as bytes)`, async () => {
    let bytes = 0;
    for (const doc of kept) bytes += doc.content ? doc.content.length : (await renderModel(doc.model as never)).length;
    return bytes;
  });
  console.log(`   ${(drawn.ms / kept.length).toFixed(1)} ms per document, ${(drawn.result / 1024 / 1024).toFixed(1)} MiB in all`);
  await closeDb();
}

it(`closes a period of ${N} employees`, main, 30 * 60_000);
