import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { openTaskCount } from "@/components/tasks/load";
import { NavLink } from "@/components/ui/nav-link";
import { consoleCan, requireConsoleTenant } from "@/server/auth/console-session";
import { getTenant } from "@/server/tenants/get-tenant";

/** One tenant: the sections that exist so far, each shown only to roles that may use it. */
export default async function TenantLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ orgId: string }>;
}) {
  const { orgId } = await params;
  const ctx = await requireConsoleTenant(orgId);
  const tenant = await getTenant({ ctx });
  const openTasks = consoleCan(ctx, "task.read") ? await openTaskCount(ctx) : 0;
  const base = `/tenants/${orgId}`;
  const t = await getTranslations("common");
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-6 md:flex-row">
      <aside className="md:w-56 md:shrink-0">
        <div className="mb-4 px-3">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{t("nav.tenant")}</p>
          <p className="font-semibold text-slate-900">{tenant.name}</p>
          <p className="text-xs text-slate-500">{t(`roles.${ctx.access.role}`)}</p>
        </div>
        <nav aria-label={t("nav.label")} className="space-y-1">
          {consoleCan(ctx, "employee.read") ? <NavLink href={`${base}/employees`}>{t("nav.employees")}</NavLink> : null}
          {consoleCan(ctx, "payroll.read") ? (
            <>
              {consoleCan(ctx, "task.read") ? (
                <NavLink href={`${base}/tasks`} count={openTasks} countLabel={t("nav.openTasks", { count: openTasks })}>
                  {t("nav.tasks")}
                </NavLink>
              ) : null}
              <NavLink href={`${base}/payroll-control`}>{t("nav.payrollControl")}</NavLink>
              <NavLink href={`${base}/missing-data`}>{t("nav.missingData")}</NavLink>
              {consoleCan(ctx, "payout.read") ? <NavLink href={`${base}/payouts`}>{t("nav.payouts")}</NavLink> : null}
              {consoleCan(ctx, "period.close") ? <NavLink href={`${base}/close`}>{t("nav.close")}</NavLink> : null}
              {consoleCan(ctx, "document.read") ? <NavLink href={`${base}/periods`}>{t("nav.periods")}</NavLink> : null}
              <NavLink href={`${base}/company`}>{t("nav.company")}</NavLink>
            </>
          ) : null}
          {/* The tenant's settings: Administrators only (a Manager reads company data, above, read-only). */}
          {consoleCan(ctx, "payroll.update") ? (
            <>
              <NavLink href={`${base}/settings`}>{t("nav.settings")}</NavLink>
              <NavLink href={`${base}/regulations`}>{t("nav.regulations")}</NavLink>
            </>
          ) : null}
          {consoleCan(ctx, "lookup.write") ? (
            <>
              <NavLink href={`${base}/accounts`}>{t("nav.accounts")}</NavLink>
              <NavLink href={`${base}/cost-centers`}>{t("nav.costCenters")}</NavLink>
            </>
          ) : null}
          {consoleCan(ctx, "payroll.update") ? (
            <NavLink href={`${base}/onboarding`}>{t("nav.onboarding")}</NavLink>
          ) : null}
          {consoleCan(ctx, "membership.read") ? <NavLink href={`${base}/people`}>{t("nav.people")}</NavLink> : null}
          {/* Webhooks belong to the tenant: Administrators only (contract 9). */}
          {consoleCan(ctx, "webhook.read") ? <NavLink href={`${base}/webhooks`}>{t("nav.webhooks")}</NavLink> : null}
          {/* Integrating the API is the tenant's business: the reference is linked for Administrators. */}
          {ctx.access.role === "Administrator" ? (
            // A page of its own outside the console (no client-side navigation into it).
            <a
              href="/docs/api"
              className="flex items-center rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
            >
              {t("nav.apiReference")}
            </a>
          ) : null}
        </nav>
      </aside>
      <main className="min-w-0 flex-1">{children}</main>
    </div>
  );
}
