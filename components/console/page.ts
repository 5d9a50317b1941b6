import "server-only";
import { notFound, redirect } from "next/navigation";
import { tenantPayroll } from "@/components/payrolls/tenant-payroll";
import { consoleCan, requireConsoleTenant } from "@/server/auth/console-session";
import type { TenantPermission } from "@/server/permissions";
import type { TenantCtx } from "@/server/context";

/** The `searchParams` prop of a page: each name once, several times, or not at all. */
export type SearchParams = Promise<Record<string, string | string[] | undefined>>;
export type SearchParam = string | string[] | undefined;

type Payroll = NonNullable<Awaited<ReturnType<typeof tenantPayroll>>>["payroll"];

type Options = {
  /** What the caller's role must hold (every one of them); a role without it gets 404, as if the page were not there. */
  permission?: TenantPermission | readonly TenantPermission[];
  /** The page shows the tenant's payroll: before onboarding it sends the visitor there. */
  needsPayroll?: boolean;
};

export async function consolePage<P extends { orgId: string }>(
  params: Promise<P>,
  options: Options & { needsPayroll: true },
): Promise<{ ctx: TenantCtx; orgId: string; params: P; payroll: Payroll }>;
export async function consolePage<P extends { orgId: string }>(
  params: Promise<P>,
  options?: Options & { needsPayroll?: false },
): Promise<{ ctx: TenantCtx; orgId: string; params: P }>;
/**
 * The start of every console page of a tenant: signs in an anonymous visitor, answers 404 for a
 * tenant they cannot see and for a role without the page's permission, and, for a page about the
 * payroll, sends them to onboarding while the tenant has none.
 */
export async function consolePage<P extends { orgId: string }>(
  params: Promise<P>,
  { permission, needsPayroll = false }: Options = {},
) {
  const resolved = await params;
  const { orgId } = resolved;
  const ctx = await requireConsoleTenant(orgId);
  const permissions: readonly TenantPermission[] =
    permission === undefined ? [] : typeof permission === "string" ? [permission] : permission;
  if (!permissions.every((p) => consoleCan(ctx, p))) notFound();
  if (!needsPayroll) return { ctx, orgId, params: resolved };
  const found = await tenantPayroll(ctx);
  if (!found) redirect(`/tenants/${orgId}/onboarding`);
  return { ctx, orgId, params: resolved, payroll: found.payroll };
}

/** A search parameter's first value, or undefined when it is missing or empty. */
export function firstParam(value: SearchParam): string | undefined {
  return (Array.isArray(value) ? value[0] : value) || undefined;
}

/** A search parameter given exactly once (empty included), or undefined when missing or repeated. */
export function singleParam(value: SearchParam): string | undefined {
  return typeof value === "string" ? value : undefined;
}
