import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/ui/card";
import { WebhooksScreen } from "@/components/webhooks/webhooks-screen";
import { consoleCan, requireConsoleTenant } from "@/server/auth/console-session";

export const metadata: Metadata = { title: "Webhooks" };

/** The tenant's webhooks: Administrators only (contract 9). The screen uses the documented API from the browser. */
export default async function WebhooksPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const ctx = await requireConsoleTenant(orgId);
  if (!consoleCan(ctx, "webhook.read")) notFound();
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Your systems learn what happens here without polling: each chosen event is POSTed to the webhook's address, signed with its secret, retried for 72 hours when the receiver fails."
      />
      <WebhooksScreen orgId={orgId} />
    </>
  );
}
