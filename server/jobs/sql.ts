import type PgBoss from "pg-boss";
import { sql, type SQL } from "drizzle-orm";
import type { Database, Tx } from "../db/client";

/**
 * The one place where pg-boss meets our database clients. pg-boss speaks through an executor
 * (`executeSql(text, values)` with `$1`-style parameters, answering `{ rows }`); these adapt
 * PGlite, postgres.js and an open drizzle transaction to it.
 */
export type JobSql = PgBoss.Db;
type Rows = { rows: Record<string, unknown>[] };

/** As pg (which pg-boss was written for) sends them: objects as JSON, undefined as null (postgres.js refuses both as they are). */
const asParameter = (value: unknown) =>
  value === undefined ? null : value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date) ? JSON.stringify(value) : value;

/** `$n` placeholders as drizzle parameters, so that the text runs wherever drizzle runs (a transaction included). */
function positional(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)), sql`${sql.param(asParameter(values[Number(match[1]) - 1]))}`);
    last = match.index! + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

const rowsOf = (result: unknown): Rows => ({ rows: (Array.isArray(result) ? result : (result as Rows).rows) as Rows["rows"] });

/**
 * Runs pg-boss's statements on a drizzle database or inside an open drizzle transaction: a job
 * sent (or completed) through it commits or rolls back with that transaction.
 */
export function drizzleJobSql(db: Tx | Database): JobSql {
  return { executeSql: async (text, values = []) => rowsOf(await db.execute(positional(text, values))) };
}

type PgliteClient = { query(text: string, values?: unknown[]): Promise<Rows>; exec(text: string): Promise<Rows[]> };

/** PGlite: statements with parameters as one query, pg-boss's multi-statement scripts (its schema) through exec. */
export function pgliteJobSql(pg: PgliteClient): JobSql {
  return { executeSql: async (text, values) => (values?.length ? pg.query(text, values) : ((await pg.exec(text)).at(-1) ?? { rows: [] })) };
}

type PostgresJsClient = { unsafe(text: string, values?: never[]): Promise<unknown> };

/** postgres.js: without parameters it uses the simple protocol (several statements at once), answering one result per statement. */
export function postgresJsJobSql(client: PostgresJsClient): JobSql {
  return {
    executeSql: async (text, values) => {
      const result = (await client.unsafe(text, values?.length ? (values.map(asParameter) as never[]) : undefined)) as unknown[];
      return { rows: (result.length && Array.isArray(result[0]) ? result.at(-1) : result) as Rows["rows"] };
    },
  };
}
