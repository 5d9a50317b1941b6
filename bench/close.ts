/**
 * bench/close (run by hand): [BENCH_EMPLOYEES=1000] [DATABASE_URL=...] npm run bench:close
 *
 * A payroll of N employees (January 2026 open, results current). Measures:
 * 1. closing January through the service verb the route calls: Payroll Control check, final
 *    recalculation, every payslip and the accounting document made final (kept as their models,
 *    the CSV as bytes), the next period opened and recalculated: wall time and peak RSS;
 * 2. closing February after go-live: the same plus the ELM declaration (XML) and its scheduling;
 * 3. drawing every final PDF of January as GET .../documents/{id} does (PDFs are drawn on
 *    request from the kept models, in the worker pool of server/documents/pdf/pool.ts): total
 *    time, time per document, peak RSS; twice, with the RSS before and after each pass;
 * 4. the bare draw of the same documents in this thread one after another (the reference the
 *    pool's figure is read against: pool/bare, ideally 1/threads).
 * Runs under vitest (bench/vitest.config.mts) because @react-pdf/renderer is ESM-only and does not
 * load under tsx's CommonJS mode on Node 20.
 * Uses DATABASE_URL (PostgreSQL) when set, else an in-memory PGlite.
 */
import { it } from "vitest";
import type { StoredModel } from "../server/documents/build";
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


  // 3. Every kept PDF of January drawn as GET .../documents/{id} does (in the worker pool), beside
  // the ceiling-free reference: a bare draw of the same documents one after another in this thread.
  const kept = (await db.select().from(schema.documents).where(eq(schema.documents.payrunPeriodId, january.result.id))).filter((doc) => doc.model);
  const models = kept.map((doc) => doc.model as StoredModel);
  const payslips = kept.filter((doc) => doc.category === "Payslip").length;
  const { drawModel } = await import("../server/documents/pdf/draw");
  const { drawInPool, closePdfPool, pdfThreads } = await import("../server/documents/pdf/pool");
  const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  // Warm both paths (renderers, fonts, first layout) so that neither figure carries a start-up.
  await drawModel(models[0]!);
  await Promise.all(Array.from({ length: pdfThreads() }, () => drawInPool(models[0]!)));
  const rssBefore = process.memoryUsage().rss;
  const pooled = await measured(`3. draw all ${models.length} PDFs of January (${payslips} payslips) in the pool (${pdfThreads()} threads)`, async () => {
    let bytes = 0;
    // As many in flight as threads and one more each: the pool never waits for the next task.
    let next = 0;
    const lane = async () => {
      while (next < models.length) bytes += (await drawInPool(models[next++]!)).length;
    };
    await Promise.all(Array.from({ length: pdfThreads() * 2 }, lane));
    return bytes;
  });
  const rssAfterFirst = process.memoryUsage().rss;
  const again = await measured(`   the same ${models.length} PDFs in the pool once more (memory growth check)`, async () => {
    let bytes = 0;
    let next = 0;
    const lane = async () => {
      while (next < models.length) bytes += (await drawInPool(models[next++]!)).length;
    };
    await Promise.all(Array.from({ length: pdfThreads() * 2 }, lane));
    return bytes;
  });
  const rssAfterSecond = process.memoryUsage().rss;
  const bare = await measured(`4. bare draw of the same ${models.length} PDFs, one thread, one after another`, async () => {
    let bytes = 0;
    for (const model of models) bytes += (await drawModel(model)).length;
    return bytes;
  });
  const perPool = pooled.ms / models.length;
  const perBare = bare.ms / models.length;
  console.log(`   pool: ${perPool.toFixed(1)} ms per document (second pass ${(again.ms / models.length).toFixed(1)} ms), ${(pooled.result / 1024 / 1024).toFixed(1)} MiB in all`);
  console.log(`   bare: ${perBare.toFixed(1)} ms per document; pool/bare ${(perPool / perBare).toFixed(2)} (ideal 1/${pdfThreads()} = ${(1 / Math.max(1, pdfThreads())).toFixed(2)})`);
  console.log(`   RSS before the pool ${mib(rssBefore)}, after 1st pass ${mib(rssAfterFirst)}, after 2nd pass ${mib(rssAfterSecond)} (growth over the 2nd pass ${mib(rssAfterSecond - rssAfterFirst)})`);
  await closePdfPool();
  await closeDb();
}

it(`closes a period of ${N} employees`, main, 30 * 60_000);
