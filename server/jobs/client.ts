import PgBoss from "pg-boss";
import type { JobSql } from "./sql";

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
  if (installer) await new PgBoss({ db: installer, schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: true }).start();
  const boss = new PgBoss({ db: executor, schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: !installer });
  boss.on("error", (error) => console.error("jobs:", error));
  await boss.start();
  return boss;
}

/** pg-boss over another executor (an open transaction): for the calls that take no `db` option (createQueue). Starts nothing. */
export function jobClientOn(executor: JobSql): JobClient {
  return new PgBoss({ db: executor, schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: false });
}
