import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { webhookMessages, webhooks } from "../db/schema";
import { acrossTenants, inTenantOf, type TenantScope } from "../db/tenant-scope";
import { env } from "../env";
import { newId } from "../ids";
import { enqueueJob, registerJobHandler } from "../jobs/queue";
import { nextRetryDelayMs } from "./schedule";
import { DELIVERY_TIMEOUT_MS, postWebhook, RESPONSE_BODY_CHARS, type SendOutcome } from "./send";
import { signedHeaders } from "./sign";

/**
 * Delivering one message (one attempt), at least once:
 *
 * 1. A `webhook.deliver` job (one per message) claims the message in the job's transaction: it
 *    writes a claim token valid for claimMs() and, in the same transaction, a follow-up job due when
 *    the claim runs out.
 * 2. Once that claim has committed (the transaction's after-commit step starts the send: a claim
 *    rolled back sends nothing), the POST runs outside any transaction (a slow receiver holds no
 *    database connection and no job; many messages are in flight at once, up to WEBHOOK_MAX_IN_FLIGHT).
 * 3. The outcome is recorded in one transaction with what follows from it: the next attempt (a
 *    new message row and its delayed job), the webhook deactivated on 410, or, after the last
 *    attempt, a `webhook.failing` job that opens the failing task (server/tasks/webhook-failing.ts;
 *    a job, so that delivering needs nothing of tasks, whose events are delivered here).
 *
 * When the process dies between 1 and 3, the follow-up job finds the message still pending with
 * its claim run out and sends it again; when all went well, it finds the message settled and does
 * nothing.
 */
export const DELIVER_JOB = "webhook.deliver";
/** The last attempt of a message failed: its payload is `{ webhookId }`. */
export const WEBHOOK_FAILING_JOB = "webhook.failing";

/**
 * Longer than the delivery timeout plus the recording of its outcome, so a live send is never
 * taken over (WEBHOOK_CLAIM_MS shortens it for fault tests; server/env.ts refuses it in production).
 */
const claimMs = () => env().WEBHOOK_CLAIM_MS ?? DELIVERY_TIMEOUT_MS + 20_000;
/**
 * A webhook job (dispatch, deliver) is a few statements: one claimed by a process that died is run
 * again by another once this has passed (pg-boss's expiry), no later than a claimed message is.
 */
export const webhookJobExpireSeconds = () => Math.ceil(claimMs() / 1000);
const BUSY_RETRY_MS = 200;

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

/**
 * Lets the event loop run sends' network I/O before a job goes on. With the embedded database every
 * query settles as a microtask, so a worker that runs job after job would otherwise never let a
 * response in until the queue is empty (sends stall, and a full WEBHOOK_MAX_IN_FLIGHT never drains).
 */
export const yieldToNetwork = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Schedules a message for sending (a new message row's job, written in the caller's transaction). */
export async function scheduleDelivery(scope: TenantScope, messageId: string, delayMs = 0) {
  await enqueueJob(scope, DELIVER_JOB, { messageId }, delayMs);
}

const delivered = (outcome: SendOutcome) => outcome.status !== null && outcome.status >= 200 && outcome.status < 300;

/** What a send needs, read in the transaction that claims the message (no second read before sending). */
export type Claimed = {
  id: string;
  token: string;
  correlationId: string;
  body: string;
  payloadUrl: string;
  secret: string;
};

/** Room for more sends in this process (a soft limit: the rest wait as jobs). */
export const sendRoom = () => Math.max(0, env().WEBHOOK_MAX_IN_FLIGHT - inFlight.size);

/** A claim for a message about to be written or updated in the caller's transaction. */
export const newClaim = () => ({ claimToken: newId(), claimedUntil: new Date(Date.now() + claimMs()) });

/** When the follow-up job of a claimed message is due: just after its claim runs out. */
export const followUpMs = () => claimMs() + 1_000;

/**
 * For messages claimed in the caller's transaction: writes each one's follow-up job there, and
 * sends each once that transaction has committed.
 */
export async function sendAfterCommit(scope: TenantScope, claimed: Claimed[]) {
  for (const message of claimed) await scheduleDelivery(scope, message.id, followUpMs());
  sendOnCommit(scope, claimed);
}

/**
 * Sends messages claimed in the caller's transaction (their follow-up jobs written there) once it
 * has committed: inTenantOf runs the after-commit steps before it returns, so a job's sends are in
 * flight when the job is done; a transaction rolled back sends nothing.
 */
export function sendOnCommit(scope: TenantScope, claimed: Claimed[]) {
  if (!claimed.length) return;
  scope.afterCommit(() => {
    for (const message of claimed) {
      const send = sendClaimed(scope.tenantId, message)
        .catch((error) => console.error(`webhook message ${message.id}:`, error))
        .finally(() => inFlight.delete(send));
      inFlight.add(send);
    }
  });
}

registerJobHandler(
  DELIVER_JOB,
  async (scope, payload) => {
    await yieldToNetwork();
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
      await scope.update(
        webhookMessages,
        {
          status: "failed",
          error: "Not sent: the webhook is inactive.",
          claimToken: null,
          claimedUntil: null,
          nextAttemptAt: null,
        },
        eq(webhookMessages.id, message.id),
      );
      return;
    }
    if (!sendRoom()) {
      await scheduleDelivery(scope, message.id, BUSY_RETRY_MS);
      return;
    }
    const claim = newClaim();
    await scope.update(webhookMessages, claim, eq(webhookMessages.id, message.id));
    await sendAfterCommit(scope, [
      {
        id: message.id,
        token: claim.claimToken,
        correlationId: message.correlationId,
        body: message.body,
        payloadUrl: webhook.payloadUrl,
        secret: webhook.secret,
      },
    ]);
  },
  { concurrency: 32, expireInSeconds: webhookJobExpireSeconds },
);

async function sendClaimed(tenantId: string, message: Claimed) {
  const sentAt = new Date();
  const outcome = await postWebhook(
    message.payloadUrl,
    signedHeaders(message.secret, message.correlationId, message.body, sentAt),
    message.body,
  );
  if (delivered(outcome)) {
    // The common case: nothing follows from a delivered message; recorded with the others that
    // arrived meanwhile, in one statement.
    await recordDelivered({
      tenantId,
      id: message.id,
      token: message.token,
      sentAt,
      durationMs: outcome.durationMs,
      status: outcome.status!,
      body: outcome.body?.slice(0, RESPONSE_BODY_CHARS) ?? null,
    });
    return;
  }
  await recording(() => inTenantOf(tenantId, (scope) => recordFailure(scope, message, sentAt, outcome)));
}

type DeliveredRecord = {
  tenantId: string;
  id: string;
  token: string;
  sentAt: Date;
  durationMs: number;
  status: number;
  body: string | null;
};
const DELIVERED_BATCH = 200;
const deliveredBatch: { record: DeliveredRecord; done: (error?: unknown) => void }[] = [];

/**
 * Records a delivered attempt. The records of sends that end in the same turn of the event loop
 * are written together by one UPDATE (a busy worker writes one statement per batch, not one per
 * message); each only while its message is still pending under the same claim.
 */
function recordDelivered(record: DeliveredRecord) {
  return new Promise<void>((resolve, reject) => {
    if (!deliveredBatch.length) setImmediate(flushDelivered);
    deliveredBatch.push({ record, done: (error) => (error ? reject(error) : resolve()) });
  });
}

async function flushDelivered() {
  const batch = deliveredBatch.splice(0, DELIVERED_BATCH);
  if (deliveredBatch.length) setImmediate(flushDelivered);
  const values = batch.map(
    ({ record: r }) =>
      sql`(${r.id}::uuid, ${r.tenantId}::uuid, ${r.token}::uuid, ${r.sentAt.toISOString()}::timestamptz, ${r.durationMs}::int, ${r.status}::int, ${r.body}::text)`,
  );
  try {
    await recording(() =>
      acrossTenants((db) =>
        db.execute(sql`
        update ${webhookMessages} set status = 'delivered', sent_at = v.sent_at, duration_ms = v.duration_ms, response_status = v.response_status,
          response_body = v.response_body, error = null, next_attempt_at = null, claim_token = null, claimed_until = null
        from (values ${sql.join(values, sql`, `)}) as v(id, tenant_id, token, sent_at, duration_ms, response_status, response_body)
        where ${webhookMessages.id} = v.id and ${webhookMessages.tenantId} = v.tenant_id and ${webhookMessages.claimToken} = v.token and ${webhookMessages.status} = 'pending'`),
      ),
    );
    for (const entry of batch) entry.done();
  } catch (error) {
    for (const entry of batch) entry.done(error);
  }
}

/**
 * Records a sent attempt's outcome, again on a new connection when the database went away
 * meanwhile (both records are conditional on the claim, so a repeat changes nothing): each outcome
 * not recorded is a message sent again when its claim runs out, a duplicate at the receiver.
 */
async function recording(write: () => Promise<unknown>) {
  const deadline = Date.now() + claimMs() / 2;
  for (let pause = 50; ; pause = Math.min(pause * 2, 1000)) {
    try {
      await write();
      return;
    } catch (error) {
      if (Date.now() + pause > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/** Records a failed attempt and, in the same transaction, what follows from it. */
async function recordFailure(scope: TenantScope, claimed: Claimed, sentAt: Date, outcome: SendOutcome) {
  const message = await scope.lock(
    webhookMessages,
    and(eq(webhookMessages.id, claimed.id), eq(webhookMessages.claimToken, claimed.token))!,
  );
  // Taken over after the claim ran out (this send was too slow to count), or already settled.
  if (!message || message.status !== "pending") return;
  const gone = outcome.status === 410;
  const retryIn = gone || message.retryStep === null ? null : nextRetryDelayMs(message.retryStep);
  const nextAttemptAt = retryIn === null ? null : new Date(Date.now() + retryIn);
  await scope.update(
    webhookMessages,
    {
      status: "failed",
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
  if (gone) {
    await scope.update(
      webhooks,
      {
        active: false,
        deactivatedReason: `The receiver answered 410 Gone on ${sentAt.toISOString()}.`,
        version: sql`${webhooks.version} + 1`,
        updatedAt: new Date(),
      },
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
    await enqueueJob(scope, WEBHOOK_FAILING_JOB, { webhookId: message.webhookId });
  }
}
