import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TenantCtx } from "@/server/context";
import { getDb } from "@/server/db/client";
import { payrolls } from "@/server/db/schema";
import { inTenantOf, readInTenant, tenantRead } from "@/server/db/tenant-scope";
import { tenantFixture } from "../fixtures/factories";

/**
 * TenantRead (server/db/tenant-scope.ts) builds a query once and runs it in whatever scope reads it:
 * the tenant comes from the scope, never from the values; in a transaction it reads through the
 * transaction (its own uncommitted writes included); its variants are separate queries.
 */
const payrollNamed = tenantRead<{ payrollId: string; name: string }>()("test.payroll_named", (db, p, variant) =>
  db
    .select({ id: payrolls.id, name: payrolls.name })
    .from(payrolls)
    .where(and(p.tenant(payrolls), eq(payrolls.id, p.value("payrollId")), variant === "named" ? eq(payrolls.name, p.value("name")) : undefined)),
);

const ctxOf = (tenantId: string) => ({ tenantId }) as TenantCtx;

describe("TenantRead", () => {
  it("reads with the scope's tenant: another tenant's row is not found, in the pool or in a transaction", async () => {
    const [a, b] = [await tenantFixture(), await tenantFixture()];
    const own = await readInTenant(ctxOf(a.orgId), (scope) => scope.read(payrollNamed, { payrollId: a.payroll.id, name: "" }));
    expect(own.map((r) => r.id)).toEqual([a.payroll.id]);
    // The same statement (built once) for tenant B's scope, asked for A's payroll: nothing.
    expect(await readInTenant(ctxOf(b.orgId), (scope) => scope.read(payrollNamed, { payrollId: a.payroll.id, name: "" }))).toEqual([]);
    expect(await inTenantOf(b.orgId, (scope) => scope.read(payrollNamed, { payrollId: a.payroll.id, name: "" }))).toEqual([]);
    expect((await inTenantOf(b.orgId, (scope) => scope.read(payrollNamed, { payrollId: b.payroll.id, name: "" }))).map((r) => r.id)).toEqual([b.payroll.id]);
  });

  it("reads through the caller's transaction: its uncommitted change is seen there and gone after a rollback", async () => {
    const t = await tenantFixture();
    const rollback = new Error("roll back");
    const seen = await inTenantOf(t.orgId, async (scope) => {
      await scope.update(payrolls, { name: "Renamed in the transaction" }, eq(payrolls.id, t.payroll.id));
      const inside = await scope.read(payrollNamed, { payrollId: t.payroll.id, name: "Renamed in the transaction" }, "named");
      throw Object.assign(rollback, { inside });
    }).catch((error: Error & { inside?: unknown }) => error.inside);
    expect(seen).toEqual([{ id: t.payroll.id, name: "Renamed in the transaction" }]);
    expect(await readInTenant(ctxOf(t.orgId), (scope) => scope.read(payrollNamed, { payrollId: t.payroll.id, name: "Renamed in the transaction" }, "named"))).toEqual([]);
    const [row] = await (await getDb()).select({ name: payrolls.name }).from(payrolls).where(eq(payrolls.id, t.payroll.id));
    expect(row!.name).not.toBe("Renamed in the transaction");
  });

  it("keeps each variant's query: the variant without the name condition does not filter by name", async () => {
    const t = await tenantFixture();
    const read = (variant: string) => readInTenant(ctxOf(t.orgId), (scope) => scope.read(payrollNamed, { payrollId: t.payroll.id, name: "no such name" }, variant));
    expect(await read("named")).toEqual([]);
    expect((await read("default")).map((r) => r.id)).toEqual([t.payroll.id]);
    expect(await read("named")).toEqual([]);
  });
});
