import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { employees } from "@/server/db/schema";
import { inTenantOf } from "@/server/db/tenant-scope";
import { newId } from "@/server/ids";
import {
  enqueueJob,
  jobStatus,
  registerJobHandler,
  runDueJobs,
  startJobWorker,
  stopJobWorker,
} from "@/server/jobs/queue";
import { tenantFixture } from "../fixtures/factories";

const until = async (check: () => Promise<boolean>, tries = 200) => {
  for (let i = 0; i < tries && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  return check();
};

describe("the job queue (pg-boss)", () => {
  afterAll(() => stopJobWorker());

  it("runs a due job once, in its tenant's scope, and keeps it when its transaction rolls back", async () => {
    const t = await tenantFixture({ withPayroll: false });
    const seen: string[] = [];
    registerJobHandler("test.record", async (scope, payload) => {
      seen.push(`${scope.tenantId}:${String(payload.n)}`);
    });
    const committed = await inTenantOf(t.orgId, (scope) => enqueueJob(scope, "test.record", { n: 1 }));
    let rolledBack = "";
    await expect(
      inTenantOf(t.orgId, async (scope) => {
        rolledBack = (await enqueueJob(scope, "test.record", { n: 2 })).id;
        throw new Error("the command failed");
      }),
    ).rejects.toThrow("the command failed");
    await runDueJobs();
    expect(seen).toEqual([`${t.orgId}:1`]);
    expect(await jobStatus("test.record", committed.id)).toMatchObject({
      state: "completed",
      attempts: 1,
      error: null,
    });
    expect(await jobStatus("test.record", rolledBack)).toBeNull();
    await runDueJobs();
    expect(seen).toHaveLength(1);
  });

  it("retries a failing job later, polls when asked to, and fails a permanent error with its reason", async () => {
    const t = await tenantFixture({ withPayroll: false });
    let calls = 0;
    registerJobHandler("test.flaky", async () => {
      calls++;
      if (calls === 1) throw new Error("distributor busy");
      if (calls === 2) return { retryInMs: 0 };
    });
    registerJobHandler("test.broken", async () => {
      throw Object.assign(new Error("declaration missing"), { permanent: true });
    });
    const flaky = await inTenantOf(t.orgId, (scope) => enqueueJob(scope, "test.flaky", {}));
    const broken = await inTenantOf(t.orgId, (scope) => enqueueJob(scope, "test.broken", {}));
    await runDueJobs();
    const retrying = await jobStatus("test.flaky", flaky.id);
    expect(retrying).toMatchObject({ state: "retry", error: "distributor busy", attempts: 1 });
    expect(retrying!.startAfter.getTime()).toBeGreaterThan(Date.now() - 50); // pg-boss's backoff put it in the future
    expect(await jobStatus("test.broken", broken.id)).toMatchObject({
      state: "failed",
      error: "declaration missing",
      attempts: 1,
    });
    // Bring the retry forward instead of waiting for the back-off.
    await (
      await getDb()
    ).execute(sql`update pgboss.job set start_after = now() - interval '1 second' where id = ${flaky.id}::uuid`);
    await runDueJobs();
    expect(calls).toBe(3);
    expect(await jobStatus("test.flaky", flaky.id)).toMatchObject({ state: "completed", error: null, attempts: 3 });
    await runDueJobs();
    expect(calls).toBe(3);
  });

  it("commits a job's writes with its completion: a failed run leaves nothing behind", async () => {
    const t = await tenantFixture();
    let calls = 0;
    registerJobHandler(
      "test.writes",
      async (scope) => {
        calls++;
        await scope.insert(employees, {
          id: newId(),
          divisionId: t.payroll.divisionId,
          identifier: `run-${calls}`,
          firstName: "Job",
          lastName: "Run",
        });
        if (calls === 1) throw new Error("after writing");
      },
      { retryDelaySeconds: 0, retryBackoff: false },
    );
    const job = await inTenantOf(t.orgId, (scope) => enqueueJob(scope, "test.writes", {}));
    await runDueJobs();
    expect(calls).toBe(2); // retried at once (no delay configured), in the same drain
    expect(await jobStatus("test.writes", job.id)).toMatchObject({ state: "completed", attempts: 2 });
    const written = await inTenantOf(t.orgId, (scope) => scope.rows(employees));
    expect(written.map((e) => e.identifier)).toEqual(["run-2"]);
  });

  it("the worker runs a job as soon as the sending transaction commits, and never more at once than its concurrency", async () => {
    const t = await tenantFixture({ withPayroll: false });
    let running = 0;
    let most = 0;
    const ran: number[] = [];
    registerJobHandler(
      "test.parallel",
      async (_scope, payload) => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        ran.push(Number(payload.n));
        running--;
      },
      { concurrency: 3 },
    );
    // A poll interval far longer than the wait below: only the wake-up after the commit can run the jobs in time.
    await startJobWorker({ pollIntervalMs: 600_000 });
    await inTenantOf(t.orgId, async (scope) => {
      for (let n = 0; n < 8; n++) await enqueueJob(scope, "test.parallel", { n });
    });
    expect(await until(async () => ran.length >= 8)).toBe(true);
    expect(ran.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBeLessThanOrEqual(3);
    expect(most).toBeGreaterThanOrEqual(1);
  });
});
