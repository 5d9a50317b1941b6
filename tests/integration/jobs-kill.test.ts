import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connection } from "@/server/db/client";
import { inTenantOf } from "@/server/db/tenant-scope";
import { enqueueJob, jobStatus, registerJobHandler, startJobWorker, stopJobWorker } from "@/server/jobs/queue";
import { tenantFixture } from "../fixtures/factories";
import { KILL_JOB, KILL_JOB_OPTIONS } from "../fixtures/jobs/kill-job";

/**
 * A job claimed by a process that dies runs again: pg-boss's maintenance fails the claim once it
 * expires, and the retry is taken by another process. The expiry (2 s) and the maintenance interval
 * (1 s) are configuration (the kind's options, JOBS_MAINTENANCE_SECONDS), not changes to pg-boss.
 */
const until = async (check: () => Promise<boolean> | boolean, tries = 400) => {
  for (let i = 0; i < tries && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  return check();
};

describe("a job whose worker dies runs again", () => {
  afterAll(() => stopJobWorker());

  const runs: { id: string; attempts: number }[] = [];
  registerJobHandler(KILL_JOB, async (_scope, _payload, job) => void runs.push(job), KILL_JOB_OPTIONS);
  const ABANDONED = `${KILL_JOB}-abandoned`;
  const abandonedRuns: { id: string; attempts: number }[] = [];
  registerJobHandler(ABANDONED, async (_scope, _payload, job) => void abandonedRuns.push(job), KILL_JOB_OPTIONS);

  // A second process cannot open the embedded database, so this one needs PostgreSQL.
  if (process.env.DATABASE_URL) {
    it("on PostgreSQL: a worker process killed with SIGKILL mid-job; this process runs the job after its claim expires", async () => {
      const t = await tenantFixture({ withPayroll: false });
      // node itself (tsx as a loader), so that the signal reaches the worker and not a wrapper around it.
      const child: ChildProcess = spawn(
        process.execPath,
        ["--import", "tsx", "--conditions=react-server", path.resolve("tests/fixtures/jobs/worker-child.ts")],
        {
          env: { ...process.env, JOBS_MAINTENANCE_SECONDS: "1" },
          stdio: ["ignore", "pipe", "inherit"],
        },
      );
      let out = "";
      child.stdout!.on("data", (chunk) => (out += String(chunk)));
      try {
        expect(await until(() => out.includes("ready"), 1200)).toBe(true);
        const job = await inTenantOf(t.orgId, (scope) => enqueueJob(scope, KILL_JOB, { n: 1 }));
        expect(await until(() => out.includes(`started ${job.id} 1`))).toBe(true);
        expect(await jobStatus(KILL_JOB, job.id)).toMatchObject({ state: "active" });
        child.kill("SIGKILL");
        await new Promise((resolve) => child.once("exit", resolve));
        expect(runs).toEqual([]);
        await startJobWorker({ pollIntervalMs: 100, maintenanceIntervalSeconds: 1 });
        expect(await until(() => runs.length > 0)).toBe(true);
        expect(runs).toEqual([{ id: job.id, attempts: 2 }]);
        expect(await until(async () => (await jobStatus(KILL_JOB, job.id))?.state === "completed")).toBe(true);
      } finally {
        child.kill("SIGKILL");
        await stopJobWorker();
      }
    });
  }

  it("in one process (PGlite too): a job claimed and then abandoned, as by a process that died, runs again after its claim expires", async () => {
    const t = await tenantFixture({ withPayroll: false });
    const job = await inTenantOf(t.orgId, (scope) => enqueueJob(scope, ABANDONED, { n: 2 }));
    // The claim a worker makes before it runs a job; its process "dies" here: nothing completes or fails it.
    const { jobs } = await connection();
    const [claimed] = await jobs.fetch(ABANDONED);
    expect(claimed?.id).toBe(job.id);
    expect(await jobStatus(ABANDONED, job.id)).toMatchObject({ state: "active" });
    await startJobWorker({ pollIntervalMs: 100, maintenanceIntervalSeconds: 1 });
    expect(abandonedRuns).toEqual([]); // claimed: not taken again while the claim holds
    expect(await until(() => abandonedRuns.length > 0)).toBe(true);
    expect(abandonedRuns).toEqual([{ id: job.id, attempts: 2 }]);
    expect(await until(async () => (await jobStatus(ABANDONED, job.id))?.state === "completed")).toBe(true);
    await stopJobWorker();
  });
});
