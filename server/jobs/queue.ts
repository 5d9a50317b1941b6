import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { jobs } from "../db/schema";
import { inTenantOf, type TenantScope } from "../db/tenant-scope";
import { newId } from "../ids";

/**
 * A small durable queue on the service's own database (PostgreSQL or PGlite alike): a job is
 * inserted in the transaction that needs it, so it exists exactly when that transaction commits.
 * (pg-boss would do this on PostgreSQL, but it needs node-postgres and cannot run on PGlite.)
 */
export type JobHandler = (scope: TenantScope, payload: Record<string, unknown>, job: { id: string; attempts: number }) => Promise<JobOutcome | void>;
/** A handler may ask to run again later (polling an external result) instead of finishing. */
export type JobOutcome = { retryInMs: number };

const MAX_ATTEMPTS = 20;

export async function enqueueJob(scope: TenantScope, kind: string, payload: Record<string, unknown>, delayMs = 0) {
  return scope.insert(jobs, { id: newId(), kind, payload, runAt: new Date(Date.now() + delayMs) });
}

const handlers = new Map<string, JobHandler>();

export function registerJobHandler(kind: string, handler: JobHandler) {
  handlers.set(kind, handler);
}

type ClaimedJob = { id: string; tenant_id: string; kind: string; payload: Record<string, unknown>; attempts: number };

/** Claims one due job of a kind this process handles (SKIP LOCKED, so several workers never take the same one). */
async function claimJob(): Promise<ClaimedJob | null> {
  const kinds = [...handlers.keys()];
  if (!kinds.length) return null;
  const db = await getDb();
  const claimed = await db.execute(sql`
    update ${jobs} set status = 'running', attempts = attempts + 1, updated_at = now()
    where id = (
      select id from ${jobs}
      where status = 'pending' and run_at <= now() and kind in (${sql.join(kinds.map((kind) => sql`${kind}`), sql`, `)})
      order by run_at limit 1 for update skip locked)
    returning id, tenant_id, kind, payload, attempts`);
  const rows = (Array.isArray(claimed) ? claimed : (claimed as { rows: unknown[] }).rows) as ClaimedJob[];
  return rows[0] ?? null;
}

async function settle(id: string, status: "pending" | "done" | "failed", error: string | null, delayMs = 0) {
  const db = await getDb();
  await db.execute(sql`update ${jobs} set status = ${status}, last_error = ${error}, run_at = now() + ${`${delayMs} milliseconds`}::interval, updated_at = now() where id = ${id}`);
}

/** Runs every job that is due now, one after another; returns how many ran. */
export async function runDueJobs(): Promise<number> {
  let ran = 0;
  for (let job = await claimJob(); job; job = await claimJob()) {
    ran++;
    const handler = handlers.get(job.kind)!;
    try {
      const outcome = await inTenantOf(job.tenant_id, (scope) => handler(scope, job.payload, { id: job.id, attempts: job.attempts }));
      if (outcome && job.attempts < MAX_ATTEMPTS) await settle(job.id, "pending", null, outcome.retryInMs);
      else if (outcome) await settle(job.id, "failed", `Gave up after ${job.attempts} attempts`);
      else await settle(job.id, "done", null);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // Back off and retry transient failures; a permanent one fails the job with its reason.
      const permanent = (error as { permanent?: boolean }).permanent === true || job.attempts >= MAX_ATTEMPTS;
      await settle(job.id, permanent ? "failed" : "pending", message, Math.min(60_000, 1000 * 2 ** job.attempts));
    }
  }
  return ran;
}

const slot = globalThis as unknown as { __payrollJobWorker?: ReturnType<typeof setInterval> };

/** Polls for due jobs every `intervalMs` in this process (started with the service). */
export function startJobWorker(intervalMs = 500) {
  if (slot.__payrollJobWorker) return;
  let busy = false;
  slot.__payrollJobWorker = setInterval(() => {
    if (busy) return;
    busy = true;
    runDueJobs()
      .catch((error) => console.error("job worker:", error))
      .finally(() => {
        busy = false;
      });
  }, intervalMs);
  slot.__payrollJobWorker.unref?.();
}

export function stopJobWorker() {
  if (slot.__payrollJobWorker) clearInterval(slot.__payrollJobWorker);
  slot.__payrollJobWorker = undefined;
}
