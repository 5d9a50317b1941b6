import "server-only";
import type { TenantCtx } from "../context";
import { webhookMessages } from "../db/schema";
import { inTenant } from "../db/tenant-scope";
import { newId } from "../ids";
import { scheduleDelivery } from "./deliver";
import { findWebhook } from "./find-webhook";
import { testBody } from "./payloads";
import { assertActive } from "./redeliver-message";
import { TEST_EVENT, toWebhookMessage } from "./schemas";

/**
 * Sends a test event now (`$type` WebhookPayloadTest, see payloads.ts), signed like any other
 * payload, once, without automatic retries; it is listed among the messages with eventType Test.
 */
export async function sendTestEvent({ ctx, webhookId }: { ctx: TenantCtx; webhookId: string }) {
  return inTenant(ctx, async (scope) => {
    const webhook = await findWebhook(scope, webhookId);
    assertActive(webhook);
    const correlationId = newId();
    const message = await scope.insert(webhookMessages, {
      id: newId(),
      webhookId: webhook.id,
      eventId: null,
      eventType: TEST_EVENT,
      correlationId,
      body: testBody(webhook.id, { tenantId: scope.tenantId, correlationId, metadata: webhook.payloadMetadata }),
      attempt: 1,
      retryStep: null,
      status: "pending",
    });
    // Due at once: the job worker sends it after this commits (and retries the send if the process dies).
    await scheduleDelivery(scope, message.id);
    return toWebhookMessage(message);
  });
}
