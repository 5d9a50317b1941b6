import PgBoss from "pg-boss";
import type { JobSql } from "./job-sql";

/** pg-boss's tables live in their own schema, next to ours. */
export const JOB_SCHEMA = "pgboss";

export type JobClient = PgBoss;

/**
 * pg-boss over the service's own connection, opened with it: installs or migrates pg-boss's schema
 * (once, under pg-boss's advisory lock), then sends, fetches, completes and fails jobs. It starts
 * no timers (no maintenance, no schedules: the job worker does those), so scripts and tests exit.
 * `installer` runs the install when given: pg-boss installs with a script that opens its own
 * transaction (BEGIN ... COMMIT), which postgres.js accepts only on a reserved connection.
 */
export async function openJobClient(executor: JobSql, installer?: JobSql): Promise<JobClient> {
  if (installer)
    await installed(installer, () =>
      new PgBoss({ db: installer, schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: true }).start(),
    );
  const boss = new PgBoss({ db: executor, schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: !installer });
  boss.on("error", (error) => console.error("jobs:", error));
  await installed(executor, () => boss.start());
  return boss;
}

/**
 * Runs a pg-boss start once more when it lost the race to install the schema: two processes opening
 * a new database at once both find pg-boss missing, and the second, though it waits on pg-boss's
 * advisory lock, still fails on `CREATE SCHEMA IF NOT EXISTS` (PostgreSQL's catalog cache does not see
 * the schema committed while it waited: a unique violation, which pg-boss does not take for its own
 * "already exists" race). Its install script opened a transaction that the failure left open: it is
 * rolled back first, so that the connection goes back to the pool usable. Started again, pg-boss finds
 * the schema installed.
 */
async function installed<T>(connection: JobSql, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    await connection.executeSql("ROLLBACK", []).catch(() => {});
    if ((error as { code?: string }).code !== "23505") throw error;
    return start();
  }
}

/** pg-boss over another executor (an open transaction): for the calls that take no `db` option (createQueue). Starts nothing. */
export function jobClientOn(executor: JobSql): JobClient {
  return new PgBoss({ db: executor, schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: false });
}
