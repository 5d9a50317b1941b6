import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { webhookMessages, webhooks } from "../db/schema";
import { inTenantOf, type TenantScope } from "../db/tenant-scope";
import { newId } from "../ids";
import { enqueueJob, registerJobHandler } from "../jobs/queue";
import { openWebhookFailingTask } from "./failing-task";
import { nextRetryDelayMs } from "./schedule";
import { DELIVERY_TIMEOUT_MS, postWebhook, RESPONSE_BODY_CHARS, type SendOutcome } from "./send";
import { signedHeaders } from "./sign";

/**
 * Delivering one message (one attempt), at least once:
 *
 * 1. A `webhook.deliver` job (one per message) claims the message in the job's transaction: it
 *    writes a claim token valid for CLAIM_MS and, in the same transaction, a follow-up job due when
 *    the claim runs out.
 * 2. Once that claim has committed, the POST runs outside any transaction (a slow receiver holds
 *    no database connection and no job; many messages are in flight at once, up to MAX_IN_FLIGHT).
 * 3. The outcome is recorded in one transaction with what follows from it: the next attempt (a
 *    new message row and its delayed job), the webhook deactivated on 410, or the failing task
 *    after the last attempt.
 *
 * When the process dies between 1 and 3, the follow-up job finds the message still pending with
 * its claim run out and sends it again; when all went well, it finds the message settled and does
 * nothing.
 */
export const DELIVER_JOB = "webhook.deliver";

/** Longer than the wait for the claim's commit plus the delivery timeout, so a live send is never taken over. */
const CLAIM_MS = DELIVERY_TIMEOUT_MS + 20_000;
const COMMIT_WAIT_MS = 5_000;
/** Sends in flight in this process at most; more wait as jobs. */
const MAX_IN_FLIGHT = Number(process.env.WEBHOOK_MAX_IN_FLIGHT ?? 200);
const BUSY_RETRY_MS = 200;

type Message = typeof webhookMessages.$inferSelect;
type Webhook = typeof webhooks.$inferSelect;

const slot = globalThis as unknown as { __webhookSends?: Set<Promise<void>> };
const inFlight = (slot.__webhookSends ??= new Set());

/** Waits until every send started in this process is recorded (tests, benchmarks, shutdown). */
export async function settleDeliveries(): Promise<number> {
  let settled = 0;
  while (inFlight.size) {
    settled += inFlight.size;
    await Promise.allSettled([...inFlight]);
  }
  return settled;
}

export const deliveriesInFlight = () => inFlight.size;

/** Schedules a message for sending (a new message row's job, written in the caller's transaction). */
export async function scheduleDelivery(scope: TenantScope, messageId: string, delayMs = 0) {
  await enqueueJob(scope, DELIVER_JOB, { messageId }, delayMs);
}

/**
 * Claims a pending message in the caller's transaction and sends it once that commits. Returns
 * false when this process has too many sends in flight (the caller schedules it instead).
 */
export async function claimAndSend(scope: TenantScope, message: Pick<Message, "id">): Promise<boolean> {
  if (inFlight.size >= MAX_IN_FLIGHT) return false;
  const token = newId();
  await scope.update(webhookMessages, { claimToken: token, claimedUntil: new Date(Date.now() + CLAIM_MS) }, eq(webhookMessages.id, message.id));
  await scheduleDelivery(scope, message.id, CLAIM_MS + 1_000);
  const send = sendClaimed(scope.tenantId, message.id, token)
    .catch((error) => console.error(`webhook message ${message.id}:`, error))
    .finally(() => inFlight.delete(send));
  inFlight.add(send);
  return true;
}

registerJobHandler(DELIVER_JOB, async (scope, payload) => {
  const messageId = String(payload.messageId);
  const message = await scope.lock(webhookMessages, eq(webhookMessages.id, messageId));
  if (!message || message.status !== "pending") return;
  if (message.claimedUntil && message.claimedUntil.getTime() > Date.now()) {
    // Another worker is on it; look again when its claim runs out.
    await scheduleDelivery(scope, message.id, message.claimedUntil.getTime() - Date.now() + 1_000);
    return;
  }
  const webhook = await scope.first(webhooks, eq(webhooks.id, message.webhookId));
  if (!webhook?.active) {
    await scope.update(webhookMessages, { status: "failed", error: "Not sent: the webhook is inactive.", claimToken: null, claimedUntil: null, nextAttemptAt: null }, eq(webhookMessages.id, message.id));
    return;
  }
  if (!(await claimAndSend(scope, message))) await scheduleDelivery(scope, message.id, BUSY_RETRY_MS);
});

/** The claim is visible once the transaction that wrote it has committed (PGlite: at once, it waits for that transaction). */
async function waitForClaim(tenantId: string, messageId: string, token: string): Promise<{ message: Message; webhook: Webhook } | null> {
  const deadline = Date.now() + COMMIT_WAIT_MS;
  for (let pause = 2; ; pause = Math.min(pause * 2, 100)) {
    const found = await inTenantOf(tenantId, async (scope) => {
      const message = await scope.first(webhookMessages, and(eq(webhookMessages.id, messageId), eq(webhookMessages.claimToken, token)));
      if (!message) return null;
      const webhook = await scope.first(webhooks, eq(webhooks.id, message.webhookId));
      return webhook ? { message, webhook } : null;
    });
    if (found || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

async function sendClaimed(tenantId: string, messageId: string, token: string) {
  const claimed = await waitForClaim(tenantId, messageId, token);
  // Not committed (rolled back, or slower than COMMIT_WAIT_MS): the follow-up job sends it.
  if (!claimed || claimed.message.status !== "pending") return;
  const { message, webhook } = claimed;
  const sentAt = new Date();
  const outcome = await postWebhook(webhook.payloadUrl, signedHeaders(webhook.secret, message.correlationId, message.body, sentAt), message.body);
  await inTenantOf(tenantId, (scope) => recordAttempt(scope, messageId, token, sentAt, outcome));
}

const delivered = (outcome: SendOutcome) => outcome.status !== null && outcome.status >= 200 && outcome.status < 300;

/** Records one attempt and, in the same transaction, what follows from it. */
async function recordAttempt(scope: TenantScope, messageId: string, token: string, sentAt: Date, outcome: SendOutcome) {
  const message = await scope.lock(webhookMessages, and(eq(webhookMessages.id, messageId), eq(webhookMessages.claimToken, token))!);
  // Taken over after the claim ran out (this send was too slow to count), or already settled.
  if (!message || message.status !== "pending") return;
  const ok = delivered(outcome);
  const gone = outcome.status === 410;
  const retryIn = ok || gone || message.retryStep === null ? null : nextRetryDelayMs(message.retryStep);
  const nextAttemptAt = retryIn === null ? null : new Date(Date.now() + retryIn);
  await scope.update(
    webhookMessages,
    {
      status: ok ? "delivered" : "failed",
      sentAt,
      durationMs: outcome.durationMs,
      responseStatus: outcome.status,
      responseBody: outcome.body?.slice(0, RESPONSE_BODY_CHARS) ?? null,
      error: gone ? "The receiver answered 410 Gone: the webhook was deactivated." : outcome.error,
      nextAttemptAt,
      claimToken: null,
      claimedUntil: null,
    },
    eq(webhookMessages.id, message.id),
  );
  if (ok) return;
  if (gone) {
    await scope.update(
      webhooks,
      { active: false, deactivatedReason: `The receiver answered 410 Gone on ${sentAt.toISOString()}.`, version: sql`${webhooks.version} + 1`, updatedAt: new Date() },
      eq(webhooks.id, message.webhookId),
    );
    return;
  }
  if (retryIn !== null) {
    const next = await scope.insert(webhookMessages, {
      id: newId(),
      webhookId: message.webhookId,
      eventId: message.eventId,
      eventType: message.eventType,
      correlationId: message.correlationId,
      body: message.body,
      attempt: message.attempt + 1,
      retryStep: message.retryStep! + 1,
      status: "pending",
      nextAttemptAt,
    });
    await scheduleDelivery(scope, next.id, retryIn);
    return;
  }
  if (message.retryStep !== null) {
    // The last attempt of the schedule failed: someone has to look at the receiver.
    const webhook = await scope.first(webhooks, eq(webhooks.id, message.webhookId));
    if (webhook) await openWebhookFailingTask(scope, webhook);
  }
}
