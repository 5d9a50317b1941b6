import type PgBoss from "pg-boss";
import type { Tx } from "./client";

/**
 * The one place where pg-boss meets our database clients. pg-boss speaks through an executor
 * (`executeSql(text, values)` with `$1`-style parameters, answering `{ rows }`); these adapt
 * PGlite, postgres.js and an open drizzle transaction to it.
 */
export type JobSql = PgBoss.Db;
type Rows = { rows: Record<string, unknown>[] };

/** As pg (which pg-boss was written for) sends them: objects as JSON, undefined as null (postgres.js refuses both as they are). */
const asParameter = (value: unknown) =>
  value === undefined
    ? null
    : value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date)
      ? JSON.stringify(value)
      : value;

/**
 * Runs pg-boss's statements inside an open drizzle transaction: a job sent (or completed) through
 * it commits or rolls back with that transaction. pg-boss's statements use one `$n` in several
 * places with different types, which drizzle's own parameters (one per occurrence) cannot express,
 * so this goes to the driver's transaction under drizzle's: postgres.js's `TransactionSql` or
 * PGlite's `Transaction`.
 */
export function transactionJobSql(tx: Tx): JobSql {
  const client = (tx as unknown as { session?: { client?: Partial<PostgresJsClient & PgliteClient> } }).session?.client;
  if (client?.unsafe) return postgresJsJobSql(client as PostgresJsClient);
  if (client?.query && client.exec) return pgliteJobSql(client as PgliteClient);
  throw new Error("The job engine does not know this database driver's transactions.");
}

type PgliteClient = { query(text: string, values?: unknown[]): Promise<Rows>; exec(text: string): Promise<Rows[]> };

/** PGlite: statements with parameters as one query, pg-boss's multi-statement scripts (its schema) through exec. */
export function pgliteJobSql(pg: PgliteClient): JobSql {
  return {
    executeSql: async (text, values) =>
      values?.length ? pg.query(text, values) : ((await pg.exec(text)).at(-1) ?? { rows: [] }),
  };
}

type PostgresJsClient = { unsafe(text: string, values?: never[]): Promise<unknown> };

/** postgres.js: without parameters it uses the simple protocol (several statements at once), answering one result per statement. */
export function postgresJsJobSql(client: PostgresJsClient): JobSql {
  return {
    executeSql: async (text, values) => {
      const result = (await client.unsafe(
        text,
        values?.length ? (values.map(asParameter) as never[]) : undefined,
      )) as unknown[];
      return { rows: (result.length && Array.isArray(result[0]) ? result.at(-1) : result) as Rows["rows"] };
    },
  };
}
