import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { tenantPayroll } from "@/components/payrolls/tenant-payroll";
import { RegulationsSection } from "@/components/regulations/regulations-section";
import { PageHeader } from "@/components/ui/card";
import { consoleCan, requireConsoleTenant } from "@/server/auth/console-session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("regulations");
  return { title: t("title") };
}

export default async function RegulationsPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const ctx = await requireConsoleTenant(orgId);
  // A setting of the tenant: Administrators only (a Manager has no link here and gets 404).
  if (!consoleCan(ctx, "payroll.update")) notFound();
  const found = await tenantPayroll(ctx);
  if (!found) redirect(`/tenants/${orgId}/onboarding`);
  const t = await getTranslations("regulations");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <RegulationsSection ctx={ctx} payroll={found.payroll} />
    </>
  );
}
