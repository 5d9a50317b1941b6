import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { env } from "../env";
import * as schema from "./schema";
import { acquireEmbeddedLock } from "./embedded-lock";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

type Connection = { db: Database; close: () => Promise<void>; kind: "postgres" | "pglite" };

const migrationsFolder = path.join(process.cwd(), "drizzle");

async function openPostgres(url: string): Promise<Connection> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const client = postgres(url, { max: 10, onnotice: () => {} });
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Database, close: () => client.end(), kind: "postgres" };
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
  return {
    db: db as unknown as Database,
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

export async function closeDb() {
  const pending = slot.__payrollDb;
  slot.__payrollDb = undefined;
  if (pending) await (await pending).close();
}

export { schema };
