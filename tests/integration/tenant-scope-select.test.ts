import { count, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { employees, payrolls, tasks, tenants, users } from "@/server/db/schema";
import { inTenantOf } from "@/server/db/tenant-scope";
import { newId } from "@/server/ids";
import { api } from "../fixtures/api";
import { anEmployee, tenantFixture } from "../fixtures/factories";

/**
 * The scope's own builders (server/db/tenant-scope.ts) put the tenant in themselves: select adds it
 * for the table read from and every tenant table joined, insertInto gives every row the scope's
 * tenant. Asked past the wall (asServiceRole), where the database would show every tenant's rows,
 * they still see only the scope's.
 */
describe("the tenant scope's select and insertInto", () => {
  let a: Awaited<ReturnType<typeof tenantFixture>>;
  let b: Awaited<ReturnType<typeof tenantFixture>>;

  beforeAll(async () => {
    [a, b] = await Promise.all([tenantFixture(), tenantFixture()]);
    for (const t of [a, b]) {
      const employee = await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token: t.token });
      expect(employee.status).toBe(201);
    }
  });

  it("adds the tenant to the table read from, to joined tenant tables (in ON) and to subqueries", async () => {
    await inTenantOf(a.orgId, async (scope) => {
      const joined = scope
        .select({ id: employees.id, payroll: payrolls.id })
        .from(employees)
        .leftJoin(payrolls, eq(payrolls.divisionId, employees.divisionId))
        .where(eq(employees.lastName, "x"))
        .toSQL();
      expect(joined.sql).toBe(
        'select "employees"."id", "payrolls"."id" from "employees" left join "payrolls" on ("payrolls"."division_id" = "employees"."division_id" and "payrolls"."tenant_id" = $1) where ("employees"."tenant_id" = $2 and "employees"."last_name" = $3)',
      );
      expect(joined.params).toEqual([a.orgId, a.orgId, "x"]);
      const sub = scope.select({ id: payrolls.divisionId }).from(payrolls);
      const outer = scope.select().from(employees).where(inArray(employees.divisionId, sub)).toSQL();
      expect(outer.params).toEqual([a.orgId, a.orgId]);
      expect(scope.select({ id: tenants.id }).from(tenants).toSQL()).toMatchObject({
        sql: 'select "id" from "tenants" where "tenants"."id" = $1',
        params: [a.orgId],
      });
    });
  });

  it("reads only the scope's tenant even past the wall", async () => {
    await inTenantOf(a.orgId, async (scope) => {
      const [all] = await scope.asServiceRole((tx) => tx.select({ n: count() }).from(employees));
      expect(all!.n).toBeGreaterThanOrEqual(2);
      const own = await scope.asServiceRole(() =>
        scope
          .select({ tenantId: employees.tenantId, payroll: payrolls.tenantId })
          .from(employees)
          .innerJoin(payrolls, eq(payrolls.divisionId, employees.divisionId)),
      );
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.every((r) => r.tenantId === a.orgId && r.payroll === a.orgId)).toBe(true);
      const [tenant] = await scope.asServiceRole(() => scope.select().from(tenants));
      expect(tenant!.id).toBe(a.orgId);
    });
  });

  it("refuses to read from a table no tenant owns", async () => {
    await inTenantOf(a.orgId, async (scope) => {
      expect(() => scope.select().from(users as never)).toThrow(/tenant table/);
    });
  });

  it("inserts with the scope's tenant, whatever the row carried", async () => {
    const id = newId();
    const written = await inTenantOf(a.orgId, (scope) =>
      scope
        .insertInto(tasks)
        .values({
          id,
          tenantId: b.orgId,
          payrollId: a.payroll.id,
          kind: "webhookFailing",
          title: "test",
          details: {},
        } as never)
        .returning({ tenantId: tasks.tenantId }),
    );
    expect(written).toEqual([{ tenantId: a.orgId }]);
  });
});
