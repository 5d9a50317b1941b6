/**
 * bench/webhooks (run by hand): npm run bench:webhooks [-- --events 1000 --poll 500 --producers 8]
 * or: npx tsx --conditions=react-server bench/webhooks.ts   (DATABASE_URL=... for PostgreSQL)
 *
 * 1,000 events (TaskChanged, each recorded by recordEvent in its own committed transaction, by
 * --producers callers at once, as requests of several users would; one caller alone commits fewer
 * events per second than the target, so it would measure the caller) to one webhook whose receiver is a plain node:http server in a child process
 * on 127.0.0.1, answering 200 at once. The job worker runs as in the service (startJobWorker, polling
 * every --poll ms, 500 as in server/startup.ts). Measured:
 * - latency from the event's commit to its arrival at the receiver (p50, p95, p99, max);
 * - throughput: deliveries per second from the first commit to the last arrival, and over the
 *   delivery window alone (first to last arrival);
 * - duplicates (an event that arrived more than once) and events that never arrived.
 * Clock: Date.now() in both processes (same machine). Targets (issue 11): at least 200
 * deliveries/s, p95 under 1 s.
 */
import { fork } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

process.env.PGLITE_DATA_DIR ??= "memory://";
process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "true";

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: {
    events: { type: "string", default: "1000" },
    poll: { type: "string", default: "500" },
    producers: { type: "string", default: "8" },
  },
});
const EVENTS = Number(args.events);
const POLL_MS = Number(args.poll);
const PRODUCERS = Number(args.producers);

const RECEIVER = `
const http = require("node:http");
const arrivals = [];
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const at = Date.now();
    try { arrivals.push([JSON.parse(Buffer.concat(chunks).toString("utf8")).taskId, at]); } catch {}
    res.writeHead(200).end("ok");
  });
});
server.listen(0, "127.0.0.1", () => process.send({ port: server.address().port }));
process.on("message", (m) => { if (m === "count") process.send({ count: arrivals.length }); if (m === "report") process.send({ arrivals }); if (m === "stop") server.close(() => process.exit(0)); });
`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const file = path.join(os.tmpdir(), `webhook-bench-receiver-${process.pid}.cjs`);
  writeFileSync(file, RECEIVER);
  const child = fork(file, [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const ask = <T>(message: string, key: string) =>
    new Promise<T>((resolve) => {
      const on = (m: Record<string, unknown>) => {
        if (key in m) {
          child.off("message", on);
          resolve(m[key] as T);
        }
      };
      child.on("message", on);
      child.send(message);
    });
  const port = await new Promise<number>((resolve) => child.once("message", (m: { port: number }) => resolve(m.port)));

  const { getDb, closeDb, connection } = await import("../server/db/client");
  const schema = await import("../server/db/schema");
  const { newId } = await import("../server/ids");
  const { createSystemUser } = await import("../server/auth/system-users");
  const { inTenantOf } = await import("../server/db/tenant-scope");
  const { recordEvent } = await import("../server/events/record-event");
  const { createWebhook } = await import("../server/webhooks/create-webhook");
  const { startJobWorker, stopJobWorker } = await import("../server/job-worker");
  const { settleDeliveries } = await import("../server/webhooks/deliver");
  const { kind } = await connection();
  const db = await getDb();

  const systemUser = await createSystemUser("webhook bench");
  const tenantId = newId();
  await db.insert(schema.tenants).values({ id: tenantId, name: "webhook bench", createdBySystemUserId: systemUser.id });
  const ctx = {
    caller: { kind: "system" as const, systemUserId: systemUser.id, name: "bench" },
    tenantId,
    access: { tenantId, role: "Administrator" as const, payrollIds: [], employeeId: null },
  };
  await createWebhook({
    ctx,
    input: {
      payloadUrl: `http://127.0.0.1:${port}/hook`,
      events: ["TaskChanged"],
      secret: "bench-secret-0123456789",
      payloadMetadata: {},
      active: true,
    },
  });

  await startJobWorker({ pollIntervalMs: POLL_MS });
  const payrollId = newId();
  const committedAt = new Map<string, number>();
  const started = Date.now();
  let next = 0;
  const producer = async () => {
    while (next < EVENTS) {
      const i = next++;
      const taskId = newId();
      await inTenantOf(tenantId, (scope) =>
        recordEvent(scope, "TaskChanged", {
          payrollId,
          taskId,
          kind: "webhookFailing",
          status: "open",
          resolution: null,
        }),
      );
      committedAt.set(taskId, Date.now());
      // The next event comes as a request would, through the event loop (with PGlite, whose queries
      // settle as microtasks, callers in a tight loop would otherwise keep every send from the network).
      await new Promise((resolve) => setImmediate(resolve));
      if (process.env.BENCH_VERBOSE && i % 100 === 99)
        console.log(`  ${Date.now() - started} ms: ${i + 1} recorded, ${await ask<number>("count", "count")} arrived`);
    }
  };
  await Promise.all(Array.from({ length: PRODUCERS }, producer));
  const produced = Date.now();
  const deadline = produced + 180_000;
  const { deliveriesInFlight } = await import("../server/webhooks/deliver");
  let lastReport = Date.now();
  for (let count = 0; (count = await ask<number>("count", "count")) < EVENTS && Date.now() < deadline;) {
    if (process.env.BENCH_VERBOSE && Date.now() - lastReport > 2000) {
      lastReport = Date.now();
      console.log(`  ${Date.now() - started} ms: ${count} arrived, ${deliveriesInFlight()} sends in flight`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const arrivals = await ask<[string, number][]>("report", "arrivals");
  stopJobWorker();
  await settleDeliveries();

  const firstArrival = new Map<string, number>();
  let duplicates = 0;
  for (const [taskId, at] of arrivals) {
    if (firstArrival.has(taskId)) duplicates++;
    else firstArrival.set(taskId, at);
  }
  const latencies = [...firstArrival].map(([taskId, at]) => at - committedAt.get(taskId)!).sort((a, b) => a - b);
  const times = arrivals.map(([, at]) => at);
  const last = Math.max(...times);
  const first = Math.min(...times);
  const { eq } = await import("drizzle-orm");
  const failed = await db
    .select({ id: schema.webhookMessages.id })
    .from(schema.webhookMessages)
    .where(
      (await import("drizzle-orm")).and(
        eq(schema.webhookMessages.tenantId, tenantId),
        eq(schema.webhookMessages.status, "failed"),
      ),
    );
  console.log(
    `database: ${kind}; events: ${EVENTS}; producers: ${PRODUCERS}; worker poll: ${POLL_MS} ms; cores: ${os.cpus().length}; load average: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  console.log(
    `recorded ${EVENTS} events in ${produced - started} ms (${Math.round((EVENTS * 1000) / (produced - started))} commits/s)`,
  );
  console.log(
    `delivered ${firstArrival.size}/${EVENTS} (missing ${EVENTS - firstArrival.size}, duplicates ${duplicates}, failed attempts ${failed.length})`,
  );
  console.log(
    `throughput: ${Math.round((firstArrival.size * 1000) / (last - started))} deliveries/s from first commit to last arrival (${last - started} ms); ${Math.round((firstArrival.size * 1000) / Math.max(1, last - first))} deliveries/s over the delivery window (${last - first} ms)`,
  );
  console.log(
    `latency commit -> arrival: p50 ${percentile(latencies, 50)} ms, p95 ${percentile(latencies, 95)} ms, p99 ${percentile(latencies, 99)} ms, max ${latencies.at(-1)} ms`,
  );
  child.kill();
  await closeDb();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
