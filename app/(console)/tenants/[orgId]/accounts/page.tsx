import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ChartOfAccountsSection } from "@/components/lookups/sections";
import { tenantPayroll } from "@/components/payrolls/tenant-payroll";
import { PageHeader } from "@/components/ui/card";
import { consoleCan, requireConsoleTenant } from "@/server/auth/console-session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("lookups");
  return { title: t("accountsTitle") };
}

export default async function AccountsPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const ctx = await requireConsoleTenant(orgId);
  // A setting of the tenant: Administrators only (a Manager has no link here and gets 404).
  if (!consoleCan(ctx, "lookup.write")) notFound();
  const found = await tenantPayroll(ctx);
  if (!found) redirect(`/tenants/${orgId}/onboarding`);
  const t = await getTranslations("lookups");
  return (
    <>
      <PageHeader title={t("accountsTitle")} description={t("accountsDescription")} />
      <ChartOfAccountsSection ctx={ctx} payroll={found.payroll} />
    </>
  );
}
