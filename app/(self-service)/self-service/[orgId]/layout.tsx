import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { PortalNav } from "@/components/self-service/portal-nav";
import { requirePortalTenant } from "@/server/auth/console-session";
import { getTenant } from "@/server/tenants/get-tenant";

/** One company's portal: the person's Self Service membership there (any other is a 404), and its sections. */
export default async function PortalTenantLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ orgId: string }>;
}) {
  const { orgId } = await params;
  const ctx = await requirePortalTenant(orgId);
  const tenant = await getTenant({ ctx });
  const t = await getTranslations("portal.nav");
  const base = `/self-service/${orgId}`;
  return (
    <>
      <p className="pt-3 pb-1 text-xs font-medium uppercase tracking-wide text-slate-500" data-testid="portal-tenant">
        {tenant.name}
      </p>
      <PortalNav
        label={t("label")}
        items={[
          { href: base, label: t("documents"), exact: true },
          { href: `${base}/data`, label: t("data") },
          { href: `${base}/report`, label: t("report") },
        ]}
      />
      <main className="space-y-5 pt-5">{children}</main>
    </>
  );
}
