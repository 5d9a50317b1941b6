import { etagOf } from "@/server/http/etag";
import { handle, resource } from "@/server/api/route";
import { created, ok } from "@/server/http/replies";
import { createWebhook } from "@/server/webhooks/create-webhook";
import { createWebhookOp, listWebhooksOp } from "@/server/webhooks/operations";
import { listWebhooks } from "@/server/webhooks/read-webhooks";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(listWebhooksOp, async ({ ctx, query }) => ok(await listWebhooks({ ctx, input: query }))),
  POST: handle(createWebhookOp, async ({ ctx, body }) => {
    const { webhook, version } = await createWebhook({ ctx, input: body });
    return created(webhook, etagOf({ id: webhook.id, version }));
  }),
});
