import "server-only";
import { and, eq } from "drizzle-orm";
import type { Caller, TenantAccess } from "../context";
import { getDb } from "../db/client";
import { memberships, systemUsers, tenants } from "../db/schema";

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

/**
 * A system user and what it may see of one tenant, in one query: the system user's row (null when it no
 * longer exists) and its access (null when the tenant is not one it created). Read at every request, as
 * tenantAccess is; nothing of it is kept.
 */
export async function systemUserWithAccess(systemUserId: string, tenantId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ id: systemUsers.id, name: systemUsers.name, tenantId: tenants.id })
    .from(systemUsers)
    .leftJoin(tenants, and(eq(tenants.id, tenantId), eq(tenants.createdBySystemUserId, systemUsers.id)))
    .where(eq(systemUsers.id, systemUserId))
    .limit(1);
  if (!row) return { systemUser: null, access: null };
  const access: TenantAccess | null = row.tenantId ? { tenantId, role: "Administrator", payrollIds: [], employeeId: null } : null;
  return { systemUser: { id: row.id, name: row.name }, access };
}
