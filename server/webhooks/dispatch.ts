import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { events, webhookMessages, webhooks } from "../db/schema";
import type { TenantScope } from "../db/tenant-scope";
import { newId } from "../ids";
import { enqueueJob, registerJobHandler } from "../jobs/queue";
import { claimAndSend, scheduleDelivery } from "./deliver";
import { correlationIdOf, eventBody, matchesWebhook } from "./payloads";
import type { WebhookEvent } from "./schemas";

/**
 * From the outbox to the messages: an event recorded in a transaction gets, in that transaction, a
 * `webhook.dispatch` job when any active webhook of the tenant subscribes to its type. The job
 * writes one message per matching webhook (first attempt) and starts sending them.
 */
export const DISPATCH_JOB = "webhook.dispatch";

type EventRow = typeof events.$inferSelect;
type WebhookRow = typeof webhooks.$inferSelect;

/** Called by recordEvent, in the transaction that records the event. */
export async function scheduleWebhookDispatch(scope: TenantScope, event: Pick<EventRow, "id" | "type">) {
  const [subscribed] = await scope.tx
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(scope.where(webhooks, eq(webhooks.active, true), sql`${event.type} = any(${webhooks.events})`))
    .limit(1);
  if (subscribed) await enqueueJob(scope, DISPATCH_JOB, { eventId: event.id });
}

/**
 * Writes the messages of one event to the given webhooks: the first attempt of each (skipped where
 * it exists already, so a dispatch that runs twice sends once), or, for a replay, the attempt after
 * the last one of the same correlationId. Returns the message ids written.
 */
export async function writeMessages(scope: TenantScope, event: EventRow, targets: WebhookRow[], options: { replay?: boolean; timestamp?: Date } = {}): Promise<string[]> {
  const rows = targets.map((webhook) => {
    const correlationId = correlationIdOf(event.id, webhook.id);
    const body = eventBody(event.type as WebhookEvent, event.payload, { tenantId: scope.tenantId, correlationId, metadata: webhook.payloadMetadata, timestamp: options.timestamp });
    return { id: newId(), tenantId: scope.tenantId, webhookId: webhook.id, eventId: event.id, eventType: event.type, correlationId, body, attempt: 1, retryStep: 0, status: "pending" as const };
  });
  if (!rows.length) return [];
  if (options.replay) {
    const previous = await scope.tx
      .select({ correlationId: webhookMessages.correlationId, attempts: sql<number>`max(${webhookMessages.attempt})`.mapWith(Number) })
      .from(webhookMessages)
      .where(
        scope.where(
          webhookMessages,
          inArray(
            webhookMessages.correlationId,
            rows.map((r) => r.correlationId),
          ),
        ),
      )
      .groupBy(webhookMessages.correlationId);
    const attempts = new Map(previous.map((p) => [p.correlationId, p.attempts]));
    for (const row of rows) row.attempt = (attempts.get(row.correlationId) ?? 0) + 1;
    return (await scope.tx.insert(webhookMessages).values(rows).returning({ id: webhookMessages.id })).map((r) => r.id);
  }
  const written = await scope.tx.insert(webhookMessages).values(rows).onConflictDoNothing().returning({ id: webhookMessages.id });
  return written.map((r) => r.id);
}

/** Starts sending new messages at once where this process has room, else leaves them to their jobs. */
export async function startMessages(scope: TenantScope, messageIds: string[]) {
  for (const id of messageIds) {
    if (!(await claimAndSend(scope, { id }))) await scheduleDelivery(scope, id);
  }
}

registerJobHandler(DISPATCH_JOB, async (scope, payload) => {
  const event = await scope.first(events, eq(events.id, String(payload.eventId)));
  if (!event) return;
  const active = await scope.rows(webhooks, and(eq(webhooks.active, true), sql`${event.type} = any(${webhooks.events})`));
  const targets = active.filter((webhook) => matchesWebhook(webhook, event.type, event.payload));
  await startMessages(scope, await writeMessages(scope, event, targets));
});
