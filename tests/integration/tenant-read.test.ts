import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TenantCtx } from "@/server/context";
import { getDb } from "@/server/db/client";
import { employees, payrolls } from "@/server/db/schema";
import { TRANSACTION_ATTEMPTS, inTenantOf, readInTenant, tenantRead } from "@/server/db/tenant-scope";
import { api } from "../fixtures/api";
import { anEmployee, tenantFixture } from "../fixtures/factories";

/**
 * TenantRead (server/db/tenant-scope.ts) builds a query once and runs it in whatever scope reads it:
 * the tenant comes from the scope, never from the values; in a transaction it reads through the
 * transaction (its own uncommitted writes included); its variants are separate queries.
 */
const payrollNamed = tenantRead<{ payrollId: string; name: string }>()("test.payroll_named", (db, p, variant) =>
  db
    .select({ id: payrolls.id, name: payrolls.name })
    .from(payrolls)
    .where(
      and(
        p.tenant(payrolls),
        eq(payrolls.id, p.value("payrollId")),
        variant === "named" ? eq(payrolls.name, p.value("name")) : undefined,
      ),
    ),
);

const ctxOf = (tenantId: string) => ({ tenantId }) as TenantCtx;

describe("TenantRead", () => {
  it("reads with the scope's tenant: another tenant's row is not found, in the pool or in a transaction", async () => {
    const [a, b] = [await tenantFixture(), await tenantFixture()];
    const own = await readInTenant(ctxOf(a.orgId), (scope) =>
      scope.read(payrollNamed, { payrollId: a.payroll.id, name: "" }),
    );
    expect(own.map((r) => r.id)).toEqual([a.payroll.id]);
    // The same statement (built once) for tenant B's scope, asked for A's payroll: nothing.
    expect(
      await readInTenant(ctxOf(b.orgId), (scope) => scope.read(payrollNamed, { payrollId: a.payroll.id, name: "" })),
    ).toEqual([]);
    expect(
      await inTenantOf(b.orgId, (scope) => scope.read(payrollNamed, { payrollId: a.payroll.id, name: "" })),
    ).toEqual([]);
    expect(
      (await inTenantOf(b.orgId, (scope) => scope.read(payrollNamed, { payrollId: b.payroll.id, name: "" }))).map(
        (r) => r.id,
      ),
    ).toEqual([b.payroll.id]);
  });

  it("reads through the caller's transaction: its uncommitted change is seen there and gone after a rollback", async () => {
    const t = await tenantFixture();
    const rollback = new Error("roll back");
    const seen = await inTenantOf(t.orgId, async (scope) => {
      await scope.update(payrolls, { name: "Renamed in the transaction" }, eq(payrolls.id, t.payroll.id));
      const inside = await scope.read(
        payrollNamed,
        { payrollId: t.payroll.id, name: "Renamed in the transaction" },
        "named",
      );
      throw Object.assign(rollback, { inside });
    }).catch((error: Error & { inside?: unknown }) => error.inside);
    expect(seen).toEqual([{ id: t.payroll.id, name: "Renamed in the transaction" }]);
    expect(
      await readInTenant(ctxOf(t.orgId), (scope) =>
        scope.read(payrollNamed, { payrollId: t.payroll.id, name: "Renamed in the transaction" }, "named"),
      ),
    ).toEqual([]);
    const [row] = await (
      await getDb()
    )
      .select({ name: payrolls.name })
      .from(payrolls)
      .where(eq(payrolls.id, t.payroll.id));
    expect(row!.name).not.toBe("Renamed in the transaction");
  });

  it("keeps each variant's query: the variant without the name condition does not filter by name", async () => {
    const t = await tenantFixture();
    const read = (variant: string) =>
      readInTenant(ctxOf(t.orgId), (scope) =>
        scope.read(payrollNamed, { payrollId: t.payroll.id, name: "no such name" }, variant),
      );
    expect(await read("named")).toEqual([]);
    expect((await read("default")).map((r) => r.id)).toEqual([t.payroll.id]);
    expect(await read("named")).toEqual([]);
  });
});

/** inTenantOf runs a transaction PostgreSQL rolled back as a deadlock's victim again (server/db/tenant-scope.ts). */
describe("a transaction chosen as a deadlock's victim", () => {
  const renamed = async (t: Awaited<ReturnType<typeof tenantFixture>>) =>
    (await (await getDb()).select().from(payrolls).where(eq(payrolls.id, t.payroll.id)))[0]!.name;
  // What drizzle throws for a failed query: its own error, PostgreSQL's as the cause.
  const victim = () =>
    new Error("Failed query: update ...", { cause: Object.assign(new Error("deadlock detected"), { code: "40P01" }) });

  it("runs again from the start, and its first attempt left nothing", async () => {
    const t = await tenantFixture();
    let attempts = 0;
    const result = await inTenantOf(t.orgId, async (scope) => {
      attempts++;
      await scope.update(payrolls, { name: `Attempt ${attempts}` }, eq(payrolls.id, t.payroll.id));
      if (attempts === 1) throw victim();
      return (await scope.read(payrollNamed, { payrollId: t.payroll.id, name: "" }))[0]!.name;
    });
    expect(attempts).toBe(2);
    expect(result).toBe("Attempt 2");
    expect(await renamed(t)).toBe("Attempt 2");
  });

  it("gives up after TRANSACTION_ATTEMPTS attempts, and never runs again for any other error", async () => {
    const t = await tenantFixture();
    let attempts = 0;
    await expect(
      inTenantOf(t.orgId, async () => {
        attempts++;
        throw victim();
      }),
    ).rejects.toThrow("Failed query");
    expect(attempts).toBe(TRANSACTION_ATTEMPTS);
    attempts = 0;
    await expect(
      inTenantOf(t.orgId, async (scope) => {
        attempts++;
        await scope.update(payrolls, { name: "Not kept" }, eq(payrolls.id, t.payroll.id));
        throw Object.assign(new Error("duplicate"), { code: "23505" });
      }),
    ).rejects.toThrow("duplicate");
    expect(attempts).toBe(1);
    expect(await renamed(t)).not.toBe("Not kept");
  });

  it("two transactions locking the same two rows in opposite order both commit (on PostgreSQL one is the deadlock's victim and runs again)", async () => {
    const t = await tenantFixture();
    const employee = (await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token: t.token })).body;
    const pause = () => new Promise((resolve) => setTimeout(resolve, 150));
    let attempts = 0;
    const lockBoth = (first: "payroll" | "employee") =>
      inTenantOf(t.orgId, async (scope) => {
        attempts++;
        const lockPayroll = () => scope.lock(payrolls, eq(payrolls.id, t.payroll.id));
        const lockEmployee = () => scope.lock(employees, eq(employees.id, employee.id));
        await (first === "payroll" ? lockPayroll() : lockEmployee());
        await pause();
        await (first === "payroll" ? lockEmployee() : lockPayroll());
        return first;
      });
    const [a, b] = await Promise.allSettled([lockBoth("payroll"), lockBoth("employee")]);
    expect([a.status, b.status]).toEqual(["fulfilled", "fulfilled"]);
    expect(attempts).toBeGreaterThanOrEqual(2);
  });
});
