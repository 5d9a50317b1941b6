import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { listMessages } from "@/server/webhooks/list-messages";
import { listWebhookMessagesOp } from "@/server/webhooks/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(listWebhookMessagesOp, async ({ ctx, params, query }) => ok(await listMessages({ ctx, webhookId: params.webhookId!, input: query }))),
});
