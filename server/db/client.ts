import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { env } from "../env";
import * as schema from "./schema";
import { acquireEmbeddedLock } from "./embedded-lock";
import { preparingClient } from "./prepared";
import { openJobClient, type JobClient } from "./job-client";
import { pgliteJobSql, postgresJsJobSql, type JobSql } from "./job-sql";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/**
 * `jobs` is pg-boss over this connection (sending, fetching and completing jobs; no timers), `jobSql`
 * the executor it uses: the job worker (server/jobs/queue.ts) runs its own pg-boss on PGlite through it.
 */
type Connection = {
  db: Database;
  close: () => Promise<void>;
  kind: "postgres" | "pglite";
  jobs: JobClient;
  jobSql: JobSql;
};

const migrationsFolder = path.join(process.cwd(), "drizzle");

async function openPostgres(url: string): Promise<Connection> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const client = postgres(url, { max: 10, onnotice: () => {} });
  // Migrations go through the plain client: their statements run once, some of them DDL.
  await migrate(drizzle({ client, schema }), { migrationsFolder });
  const db = drizzle({ client: preparingClient(client), schema });
  const jobSql = postgresJsJobSql(client);
  // pg-boss's install script opens a transaction of its own: postgres.js runs it on a reserved connection only.
  const reserved = await client.reserve();
  let jobs: JobClient;
  try {
    jobs = await openJobClient(jobSql, postgresJsJobSql(reserved));
  } finally {
    reserved.release();
  }
  // Ended with a timeout: a connection that never settles (postgres.js waited forever for a query whose connection
  // had failed under it, patched: patches/README.md) is destroyed after 5 s rather than keeping the process alive.
  return { db: db as unknown as Database, close: () => client.end({ timeout: 5 }), kind: "postgres", jobs, jobSql };
}

async function openPglite(dataDir: string, template?: string): Promise<Connection> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const inMemory = dataDir.startsWith("memory://");
  let release = () => {};
  if (!inMemory) {
    mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
    release = acquireEmbeddedLock(dataDir);
  }
  let loadDataDir: Blob | undefined;
  if (template) {
    const { readFile } = await import("node:fs/promises");
    loadDataDir = new Blob([await readFile(template)]);
  }
  const client = new PGlite(inMemory ? undefined : dataDir, { loadDataDir });
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder });
  const jobSql = pgliteJobSql(client);
  const jobs = await openJobClient(jobSql);
  return {
    db: db as unknown as Database,
    jobs,
    jobSql,
    close: async () => {
      await client.close();
      release();
    },
    kind: "pglite",
  };
}

// One connection per process, kept on globalThis: Next may evaluate this module more than once,
// and a second PGlite on the same folder would corrupt it.
const slot = globalThis as unknown as { __payrollDb?: Promise<Connection> };

export function connection(): Promise<Connection> {
  slot.__payrollDb ??= (async () => {
    const e = env();
    return e.DATABASE_URL ? openPostgres(e.DATABASE_URL) : openPglite(e.PGLITE_DATA_DIR, e.PGLITE_TEMPLATE);
  })();
  slot.__payrollDb.catch(() => {
    slot.__payrollDb = undefined;
  });
  return slot.__payrollDb;
}

export async function getDb(): Promise<Database> {
  return (await connection()).db;
}

const closing = globalThis as unknown as { __payrollBeforeClose?: Set<() => Promise<void>> };

/** Something to stop before the connection closes (the job worker). */
export function beforeCloseDb(stop: () => Promise<void>) {
  (closing.__payrollBeforeClose ??= new Set()).add(stop);
  return () => closing.__payrollBeforeClose?.delete(stop);
}

export async function closeDb() {
  for (const stop of closing.__payrollBeforeClose ?? []) await stop();
  const pending = slot.__payrollDb;
  slot.__payrollDb = undefined;
  if (pending) await (await pending).close();
}

export { schema };
