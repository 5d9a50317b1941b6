import "server-only";
import { getServerSession } from "next-auth";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import type { Caller, Role, TenantCtx } from "../context";
import { isUuid } from "../ids";
import { allPages, MAX_PAGE } from "../http/pagination";
import { listTenants } from "../tenants/list-tenants";
import { getUserById } from "../users/upsert-user";
import { tenantAccess, tenantAccesses } from "./access";
import { authOptions } from "./next-auth";
import { tenantPermissions, type TenantPermission } from "../permissions";

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

/**
 * For console pages: sends an anonymous visitor to sign in, and answers 404 for a tenant they cannot
 * see. Self Service people have the portal (/self-service) and no console page at all: 404 to them too.
 */
export async function requireConsoleTenant(orgId: string): Promise<TenantCtx> {
  if (!(await consoleCaller())) redirect("/signin");
  const ctx = await consoleTenantCtx(orgId);
  if (!ctx || ctx.access.role === "SelfService") notFound();
  return ctx;
}

/** For portal pages: the person's Self Service membership of the tenant; any other role or tenant is a 404. */
export async function requirePortalTenant(orgId: string): Promise<TenantCtx> {
  if (!(await consoleCaller())) redirect("/signin?callbackUrl=/self-service");
  const ctx = await consoleTenantCtx(orgId);
  if (!ctx || ctx.access.role !== "SelfService") notFound();
  return ctx;
}

/** Every tenant the signed-in person belongs to, with their role in it. */
export const consoleMemberships = cache(async () => {
  const caller = await consoleCaller();
  if (!caller) return [];
  const items = await allPages((cursor) => listTenants({ ctx: { caller }, input: { limit: MAX_PAGE, cursor } }));
  const accesses = await tenantAccesses(
    caller,
    items.map((tenant) => tenant.id),
  );
  return items.flatMap((tenant) => {
    const access = accesses.get(tenant.id);
    return access ? [{ tenant, access }] : [];
  });
});

/** Where a signed-in person starts: the console of the first tenant they help run, else their Self Service portal, else null. */
export async function startPage(): Promise<string | null> {
  const memberships = await consoleMemberships();
  const runs = memberships.find((m) => m.access.role !== "SelfService");
  if (runs) return `/tenants/${runs.tenant.id}`;
  return memberships.length ? "/self-service" : null;
}

/** Whether the caller's role holds a permission of the authorization table (to show or hide screens). */
export function consoleCan(ctx: TenantCtx, permission: TenantPermission) {
  return (tenantPermissions[permission] as readonly Role[]).includes(ctx.access.role);
}

/** Where a person starts in a tenant: Self Service in their portal, everyone else on the employees. */
export function consoleHome(ctx: Pick<TenantCtx, "tenantId" | "access">) {
  if (ctx.access.role === "SelfService") return `/self-service/${ctx.tenantId}`;
  return `/tenants/${ctx.tenantId}/employees`;
}
