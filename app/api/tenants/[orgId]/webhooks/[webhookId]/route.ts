import { etagOf } from "@/server/http/etag";
import { handle, resource } from "@/server/api/route";
import { noContent, ok } from "@/server/http/replies";
import { deleteWebhook } from "@/server/webhooks/delete-webhook";
import { deleteWebhookOp, getWebhookOp, updateWebhookOp } from "@/server/webhooks/operations";
import { getWebhook } from "@/server/webhooks/read-webhooks";
import { updateWebhook } from "@/server/webhooks/update-webhook";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(getWebhookOp, async ({ ctx, params }) => {
    const { webhook, version } = await getWebhook({ ctx, webhookId: params.webhookId! });
    return ok(webhook, etagOf({ id: webhook.id, version }));
  }),
  PUT: handle(updateWebhookOp, async ({ ctx, params, body, ifMatch }) => {
    const { webhook, version } = await updateWebhook({ ctx, webhookId: params.webhookId!, input: body, ifMatch });
    return ok(webhook, etagOf({ id: webhook.id, version }));
  }),
  DELETE: handle(deleteWebhookOp, async ({ ctx, params }) => {
    await deleteWebhook({ ctx, webhookId: params.webhookId! });
    return noContent();
  }),
});
