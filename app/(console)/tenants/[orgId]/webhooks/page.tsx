import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/card";
import { WebhooksScreen } from "@/components/webhooks/webhooks-screen";
import { consoleCan, requireConsoleTenant } from "@/server/auth/console-session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("webhooks");
  return { title: t("title") };
}

/** The tenant's webhooks: Administrators only (contract 9). The screen uses the documented API from the browser. */
export default async function WebhooksPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const ctx = await requireConsoleTenant(orgId);
  if (!consoleCan(ctx, "webhook.read")) notFound();
  const t = await getTranslations("webhooks");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <WebhooksScreen orgId={orgId} />
    </>
  );
}
