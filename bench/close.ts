/**
 * bench/close (run by hand): [BENCH_EMPLOYEES=1000] [DATABASE_URL=...] npm run bench:close
 *
 * A payroll of N employees (January 2026 open, results current). Measures:
 * 1. closing January through the service verb the route calls: Payroll Control check, final
 *    recalculation, every payslip and the accounting document made final (kept as their models,
 *    the CSV as bytes), the next period opened and recalculated: wall time and peak RSS;
 * 2. closing February after go-live: the same plus the ELM declaration (XML) and its scheduling;
 * 3. drawing every final PDF of January as GET .../documents/{id} does (PDFs are drawn on
 *    request from the kept models, in the worker pool of server/documents/pdf/pool.ts), beside the
 *    ceiling measured in the same run: the pool's worker bundle drawing the same documents one after
 *    another in a thread of its own (the bare draw). The pool at one thread and at its size
 *    (PDF_WORKERS, default the cores), two passes each: time per document, its ratio to the bare
 *    draw (ideally 1/threads), and the process's RSS before and after each pass with the growth per
 *    1,000 documents (the second pass of a warm pool should not grow).
 * Runs under vitest (bench/vitest.config.mts) because @react-pdf/renderer is ESM-only and does not
 * load under tsx's CommonJS mode on Node 20.
 * Uses DATABASE_URL (PostgreSQL) when set, else an in-memory PGlite.
 */
import type { ResourceLimits } from "node:worker_threads";
import { it } from "vitest";
import type { StoredModel } from "../server/documents/build";
import { changeSettings } from "../tests/support/settings";
import { benchPayroll, peakRss } from "./fixture";

process.env.PGLITE_DATA_DIR ??= "memory://";

const N = Number(process.env.BENCH_EMPLOYEES ?? 1000);

/** Samples the resident set size while work runs: the peak of the process, not only the heap. */
async function measured<T>(label: string, work: () => Promise<T>) {
  const rss = peakRss();
  const t0 = performance.now();
  const result = await work();
  const ms = performance.now() - t0;
  const peak = rss.stop();
  console.log(`${label}: ${(ms / 1000).toFixed(2)} s, peak RSS ${(peak / 1024 / 1024).toFixed(0)} MB`);
  return { result, ms };
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/**
 * One pass over every document through drawInPool, with two documents per thread in flight (the
 * pool never waits for its next task): time per document, its ratio to the bare draw, and the RSS
 * before and after with the growth scaled to 1,000 documents.
 */
async function poolPass(
  drawInPool: (model: StoredModel) => Promise<Buffer>,
  models: StoredModel[],
  threads: number,
  label: string,
  bare: { ms: number; cpu: number },
) {
  const rssBefore = process.memoryUsage.rss();
  const cpuBefore = process.cpuUsage();
  const { ms } = await measured(label, async () => {
    let next = 0;
    const lane = async () => {
      while (next < models.length) await drawInPool(models[next++]!);
    };
    await Promise.all(Array.from({ length: threads * 2 }, lane));
  });
  const rssAfter = process.memoryUsage.rss();
  const cpu = cpuMs(process.cpuUsage(cpuBefore)) / models.length;
  const perDocument = ms / models.length;
  console.log(
    `      ${perDocument.toFixed(1)} ms per document, ${(perDocument / bare.ms).toFixed(2)} x bare (ideal ${(1 / threads).toFixed(2)}); CPU ${cpu.toFixed(1)} ms per document (all threads; bare ${bare.cpu.toFixed(1)}); RSS ${mib(rssBefore)} -> ${mib(rssAfter)}, ${((((rssAfter - rssBefore) / models.length) * 1000) / 1024 / 1024).toFixed(0)} MB per 1,000 documents`,
  );
  return perDocument;
}

/**
 * The ceiling: the pool's own worker bundle in one thread of its own (React's production build, as in
 * the pool), drawing the documents one after another with nothing between them: wall and CPU time per
 * document, after one warm-up draw. The CPU time is the process's (this thread waits meanwhile); on a
 * loaded machine it says what the wall time would be with a free core.
 */
async function bareDraw(
  workerFile: string,
  models: StoredModel[],
  resourceLimits: ResourceLimits,
): Promise<{ ms: number; cpu: number }> {
  const { Worker } = await import("node:worker_threads");
  const code = `
    const { workerData, parentPort } = require("node:worker_threads");
    const { pathToFileURL } = require("node:url");
    (async () => {
      const { default: draw } = await import(pathToFileURL(workerData.file).href);
      await draw(workerData.models[0]);
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      for (const model of workerData.models) await draw(model);
      const cpu = process.cpuUsage(cpu0);
      parentPort.postMessage({ ms: performance.now() - t0, cpu: (cpu.user + cpu.system) / 1000 });
    })().catch((error) => { throw error; });
  `;
  const worker = new Worker(code, {
    eval: true,
    env: { ...process.env, NODE_ENV: "production" },
    workerData: { file: workerFile, models },
    resourceLimits,
  });
  try {
    const { ms, cpu } = await new Promise<{ ms: number; cpu: number }>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`the bare draw's thread exited with code ${code}`)));
    });
    return { ms: ms / models.length, cpu: cpu / models.length };
  } finally {
    await worker.terminate();
  }
}

async function main() {
  const { getDb, closeDb } = await import("../server/db/client");
  const schema = await import("../server/db/schema");
  const { eq, and } = await import("drizzle-orm");
  const { createSystemUser } = await import("../server/auth/system-users");
  const { closePeriod } = await import("../server/workflows/close-period");
  const { updatePayroll } = await import("../server/payrolls/update-payroll");
  const { recalculateOpenPeriod } = await import("../server/results/recalculate");
  const { storedRegulations } = await import("../server/regulations/store");
  const { inTenant } = await import("../server/db/tenant-scope");
  const db = await getDb();
  const systemUser = await createSystemUser("bench-close");
  const start = "2026-01-01";

  const bench = await benchPayroll(db, systemUser, N, start, {
    company: {
      CompanyStreet: "Bahnhofstrasse",
      CompanyHouseNumber: "1",
      CompanyPostalCode: "8001",
      CompanyCity: "Zürich",
      CompanyUid: "CHE-999.999.996",
      AhvFundNumber: "003",
      AhvMemberNumber: "100-9976.9",
      UvgCustomerNumber: "1234-5678",
      UvgContractNumber: "1",
    },
    employee: (i) => ({
      Street: "Seestrasse",
      HouseNumber: String(i + 1),
      PostalCode: "8002",
      City: "Zürich",
      Country: "CH",
      ResidenceCanton: "ZH",
    }),
  });
  const { ctx } = bench;
  const [payroll] = await db.select().from(schema.payrolls).where(eq(schema.payrolls.id, bench.payroll.id));
  if (!payroll) throw new Error("no payroll");
  const regulations = await storedRegulations();
  await inTenant(ctx, (scope) => recalculateOpenPeriod(scope, regulations, payroll));
  console.log(
    `payroll of ${N} employees, January ${start.slice(0, 4)} open and calculated (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`,
  );

  const january = await measured(`1. close January (${N} payslips, accounting PDF+CSV, next period recalculated)`, () =>
    closePeriod({ ctx, payrollId: payroll.id, payrunPeriodId: "open" }),
  );
  const docs = await db
    .select({ id: schema.documents.id, category: schema.documents.category })
    .from(schema.documents)
    .where(eq(schema.documents.payrunPeriodId, january.result.id));
  console.log(`   documents kept: ${docs.length} (${docs.filter((d) => d.category === "Payslip").length} payslips)`);

  await updatePayroll({ ctx, payrollId: payroll.id, input: { transmissionStartDate: "2026-02-01" }, ifMatch: null });
  const february = await measured("2. close February after go-live (documents plus the ELM declaration)", () =>
    closePeriod({ ctx, payrollId: payroll.id, payrunPeriodId: "open" }),
  );
  const [declaration] = await db
    .select()
    .from(schema.documents)
    .where(
      and(eq(schema.documents.payrunPeriodId, february.result.id), eq(schema.documents.category, "ElmDeclaration")),
    );
  console.log(`   ELM declaration: ${((declaration?.content?.length ?? 0) / 1024).toFixed(0)} KiB`);

  // 3. Every kept PDF of January drawn as GET .../documents/{id} does (in the worker pool), at one
  // thread and at the pool's size, each twice, beside the ceiling: the same bundle drawing the same
  // documents one after another in a thread of its own, without the pool.
  const kept = (
    await db.select().from(schema.documents).where(eq(schema.documents.payrunPeriodId, january.result.id))
  ).filter((doc) => doc.model);
  const models = kept.map((doc) => doc.model as StoredModel);
  const payslips = kept.filter((doc) => doc.category === "Payslip").length;
  const pool = await import("../server/documents/pdf/pool");
  const threads = pool.pdfThreads();
  console.log(
    `3. drawing all ${models.length} PDFs of January (${payslips} payslips) as a download does, in the worker pool; RSS is the whole process's`,
  );

  const bare = await bareDraw(await pool.pdfWorkerFile(), models, pool.pdfThreadLimits);
  console.log(
    `   bare draw, one thread of its own with the pool's heap limits, one document after another (the ceiling): ${bare.ms.toFixed(1)} ms per document, CPU ${bare.cpu.toFixed(1)} ms`,
  );
  const pooled: Record<number, number[]> = {};
  for (const size of [...new Set([1, threads])]) {
    await pool.closePdfPool();
    const restoreSettings = changeSettings({ PDF_WORKERS: size });
    // Start the threads and warm them (renderers, fonts, first layout), so that no pass carries a start-up.
    await Promise.all(Array.from({ length: size }, () => pool.drawInPool(models[0]!)));
    pooled[size] = [];
    for (const pass of [1, 2]) {
      const ms = await poolPass(
        pool.drawInPool,
        models,
        size,
        `   pool, ${size} thread${size === 1 ? "" : "s"}, pass ${pass}`,
        bare,
      );
      pooled[size].push(ms);
    }
    restoreSettings();
  }
  await pool.closePdfPool();
  const best = Math.min(...pooled[threads]!);
  console.log(
    `   summary: pool at ${threads} thread${threads === 1 ? "" : "s"} ${best.toFixed(1)} ms per document (best pass), bare ${bare.ms.toFixed(1)}; pool/bare ${(best / bare.ms).toFixed(2)} (ideal 1/${threads} = ${(1 / threads).toFixed(2)}); target under 20 ms per payslip`,
  );
  await closeDb();
}

it(`closes a period of ${N} employees`, main, 30 * 60_000);
