import { handle, resource } from "@/server/api/route";
import { testWebhookOp } from "@/server/webhooks/operations";
import { sendTestEvent } from "@/server/webhooks/send-test-event";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  POST: handle(testWebhookOp, async ({ ctx, params }) => ({
    status: 202,
    body: await sendTestEvent({ ctx, webhookId: params.webhookId! }),
  })),
});
