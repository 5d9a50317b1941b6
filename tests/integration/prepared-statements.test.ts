import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { connection, type Tx } from "@/server/db/client";
import { payrolls } from "@/server/db/schema";
import { PREPARE_UP_TO_PARAMETERS } from "@/server/db/prepared";
import { tenantFixture } from "../fixtures/factories";

/**
 * On PostgreSQL, drizzle's queries with parameters go as prepared statements (server/db/prepared.ts):
 * parsed once per connection, then one round trip per run, instead of a parse and describe before
 * every run. PGlite runs in this process and has no round trips to save: its queries are unchanged.
 */
describe("queries with parameters", () => {
  /** How many statements the transaction's connection keeps prepared whose text is like `pattern`. */
  const preparedLike = async (tx: Pick<Tx, "execute">, pattern: string) => {
    const result = (await tx.execute(
      sql`select count(*)::int as n from pg_prepared_statements where statement like ${pattern}`,
    )) as unknown as { n: number }[] | { rows: { n: number }[] };
    return (Array.isArray(result) ? result : result.rows)[0]!.n;
  };

  it("are kept prepared by the connection that ran them (in a transaction and a savepoint too), and answer as before", async () => {
    const { db, kind } = await connection();
    const t = await tenantFixture();
    const other = await tenantFixture();
    const seen = await db.transaction(async (tx) => {
      const byId = (id: string) => tx.select({ id: payrolls.id }).from(payrolls).where(eq(payrolls.id, id));
      const first = await byId(t.payroll.id);
      const again = await byId(other.payroll.id);
      const inSavepoint = await tx.transaction(async (inner) =>
        inner.select({ tenantId: payrolls.tenantId }).from(payrolls).where(eq(payrolls.id, t.payroll.id)),
      );
      return {
        first,
        again,
        inSavepoint,
        prepared: await preparedLike(tx, '%from "payrolls" where "payrolls"."id" = $1%'),
      };
    });
    expect(seen.first).toEqual([{ id: t.payroll.id }]);
    expect(seen.again).toEqual([{ id: other.payroll.id }]);
    expect(seen.inSavepoint).toEqual([{ tenantId: t.orgId }]);
    // The two selects by id (one text, one statement) and the savepoint's (another column list).
    if (kind === "postgres") expect(seen.prepared).toBe(2);
    else expect(seen.prepared).toBe(0);
  });

  it("are not kept when they have more parameters than PREPARE_UP_TO_PARAMETERS (a list of ids, many rows)", async () => {
    const { db } = await connection();
    const t = await tenantFixture();
    const ids = [t.payroll.id, ...Array.from({ length: PREPARE_UP_TO_PARAMETERS }, () => crypto.randomUUID())];
    const seen = await db.transaction(async (tx) => {
      const rows = await tx.select({ id: payrolls.id }).from(payrolls).where(inArray(payrolls.id, ids));
      return { rows, prepared: await preparedLike(tx, `%"payrolls"."id" in ($1, $2,%$${ids.length})%`) };
    });
    expect(seen.rows).toEqual([{ id: t.payroll.id }]);
    expect(seen.prepared).toBe(0);
  });
});
