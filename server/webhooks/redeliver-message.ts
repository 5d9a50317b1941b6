import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { webhookMessages } from "../db/schema";
import { inTenant } from "../db/tenant-scope";
import { Conflict, NotFound } from "../errors";
import { newId } from "../ids";
import { scheduleDelivery } from "./deliver";
import { findWebhook } from "./find-webhook";
import { toWebhookMessage } from "./schemas";

/** 409 webhook.inactive: nothing is sent to a webhook that is switched off (activate it with PUT first). */
export function assertActive(webhook: { active: boolean }) {
  if (!webhook.active)
    throw new Conflict(
      "webhook.inactive",
      "The webhook is inactive; activate it (PUT active: true) before sending to it.",
    );
}

/**
 * Sends a message again now: a new attempt with the same correlationId and the same body, once,
 * without automatic retries (the person who asked sees its outcome in the log).
 */
export async function redeliverMessage({
  ctx,
  webhookId,
  messageId,
}: {
  ctx: TenantCtx;
  webhookId: string;
  messageId: string;
}) {
  return inTenant(ctx, async (scope) => {
    const webhook = await findWebhook(scope, webhookId, { lock: true });
    const original = await scope.first(
      webhookMessages,
      and(eq(webhookMessages.webhookId, webhook.id), eq(webhookMessages.id, messageId)),
    );
    if (!original) throw new NotFound("webhook_message");
    assertActive(webhook);
    const [{ attempts }] = (await scope
      .select({ attempts: sql<number>`coalesce(max(${webhookMessages.attempt}), 0)`.mapWith(Number) })
      .from(webhookMessages)
      .where(
        and(eq(webhookMessages.webhookId, webhook.id), eq(webhookMessages.correlationId, original.correlationId)),
      )) as [{ attempts: number }];
    const message = await scope.insert(webhookMessages, {
      id: newId(),
      webhookId: webhook.id,
      eventId: original.eventId,
      eventType: original.eventType,
      correlationId: original.correlationId,
      body: original.body,
      attempt: attempts + 1,
      retryStep: null,
      status: "pending",
    });
    // Due at once: the job worker sends it after this commits (and retries the send if the process dies).
    await scheduleDelivery(scope, message.id);
    return toWebhookMessage(message);
  });
}
