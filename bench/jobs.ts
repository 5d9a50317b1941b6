/**
 * bench/jobs (run by hand): npm run bench:jobs [-- --count 1000 --producers 4 --concurrency 8]
 * With DATABASE_URL on PostgreSQL, otherwise on PGlite (in memory).
 *
 * `count` trivial jobs, each sent in its own transaction by `producers` concurrent senders, run by
 * this process's job worker (`concurrency` at once). Reports the time from the first commit until
 * every job ran (throughput) and the latency from each job's commit to its handler's start (p50,
 * p95, max), twice: "woken" (inTenantOf wakes this process's worker after the commit) and "polling"
 * (a transaction without that hook: how a job sent by another server process is found, at the
 * worker's next poll, JOBS_POLL_INTERVAL_MS).
 */
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";

process.env.PGLITE_DATA_DIR ??= "memory://";

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: {
    count: { type: "string", default: "1000" },
    producers: { type: "string", default: "4" },
    concurrency: { type: "string", default: "8" },
  },
});
const COUNT = Number(args.count);
const PRODUCERS = Number(args.producers);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const { connection, getDb, closeDb } = await import("../server/db/client");
  const { inTenantOf, TenantScope } = await import("../server/db/tenant-scope");
  const { enqueueJob, registerJobHandler, startJobWorker } = await import("../server/jobs/queue");
  const { kind } = await connection();
  const tenantId = randomUUID(); // the jobs write nothing: no tenant row needed

  const results: string[] = [];
  for (const mode of ["woken", "polling"] as const) {
    const name = `bench.trivial-${mode}-${randomUUID().slice(0, 8)}`;
    const committed = new Map<number, number>();
    const started = new Map<number, number>();
    let finished = () => {};
    const allRan = new Promise<void>((resolve) => (finished = resolve));
    registerJobHandler(
      name,
      async (_scope, payload) => {
        started.set(Number(payload.n), performance.now());
        if (started.size === COUNT) finished();
      },
      { concurrency: Number(args.concurrency) },
    );
    await startJobWorker();
    const db = await getDb();
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: PRODUCERS }, async () => {
        for (let n = next++; n < COUNT; n = next++) {
          if (mode === "woken") await inTenantOf(tenantId, (scope) => enqueueJob(scope, name, { n }));
          else
            await db.transaction(async (tx) =>
              enqueueJob(await TenantScope.entered(tx as never, tenantId), name, { n }),
            );
          committed.set(n, performance.now());
        }
      }),
    );
    const sentMs = performance.now() - t0;
    await allRan;
    const allMs = performance.now() - t0;
    const latencies = [...started].map(([n, at]) => Math.max(0, at - committed.get(n)!)).sort((a, b) => a - b);
    results.push(
      `${kind} ${mode.padEnd(7)}: ${COUNT} jobs sent in ${(sentMs / 1000).toFixed(2)} s, all ran after ${(allMs / 1000).toFixed(2)} s ` +
        `(${Math.round(COUNT / (allMs / 1000))} jobs/s); commit to start p50 ${percentile(latencies, 50).toFixed(0)} ms, ` +
        `p95 ${percentile(latencies, 95).toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms`,
    );
  }
  await closeDb();
  console.log(
    `producers ${PRODUCERS}, worker concurrency ${args.concurrency}, poll interval ${process.env.JOBS_POLL_INTERVAL_MS ?? 500} ms`,
  );
  for (const line of results) console.log(line);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
