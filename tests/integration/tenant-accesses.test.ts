import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantAccess, tenantAccesses } from "@/server/auth/access";
import { getDb } from "@/server/db/client";
import { memberships, users } from "@/server/db/schema";
import { newId } from "@/server/ids";
import { memberOf, tenantFixture } from "../fixtures/factories";

/** The tenant switcher reads every tenant's access in one query: the same answer as one tenant at a time. */
describe("tenantAccesses", () => {
  it("gives a person's role in each tenant they belong to, and nothing for the others", async () => {
    const [a, b, c] = await Promise.all([tenantFixture(), tenantFixture(), tenantFixture()]);
    const person = await memberOf(a.orgId, "Manager", { payrollIds: [a.payroll.id] });
    const db = await getDb();
    const [user] = await db.select().from(users).where(eq(users.email, person.email));
    await db.insert(memberships).values({ id: newId(), tenantId: b.orgId, userId: user!.id, role: "Administrator" });
    const caller = { kind: "person" as const, userId: user!.id, email: person.email, name: "Member" };
    const ids = [a.orgId, b.orgId, c.orgId];

    const accesses = await tenantAccesses(caller, ids);
    expect([...accesses.keys()].sort()).toEqual([a.orgId, b.orgId].sort());
    for (const id of ids) expect(accesses.get(id) ?? null).toEqual(await tenantAccess(caller, id));
    expect(accesses.get(a.orgId)).toMatchObject({ role: "Manager", payrollIds: [a.payroll.id] });

    const owner = { kind: "system" as const, systemUserId: a.owner.id, name: a.owner.name };
    const own = await tenantAccesses(owner, ids);
    expect([...own.keys()]).toEqual([a.orgId]);
    expect(own.get(a.orgId)).toEqual(await tenantAccess(owner, a.orgId));
    expect(await tenantAccesses(owner, [])).toEqual(new Map());
  });
});
