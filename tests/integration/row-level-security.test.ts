import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Tx } from "@/server/db/client";
import { rowsOf } from "@/server/db/rows";
import { inTenantOf, readInTenant, TENANT_ROLE } from "@/server/db/tenant-scope";
import { api } from "../fixtures/api";
import { anEmployee, tenantFixture } from "../fixtures/factories";

/**
 * The tenant wall the database holds (drizzle/0020_row_level_security.sql): a statement run as the
 * tenant role sees and writes only the rows of the tenant its transaction names, whatever its own
 * conditions say, and none at all when the transaction names no tenant.
 */

async function tenantTables(tx: Tx): Promise<string[]> {
  const result = await tx.execute(sql`
    select c.relname as name from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by 1`);
  return rowsOf(result).map((row) => String(row.name));
}

/** Rolled back: the test's own settings and writes leave nothing behind. */
class RolledBack extends Error {}
async function inRolledBackTransaction(work: (tx: Tx) => Promise<void>) {
  const db = await getDb();
  await db
    .transaction(async (tx) => {
      await work(tx as Tx);
      throw new RolledBack();
    })
    .catch((error) => {
      if (!(error instanceof RolledBack)) throw error;
    });
}

const countOf = async (tx: Tx, table: string, where = sql``) =>
  Number(rowsOf(await tx.execute(sql`select count(*)::int as n from ${sql.identifier(table)} ${where}`))[0]!.n);

describe("row-level security", () => {
  let a: Awaited<ReturnType<typeof tenantFixture>>;
  let b: Awaited<ReturnType<typeof tenantFixture>>;

  beforeAll(async () => {
    [a, b] = await Promise.all([tenantFixture(), tenantFixture()]);
    for (const t of [a, b]) {
      const employee = await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token: t.token });
      expect(employee.status).toBe(201);
      const cases = await api.post(
        `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/cases`,
        {
          caseName: "Employment",
          employeeId: employee.body.id,
          values: [{ caseFieldName: "EntryDate", value: "2026-01-01", start: "2026-01-01" }],
        },
        { token: t.token },
      );
      expect(cases.status).toBe(201);
    }
  });

  it("covers every table with a tenant_id, and the tenants themselves", async () => {
    const db = await getDb();
    const result = await db.execute(sql`
      select c.relname as name, c.relrowsecurity as secured, exists (select from pg_policy p where p.polrelid = c.oid and p.polname = 'tenant_wall') as walled
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
        and (c.relname = 'tenants' or exists (select from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped))`);
    const tables = rowsOf(result);
    expect(tables.length).toBeGreaterThanOrEqual(20);
    for (const table of tables)
      expect({ table: table.name, secured: table.secured, walled: table.walled }).toEqual({
        table: table.name,
        secured: true,
        walled: true,
      });
  });

  it("a statement without the scope's setting sees no row of any tenant", async () => {
    await inRolledBackTransaction(async (tx) => {
      const tables = await tenantTables(tx);
      // As the service's own role, the tables hold rows (so the zeros below are the wall's, not empty tables).
      expect(await countOf(tx, "employees")).toBeGreaterThanOrEqual(2);
      expect(await countOf(tx, "case_values")).toBeGreaterThanOrEqual(2);
      await tx.execute(sql.raw(`set local role ${TENANT_ROLE}`));
      for (const table of [...tables, "tenants"])
        expect({ table, rows: await countOf(tx, table) }).toEqual({ table, rows: 0 });
    });
  });

  it("a tenant's transaction sees only its own rows, even asked for another's", async () => {
    await inRolledBackTransaction(async (tx) => {
      await tx.execute(
        sql`select set_config('role', ${TENANT_ROLE}, true), set_config('app.tenant_id', ${a.orgId}, true)`,
      );
      expect(await countOf(tx, "employees", sql`where tenant_id = ${b.orgId}`)).toBe(0);
      expect(await countOf(tx, "employees", sql`where tenant_id <> ${a.orgId}`)).toBe(0);
      expect(await countOf(tx, "employees")).toBe(1);
      expect(await countOf(tx, "tenants")).toBe(1);
      const updated = rowsOf(
        await tx.execute(sql`update employees set first_name = 'Mallory' where tenant_id = ${b.orgId} returning id`),
      );
      expect(updated).toHaveLength(0);
    });
  });

  it("refuses a row written for another tenant", async () => {
    await inRolledBackTransaction(async (tx) => {
      await tx.execute(
        sql`select set_config('role', ${TENANT_ROLE}, true), set_config('app.tenant_id', ${a.orgId}, true)`,
      );
      const moved = tx.execute(sql`update employees set tenant_id = ${b.orgId}`);
      await expect(moved).rejects.toMatchObject({
        cause: { code: "42501", message: expect.stringContaining("row-level security") },
      });
    });
  });

  it("work past the wall that fails leaves the scope behind the wall again", async () => {
    const role = await inTenantOf(a.orgId, async (scope) => {
      await expect(scope.asServiceRole(() => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
      return (await scope.query<{ name: string }>(sql`select current_user as name`))[0]!.name;
    });
    expect(role).toBe(TENANT_ROLE);
  });

  it("the service's tenant reads run behind the wall", async () => {
    // Raw SQL without a tenant condition, through the scope: the wall alone keeps it to tenant A.
    const seen = await readInTenant({ tenantId: a.orgId } as never, async (scope) => ({
      employees: (await scope.query<{ n: number }>(sql`select count(*)::int as n from employees`))[0]!.n,
      role: (await scope.query<{ name: string }>(sql`select current_user as name`))[0]!.name,
    }));
    expect(seen).toEqual({ employees: 1, role: TENANT_ROLE });
  });
});
