import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { jobs } from "@/server/db/schema";
import { inTenantOf } from "@/server/db/tenant-scope";
import { enqueueJob, registerJobHandler, runDueJobs } from "@/server/jobs/queue";
import { tenantFixture } from "../fixtures/factories";

const jobRow = async (id: string) => (await (await getDb()).select().from(jobs).where(eq(jobs.id, id)))[0]!;

describe("the job queue", () => {
  it("runs a due job once, in its tenant's scope, and keeps it when its transaction rolls back", async () => {
    const t = await tenantFixture({ withPayroll: false });
    const seen: string[] = [];
    registerJobHandler("test.record", async (scope, payload) => {
      seen.push(`${scope.tenantId}:${String(payload.n)}`);
    });
    const committed = await inTenantOf(t.orgId, (scope) => enqueueJob(scope, "test.record", { n: 1 }));
    await expect(
      inTenantOf(t.orgId, async (scope) => {
        await enqueueJob(scope, "test.record", { n: 2 });
        throw new Error("the command failed");
      }),
    ).rejects.toThrow("the command failed");
    await runDueJobs();
    expect(seen).toEqual([`${t.orgId}:1`]);
    expect(await jobRow(committed.id)).toMatchObject({ status: "done", attempts: 1 });
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
    expect(await jobRow(flaky.id)).toMatchObject({ status: "pending", lastError: "distributor busy", attempts: 1 });
    expect(await jobRow(broken.id)).toMatchObject({ status: "failed", lastError: "declaration missing" });
    // The back-off put the retry in the future; bring it forward instead of waiting.
    await (await getDb()).update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(jobs.id, flaky.id));
    await runDueJobs();
    await runDueJobs();
    expect(calls).toBe(3);
    expect(await jobRow(flaky.id)).toMatchObject({ status: "done", lastError: null, attempts: 3 });
  });
});
