import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { consolePage } from "@/components/console/page";
import { PageHeader } from "@/components/ui/card";
import { WebhooksScreen } from "@/components/webhooks/webhooks-screen";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("webhooks");
  return { title: t("title") };
}

/** The tenant's webhooks: Administrators only (contract 9). The screen uses the documented API from the browser. */
export default async function WebhooksPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await consolePage(params, { permission: "webhook.read" });
  const t = await getTranslations("webhooks");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <WebhooksScreen orgId={orgId} />
    </>
  );
}
