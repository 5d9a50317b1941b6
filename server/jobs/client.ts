import PgBoss from "pg-boss";
import type { JobSql } from "./sql";

/** pg-boss's tables live in their own schema, next to ours. */
export const JOB_SCHEMA = "pgboss";

export type JobClient = PgBoss;

/**
 * pg-boss over the service's own connection, opened with it: installs or migrates pg-boss's schema
 * (once, under pg-boss's advisory lock), then sends, fetches, completes and fails jobs. It starts
 * no timers (no maintenance, no schedules: the job worker does those), so scripts and tests exit.
 */
export async function openJobClient(executor: JobSql, installer: JobSql = executor): Promise<JobClient> {
  if (installer !== executor) {
    // Installing runs a BEGIN ... COMMIT script, which postgres.js allows only on a reserved connection.
    const install = new PgBoss({ db: installer, schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: true });
    install.on("error", (error) => console.error("jobs:", error));
    await install.start();
  }
  const boss = new PgBoss({ db: executor, schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: installer === executor });
  boss.on("error", (error) => console.error("jobs:", error));
  await boss.start();
  return boss;
}

/** pg-boss over another executor (an open transaction): for the calls that take no `db` option (createQueue). Starts nothing. */
export function jobClientOn(executor: JobSql): JobClient {
  return new PgBoss({ db: executor, schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: false });
}
