import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { consolePage } from "@/components/console/page";
import { RegulationsSection } from "@/components/regulations/regulations-section";
import { PageHeader } from "@/components/ui/card";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("regulations");
  return { title: t("title") };
}

export default async function RegulationsPage({ params }: { params: Promise<{ orgId: string }> }) {
  // A setting of the tenant: Administrators only (a Manager has no link here and gets 404).
  const { ctx, payroll } = await consolePage(params, { permission: "payroll.update", needsPayroll: true });
  const t = await getTranslations("regulations");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <RegulationsSection ctx={ctx} payroll={payroll} />
    </>
  );
}
