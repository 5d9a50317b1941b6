import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { events, webhookMessages, webhooks } from "../db/schema";
import { tenantRead, type TenantScope } from "../db/tenant-scope";
import { newId } from "../ids";
import { enqueueJob, jobWorkerRunning, registerJobHandler } from "../jobs/queue";
import {
  followUpMs,
  newClaim,
  scheduleDelivery,
  sendAfterCommit,
  sendOnCommit,
  sendRoom,
  webhookJobExpireSeconds,
  yieldToNetwork,
  type Claimed,
} from "./deliver";
import { correlationIdOf, eventBody, matchesWebhook } from "./payloads";
import type { WebhookEvent } from "./schemas";

/**
 * From the outbox to the messages. An event recorded in a transaction gets, in that transaction,
 * one message per matching active webhook of the tenant (first attempt); a process that runs the
 * job worker claims them there and sends them as soon as the transaction commits (no job between
 * the commit and the POST), another leaves them to the workers (a `webhook.deliver` job each, due
 * at once). An event for many webhooks gets a `webhook.dispatch` job instead, which writes and
 * sends its messages outside the caller's transaction.
 */
export const DISPATCH_JOB = "webhook.dispatch";
/** More matching webhooks than this: the messages are written by a dispatch job, not by the caller's transaction. */
const INLINE_TARGETS = 4;

type EventRow = typeof events.$inferSelect;
type WebhookRow = typeof webhooks.$inferSelect;

/** The tenant's active webhooks for an event type, enough of them to choose between writing the messages now or in a job. */
const webhooksOfType = tenantRead<{ type: string }>()("webhooks_of_type", (db, p) =>
  db
    .select()
    .from(webhooks)
    .where(and(p.tenant(webhooks), eq(webhooks.active, true), sql`${p.value("type")}::text = any(${webhooks.events})`))
    .limit(INLINE_TARGETS + 1),
);

export function subscribedWebhooks(scope: TenantScope, type: string) {
  return scope.read(webhooksOfType, { type });
}

/** Called by recordEvent, in the transaction that records the event (`subscribed` read alongside it, or here). */
export async function scheduleWebhookDispatch(
  scope: TenantScope,
  event: Pick<EventRow, "id" | "type" | "payload" | "createdAt">,
  subscribed?: WebhookRow[],
) {
  subscribed ??= await subscribedWebhooks(scope, event.type);
  if (!subscribed.length) return;
  // The event travels with the job (a few ids): the dispatch need not read it back.
  if (subscribed.length > INLINE_TARGETS) {
    await enqueueJob(scope, DISPATCH_JOB, { eventId: event.id, type: event.type, payload: event.payload });
    return;
  }
  const targets = subscribed.filter((webhook) => matchesWebhook(webhook, event.type, event.payload));
  if (!targets.length) return;
  // A new event has no messages yet: its messages and their jobs are written at once (one round
  // trip to the database where the driver pipelines them).
  let room = jobWorkerRunning() ? sendRoom() : 0;
  const rows = messageRows(scope, event, targets, () => room-- > 0);
  await Promise.all([
    scope.insertInto(webhookMessages).values(rows),
    ...rows.map((row) => scheduleDelivery(scope, row.id, row.claimToken ? followUpMs() : 0)),
  ]);
  sendOnCommit(scope, claimedOf(rows, targets));
}

type MessageRow = ReturnType<typeof messageRows>[number];

function messageRows(
  scope: TenantScope,
  event: Pick<EventRow, "id" | "type" | "payload">,
  targets: WebhookRow[],
  claim: () => boolean,
) {
  return targets.map((webhook) => {
    const correlationId = correlationIdOf(event.id, webhook.id);
    const body = eventBody(event.type as WebhookEvent, event.payload, {
      tenantId: scope.tenantId,
      correlationId,
      metadata: webhook.payloadMetadata,
    });
    const claimed = claim() ? newClaim() : { claimToken: null, claimedUntil: null };
    return {
      id: newId(),
      tenantId: scope.tenantId,
      webhookId: webhook.id,
      eventId: event.id,
      eventType: event.type,
      correlationId,
      body,
      attempt: 1,
      retryStep: 0,
      status: "pending" as const,
      ...claimed,
    };
  });
}

function claimedOf(rows: MessageRow[], targets: WebhookRow[]): Claimed[] {
  const byId = new Map(targets.map((w) => [w.id, w]));
  return rows.flatMap((row) => {
    const webhook = byId.get(row.webhookId)!;
    return row.claimToken
      ? [
          {
            id: row.id,
            token: row.claimToken,
            correlationId: row.correlationId,
            body: row.body,
            payloadUrl: webhook.payloadUrl,
            secret: webhook.secret,
          },
        ]
      : [];
  });
}

/**
 * Writes the messages of one event to the given webhooks and starts sending them: the first attempt
 * of each (skipped where it exists already, so a dispatch that runs twice sends once), or, for a
 * replay, the attempt after the last one of the same correlationId. The messages this process has
 * room to send are claimed as they are written and sent once the caller's transaction commits;
 * the others get a job due at once. Returns how many were written.
 */
export async function writeAndSendMessages(
  scope: TenantScope,
  event: Pick<EventRow, "id" | "type" | "payload">,
  targets: WebhookRow[],
  options: { replay?: boolean } = {},
): Promise<number> {
  if (!targets.length) return 0;
  let room = sendRoom();
  const rows = messageRows(scope, event, targets, () => room-- > 0);
  if (options.replay) {
    const previous = await scope
      .select({
        correlationId: webhookMessages.correlationId,
        attempts: sql<number>`max(${webhookMessages.attempt})`.mapWith(Number),
      })
      .from(webhookMessages)
      .where(
        inArray(
          webhookMessages.correlationId,
          rows.map((r) => r.correlationId),
        ),
      )
      .groupBy(webhookMessages.correlationId);
    const attempts = new Map(previous.map((p) => [p.correlationId, p.attempts]));
    for (const row of rows) row.attempt = (attempts.get(row.correlationId) ?? 0) + 1;
  }
  const insert = scope.insertInto(webhookMessages).values(rows);
  const written = new Set(
    (await (options.replay ? insert : insert.onConflictDoNothing()).returning({ id: webhookMessages.id })).map(
      (r) => r.id,
    ),
  );
  const kept = rows.filter((row) => written.has(row.id));
  for (const row of kept) if (!row.claimToken) await scheduleDelivery(scope, row.id);
  await sendAfterCommit(scope, claimedOf(kept, targets));
  return written.size;
}

registerJobHandler(
  DISPATCH_JOB,
  async (scope, payload) => {
    await yieldToNetwork();
    const carried = payload as { eventId: string; type?: string; payload?: Record<string, unknown> };
    const event: Pick<EventRow, "id" | "type" | "payload"> | null =
      carried.type && carried.payload
        ? { id: carried.eventId, type: carried.type, payload: carried.payload }
        : await scope.first(events, eq(events.id, carried.eventId));
    if (!event) return;
    const active = await scope.rows(
      webhooks,
      and(eq(webhooks.active, true), sql`${event.type} = any(${webhooks.events})`),
    );
    const targets = active.filter((webhook) => matchesWebhook(webhook, event.type, event.payload));
    await writeAndSendMessages(scope, event, targets);
  },
  { concurrency: 16, expireInSeconds: webhookJobExpireSeconds },
);
