import "server-only";
import { getServerSession } from "next-auth";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import type { Caller, Role, TenantCtx } from "../context";
import { isUuid } from "../ids";
import { getUserById } from "../users/upsert-user";
import { tenantAccess } from "./access";
import { authOptions } from "./next-auth";
import { tenantPermissions, type TenantPermission } from "./permissions";

export type PersonCaller = Extract<Caller, { kind: "person" }>;

/** The signed-in person's user record (browser session), or null. Once per request. */
export const consoleUser = cache(async () => {
  const session = await getServerSession(await authOptions());
  return session?.userId ? await getUserById(session.userId) : null;
});

/** The signed-in person of the console (browser session), or null. Once per request. */
export const consoleCaller = cache(async (): Promise<PersonCaller | null> => {
  const user = await consoleUser();
  if (!user) return null;
  return { kind: "person", userId: user.id, email: user.email, name: user.name };
});

/** The console's context for a tenant, built like the API's: null when the person cannot see the tenant. */
export const consoleTenantCtx = cache(async (orgId: string): Promise<TenantCtx | null> => {
  if (!isUuid(orgId)) return null;
  const caller = await consoleCaller();
  if (!caller) return null;
  const access = await tenantAccess(caller, orgId);
  return access ? { caller, tenantId: orgId, access } : null;
});

/** For console pages: sends an anonymous visitor to sign in, and answers 404 for a tenant they cannot see. */
export async function requireConsoleTenant(orgId: string): Promise<TenantCtx> {
  if (!(await consoleCaller())) redirect("/signin");
  const ctx = await consoleTenantCtx(orgId);
  if (!ctx) notFound();
  return ctx;
}

/** Whether the caller's role holds a permission of the authorization table (to show or hide screens). */
export function consoleCan(ctx: TenantCtx, permission: TenantPermission) {
  return (tenantPermissions[permission] as readonly Role[]).includes(ctx.access.role);
}

/** Where a person starts in a tenant: Self Service on their own record, everyone else on the employees. */
export function consoleHome(ctx: TenantCtx) {
  const base = `/tenants/${ctx.tenantId}`;
  if (ctx.access.role === "SelfService" && ctx.access.employeeId) return `${base}/employees/${ctx.access.employeeId}`;
  return `${base}/employees`;
}
