import { handle, resource } from "@/server/api/route";
import { redeliverWebhookMessageOp } from "@/server/webhooks/operations";
import { redeliverMessage } from "@/server/webhooks/redeliver-message";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  POST: handle(redeliverWebhookMessageOp, async ({ ctx, params }) => ({
    status: 202,
    body: await redeliverMessage({ ctx, webhookId: params.webhookId!, messageId: params.messageId! }),
  })),
});
