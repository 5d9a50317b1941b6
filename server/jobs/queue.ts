import "server-only";
import PgBoss from "pg-boss";
import { sql } from "drizzle-orm";
import { beforeCloseDb, connection, getDb } from "../db/client";
import { inTenantOf, type TenantScope } from "../db/tenant-scope";
import { env } from "../env";
import { JOB_SCHEMA, jobClientOn, type JobClient } from "../db/job-client";
import { transactionJobSql, type JobSql } from "../db/job-sql";
import { rowsOf } from "../db/rows";

/**
 * Background work on pg-boss (10.4), in the service's own database (PostgreSQL or PGlite alike).
 * A job is sent inside the transaction that needs it, so it exists exactly when that transaction
 * commits. pg-boss claims jobs with SKIP LOCKED (several server processes share one queue, each job
 * is taken by one), retries failures with backoff and, through its maintenance, fails a job whose
 * claim expired (its process died) so that it runs again.
 *
 * A tenant job's handler runs in `inTenantOf(tenantId)`; the job is completed in that same
 * transaction, so its writes and its completion commit together. A handler may ask to run again
 * later (`{ retryInMs }`: polling an external result) or throw: it is retried with backoff, unless
 * the error says `permanent: true`, which fails the job for good.
 */
export type JobHandler = (
  scope: TenantScope,
  payload: Record<string, unknown>,
  job: JobInfo,
) => Promise<JobOutcome | void>;
/** Work of the service as a whole (the daily regulation update): no tenant, no transaction around it. */
export type SystemJobHandler = (payload: Record<string, unknown>, job: JobInfo) => Promise<void>;
/** `id` stays the same across a job's retries and its `retryInMs` continuations; attempts counts them all. */
export type JobInfo = { id: string; attempts: number };
/** A handler may ask to run again later (polling an external result) instead of finishing. */
export type JobOutcome = { retryInMs: number };

export type JobOptions = {
  /** Jobs of this kind one process runs at once (default 4). */
  concurrency?: number;
  /** Retries after errors, and the most `retryInMs` continuations (default 20). */
  retryLimit?: number;
  /** First retry delay; with backoff it doubles each time, with jitter (pg-boss). Default 1 s. */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /**
   * A claimed job not finished by then counts as failed (its process died) and is retried. Default
   * 300 s. A function is read when the queue is created (a setting, read after the module loads).
   */
  expireInSeconds?: number | (() => number);
};

type Registration = Required<JobOptions> &
  ({ system: false; handler: JobHandler } | { system: true; handler: SystemJobHandler });
type Wrapped = { tenantId: string | null; payload: Record<string, unknown>; origin?: string; runs?: number };
type FetchedJob = PgBoss.JobWithMetadata<Wrapped>;

const DEFAULTS: Required<JobOptions> = {
  concurrency: 4,
  retryLimit: 20,
  retryDelaySeconds: 1,
  retryBackoff: true,
  expireInSeconds: 300,
};

// Kept on globalThis: Next may evaluate this module more than once in one process.
const state = globalThis as unknown as {
  __payrollJobHandlers?: Map<string, Registration>;
  __payrollJobQueues?: Map<string, Promise<void>>;
  __payrollJobQueuesReady?: Set<string>;
  __payrollJobSchedules?: Map<string, { cron: string; tz: string }>;
  __payrollJobWorker?: Worker;
};
const handlers = (state.__payrollJobHandlers ??= new Map());
const queues = (state.__payrollJobQueues ??= new Map());
/** Kinds whose queue this process has seen created: known without waiting (a wait could deadlock an open embedded transaction). */
const readyQueues = (state.__payrollJobQueuesReady ??= new Set());
const schedules = (state.__payrollJobSchedules ??= new Map());

export function registerJobHandler(kind: string, handler: JobHandler, options: JobOptions = {}) {
  register(kind, { ...DEFAULTS, ...options, system: false, handler });
}

export function registerSystemJobHandler(kind: string, handler: SystemJobHandler, options: JobOptions = {}) {
  register(kind, { ...DEFAULTS, ...options, system: true, handler });
}

function register(kind: string, registration: Registration) {
  handlers.set(kind, registration);
  queues.delete(kind);
  // Registered after the worker started (a module loaded later): the worker takes this kind on too.
  const worker = state.__payrollJobWorker;
  if (worker?.started && !worker.loops.has(kind)) {
    void connection()
      .then(({ jobs }) => ensureQueue(jobs, kind))
      .then(() => {
        if (state.__payrollJobWorker === worker && !worker.loops.has(kind))
          worker.loops.set(kind, new QueueLoop(worker.boss, kind, registration.concurrency, worker.pollMs));
      })
      .catch((error) => console.error(`jobs: ${kind}:`, messageOf(error)));
  }
}

/** Runs a system job on a cron schedule (pg-boss: one job per due time across all processes). */
export function registerJobSchedule(kind: string, cron: string, tz = "Europe/Zurich") {
  schedules.set(kind, { cron, tz });
}

const queueOptions = (r: Required<JobOptions> | undefined) =>
  r
    ? {
        retryLimit: r.retryLimit,
        retryDelay: r.retryDelaySeconds,
        retryBackoff: r.retryBackoff,
        expireInSeconds: typeof r.expireInSeconds === "function" ? r.expireInSeconds() : r.expireInSeconds,
      }
    : {};

/** A pg-boss queue exists per kind (v10 partitions jobs by queue); created or updated once per process. */
function ensureQueue(jobs: JobClient, kind: string) {
  let ready = queues.get(kind);
  if (!ready) {
    const options = { name: kind, ...queueOptions(handlers.get(kind)) };
    ready = jobs
      .createQueue(kind, options)
      .then(() => jobs.updateQueue(kind, options))
      .then(() => void readyQueues.add(kind));
    ready.catch(() => queues.delete(kind));
    queues.set(kind, ready);
  }
  return ready;
}

async function sendJob(jobSql: JobSql, kind: string, data: Wrapped, delayMs: number) {
  const { jobs } = await connection();
  const id = await jobs.send(kind, data, {
    ...queueOptions(handlers.get(kind)),
    startAfter: delayMs > 0 ? delayMs / 1000 : undefined,
    db: jobSql,
  });
  if (!id) throw new Error(`The job engine refused a ${kind} job.`);
  return id;
}

/**
 * Sends a job in the caller's transaction: it exists if and when that transaction commits. After
 * the commit, this process's worker is woken for it (others find it at their next poll).
 */
export async function enqueueJob(
  scope: TenantScope,
  kind: string,
  payload: Record<string, unknown>,
  delayMs = 0,
): Promise<{ id: string; kind: string }> {
  const jobSql = scope.jobSql();
  if (!readyQueues.has(kind)) {
    const { kind: database, jobs } = await connection();
    // On PostgreSQL on the side, committed at once (created in this transaction, two first sends
    // of a kind could deadlock). On the embedded database in this transaction: a statement outside
    // it would wait for it to end, and nothing runs concurrently there.
    if (database === "postgres") await ensureQueue(jobs, kind);
    else {
      await scope.asServiceRole(() =>
        jobClientOn(jobSql).createQueue(kind, { name: kind, ...queueOptions(handlers.get(kind)) }),
      );
      scope.afterCommit(() => readyQueues.add(kind));
    }
  }
  const id = await sendJob(jobSql, kind, { tenantId: scope.tenantId, payload }, delayMs);
  scope.afterCommit(() => pokeWorker(kind, delayMs));
  return { id, kind };
}

/** Sends a system job (no tenant) now, outside any transaction; at most one per `singletonSeconds` when given. */
export async function sendSystemJob(kind: string, payload: Record<string, unknown> = {}, singletonSeconds?: number) {
  const { jobs } = await connection();
  await ensureQueue(jobs, kind);
  const id = await jobs.send(
    kind,
    { tenantId: null, payload },
    { ...queueOptions(handlers.get(kind)), ...(singletonSeconds ? { singletonKey: kind, singletonSeconds } : {}) },
  );
  if (id) pokeWorker(kind, 0);
  return id;
}

class JobLost extends Error {}
const isPermanent = (error: unknown) => (error as { permanent?: boolean } | null)?.permanent === true;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Runs one fetched job to its end: completed, continued, retried or failed. */
async function runJob(jobs: JobClient, kind: string, job: FetchedJob) {
  const registration = handlers.get(kind)!;
  const data = job.data;
  const id = data.origin ?? job.id;
  const attempts = (data.runs ?? 0) + job.retryCount + 1;
  try {
    if (registration.system) {
      await registration.handler(data.payload, { id, attempts });
      await jobs.complete(kind, job.id);
      return;
    }
    await inTenantOf(data.tenantId!, async (scope) => {
      const jobSql = scope.jobSql();
      // Never twice at once: a run that outlived its claim's expiry holds this until it ends.
      await scope.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`job:${id}`}, 0))`);
      const outcome = await registration.handler(scope, data.payload, { id, attempts });
      if (outcome) {
        if (attempts > registration.retryLimit)
          throw Object.assign(new Error(`Gave up after ${attempts} attempts`), { permanent: true });
        await sendJob(jobSql, kind, { ...data, origin: id, runs: attempts }, outcome.retryInMs);
        scope.afterCommit(() => pokeWorker(kind, outcome.retryInMs));
      }
      // Completed with the handler's writes. Nothing to complete: the claim expired meanwhile and
      // the job is someone else's now, so this run's writes are rolled back.
      // (pg-boss 10 answers how many it completed; its types say void.)
      const { affected } = (await jobs.complete(kind, job.id, {}, { db: jobSql })) as unknown as { affected: number };
      if (!affected) throw new JobLost();
    });
  } catch (error) {
    if (error instanceof JobLost) return;
    console.warn(`jobs: ${kind} ${id} attempt ${attempts}: ${messageOf(error)}`);
    await failJob(jobs, kind, job.id, messageOf(error), isPermanent(error));
  }
}

/** A failed job is retried by pg-boss while it has retries left; a permanent failure has none left. */
async function failJob(jobs: JobClient, kind: string, id: string, message: string, permanent: boolean) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    if (permanent)
      await tx.execute(
        sql`update ${sql.identifier(JOB_SCHEMA)}.job set retry_limit = retry_count where name = ${kind} and id = ${id}`,
      );
    await jobs.fail(kind, id, { message, permanent }, { db: transactionJobSql(tx) });
  });
}

/**
 * Runs every job that is due now in this process, kind by kind, until none is left (jobs that
 * become due meanwhile included); returns how many ran. Tests drain the queues with it; it takes
 * jobs as any worker does, so it coexists with the polling worker.
 */
export async function runDueJobs(): Promise<number> {
  const { jobs } = await connection();
  let ran = 0;
  for (let pass = -1; pass !== 0; ran += pass) {
    pass = 0;
    for (const kind of handlers.keys()) {
      await ensureQueue(jobs, kind);
      for (let [job] = await fetchJobs(jobs, kind, 1); job; [job] = await fetchJobs(jobs, kind, 1)) {
        await runJob(jobs, kind, job);
        pass++;
      }
    }
  }
  return ran;
}

const fetchJobs = async (jobs: JobClient, kind: string, batchSize: number) =>
  ((await jobs.fetch<Wrapped>(kind, { batchSize, includeMetadata: true })) ?? []) as FetchedJob[];

export type JobSummary = {
  id: string;
  kind: string;
  state: string;
  attempts: number;
  error: string | null;
  startAfter: Date;
  completedOn: Date | null;
};

/** A job as it stands now: for a job that continued (`retryInMs`), its latest continuation. */
export async function jobStatus(kind: string, id: string): Promise<JobSummary | null> {
  const db = await getDb();
  const job = sql.identifier(JOB_SCHEMA);
  const result = await db.execute(sql`
    select id, name, state, retry_count, data, output, start_after, completed_on from ${job}.job
    where name = ${kind} and (id = ${id}::uuid or data->>'origin' = ${id})
    order by created_on desc, (id = ${id}::uuid) limit 1`);
  const [row] = rowsOf(result);
  if (!row) return null;
  const data = (typeof row.data === "string" ? JSON.parse(row.data) : row.data) as Wrapped;
  const output = (typeof row.output === "string" ? JSON.parse(row.output) : row.output) as { message?: string } | null;
  return {
    id,
    kind,
    state: String(row.state),
    attempts: (data.runs ?? 0) + Number(row.retry_count) + 1,
    error: row.state === "completed" ? null : (output?.message ?? null),
    startAfter: new Date(row.start_after as string),
    completedOn: row.completed_on ? new Date(row.completed_on as string) : null,
  };
}

/**
 * The worker: for each kind, a loop that claims up to `concurrency` jobs at once and runs them,
 * claims again as soon as one finishes while the queue has more, and otherwise waits for the poll
 * interval or a poke (a job committed by this process).
 */
class QueueLoop {
  #running = 0;
  #stopped = false;
  #wake: (() => void) | null = null;
  #poked = false;
  #done: Promise<void>;

  constructor(
    private readonly boss: JobClient,
    private readonly kind: string,
    private readonly concurrency: number,
    private readonly pollMs: number,
  ) {
    this.#done = this.#loop();
  }

  poke() {
    if (this.#wake) this.#wake();
    else this.#poked = true;
  }

  async stop() {
    this.#stopped = true;
    this.poke();
    await this.#done;
    while (this.#running) await this.#sleep(1000);
  }

  #sleep(ms: number) {
    if (this.#poked) {
      this.#poked = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => done(), ms);
      const done = () => {
        clearTimeout(timer);
        this.#wake = null;
        resolve();
      };
      this.#wake = done;
    });
  }

  async #loop() {
    while (!this.#stopped) {
      const free = this.concurrency - this.#running;
      if (free <= 0) {
        await this.#sleep(this.pollMs); // woken when a job ends
        continue;
      }
      let jobs: FetchedJob[] = [];
      try {
        jobs = await fetchJobs(this.boss, this.kind, free);
      } catch (error) {
        console.error(`jobs: fetching ${this.kind}:`, messageOf(error));
      }
      for (const job of jobs) {
        this.#running++;
        void runJob(this.boss, this.kind, job)
          .catch((error) => console.error(`jobs: ${this.kind} ${job.id}:`, messageOf(error)))
          .finally(() => {
            this.#running--;
            this.poke();
          });
      }
      if (jobs.length < free && !this.#stopped) await this.#sleep(this.pollMs);
    }
  }
}

type Worker = {
  boss: JobClient;
  loops: Map<string, QueueLoop>;
  pollMs: number;
  started: boolean;
  stop: () => Promise<void>;
};

/** Wakes this process's loop for a kind (after a commit that sent it a job). */
function pokeWorker(kind: string, delayMs: number) {
  const loop = state.__payrollJobWorker?.loops.get(kind);
  if (!loop) return;
  if (delayMs > 0) setTimeout(() => loop.poke(), delayMs + 5).unref?.();
  else loop.poke();
}

export type WorkerOptions = { pollIntervalMs?: number; maintenanceIntervalSeconds?: number };

/**
 * Starts this process's job worker: pg-boss with maintenance (expiry, retries of dead claims) and
 * schedules, over its own connection on PostgreSQL and over the service's PGlite otherwise, and a
 * loop per registered kind. Idempotent; stopped by stopJobWorker or closeDb.
 */
export async function startJobWorker(options: WorkerOptions = {}) {
  if (state.__payrollJobWorker) return;
  const e = env();
  const conn = await connection();
  const pollMs = options.pollIntervalMs ?? e.JOBS_POLL_INTERVAL_MS;
  const common = {
    schema: JOB_SCHEMA,
    migrate: false,
    supervise: true,
    schedule: schedules.size > 0,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? e.JOBS_MAINTENANCE_SECONDS,
  };
  const boss =
    conn.kind === "postgres"
      ? new PgBoss({ ...common, connectionString: e.DATABASE_URL, max: e.JOBS_POOL_MAX })
      : new PgBoss({ ...common, db: conn.jobSql });
  boss.on("error", (error) => console.error("jobs:", messageOf(error)));
  const worker: Worker = { boss, loops: new Map(), pollMs, started: false, stop: async () => {} };
  state.__payrollJobWorker = worker;
  try {
    await boss.start();
    for (const kind of handlers.keys()) await ensureQueue(conn.jobs, kind);
    for (const [kind, { cron, tz }] of schedules) await boss.schedule(kind, cron, {}, { tz });
  } catch (error) {
    state.__payrollJobWorker = undefined;
    await boss.stop({ graceful: false }).catch(() => {});
    throw error;
  }
  for (const [kind, registration] of handlers)
    worker.loops.set(kind, new QueueLoop(boss, kind, registration.concurrency, pollMs));
  worker.started = true;
  const forget = beforeCloseDb(() => stopJobWorker());
  worker.stop = async () => {
    forget();
    await Promise.all([...worker.loops.values()].map((loop) => loop.stop()));
    await boss.stop({ graceful: false, wait: true });
  };
}

/** Stops claiming, waits for the jobs in hand to end, stops pg-boss (its timers and connection). */
export async function stopJobWorker() {
  const worker = state.__payrollJobWorker;
  state.__payrollJobWorker = undefined;
  if (worker) await worker.stop();
}

/** Whether this process runs the job worker (and so takes work on at once rather than leaving it to the workers). */
export function jobWorkerRunning(): boolean {
  return state.__payrollJobWorker?.started === true;
}

/** The worker's pg-boss, for its schedules (tests, the console). */
export function jobWorkerBoss(): JobClient | null {
  return state.__payrollJobWorker?.boss ?? null;
}
