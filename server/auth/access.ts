import "server-only";
import { and, eq } from "drizzle-orm";
import type { Caller, TenantAccess } from "../context";
import { getDb } from "../db/client";
import { memberships, tenants } from "../db/schema";

/**
 * What the caller may see of a tenant: a system user is Administrator of the tenants it created,
 * a person has the role of their membership. null means the tenant is invisible to them.
 */
export async function tenantAccess(caller: Caller, tenantId: string): Promise<TenantAccess | null> {
  const db = await getDb();
  if (caller.kind === "system") {
    const [tenant] = await db
      .select({ id: tenants.id })
      .from(tenants)
      .where(and(eq(tenants.id, tenantId), eq(tenants.createdBySystemUserId, caller.systemUserId)))
      .limit(1);
    return tenant ? { tenantId, role: "Administrator", payrollIds: [], employeeId: null } : null;
  }
  const [membership] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, caller.userId)))
    .limit(1);
  if (!membership) return null;
  return { tenantId, role: membership.role, payrollIds: membership.payrollIds, employeeId: membership.employeeId };
}
