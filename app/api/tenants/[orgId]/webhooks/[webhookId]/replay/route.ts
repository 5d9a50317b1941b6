import { handle, resource } from "@/server/api/route";
import { replayWebhookOp } from "@/server/webhooks/operations";
import { replayEvents } from "@/server/webhooks/replay-events";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  POST: handle(replayWebhookOp, async ({ ctx, params, body, receivedAt }) => ({
    status: 202,
    body: await replayEvents({ ctx, webhookId: params.webhookId!, input: body, receivedAt }),
  })),
});
