import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { consolePage } from "@/components/console/page";
import { ChartOfAccountsSection } from "@/components/lookups/sections";
import { PageHeader } from "@/components/ui/card";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("lookups");
  return { title: t("accountsTitle") };
}

export default async function AccountsPage({ params }: { params: Promise<{ orgId: string }> }) {
  // A setting of the tenant: Administrators only (a Manager has no link here and gets 404).
  const { ctx, payroll } = await consolePage(params, { permission: "lookup.write", needsPayroll: true });
  const t = await getTranslations("lookups");
  return (
    <>
      <PageHeader title={t("accountsTitle")} description={t("accountsDescription")} />
      <ChartOfAccountsSection ctx={ctx} payroll={payroll} />
    </>
  );
}
