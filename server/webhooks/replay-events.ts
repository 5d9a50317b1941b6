import "server-only";
import { and, asc, count, eq, gt, gte, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { events, webhooks } from "../db/schema";
import { inTenant, type TenantScope } from "../db/tenant-scope";
import { Invalid } from "../errors";
import { enqueueJob, registerJobHandler } from "../jobs/queue";
import { writeAndSendMessages } from "./dispatch";
import { findWebhook } from "./find-webhook";
import { assertActive } from "./redeliver-message";
import type { Replay } from "./schemas";

/**
 * Re-sends every event the webhook matches that was recorded since a time (a client that lost its
 * database recovers on its own): each as the next attempt of its correlationId, with the retry
 * schedule. The request counts the events and writes one `webhook.replay` job; the job writes the
 * messages a page at a time, so a long history neither holds one huge transaction nor the request.
 */
export const REPLAY_JOB = "webhook.replay";
const PAGE = 200;

type ReplayJob = { webhookId: string; since: string; until: string; after?: string };

function matching(webhook: typeof webhooks.$inferSelect, since: Date, until: Date): SQL {
  const caseFilter = webhook.caseNames
    ? or(sql`${events.type} <> 'CaseChangeAdded'`, inArray(sql`${events.payload}->>'caseName'`, webhook.caseNames))
    : undefined;
  return and(
    inArray(events.type, webhook.events),
    gte(events.createdAt, since),
    lte(events.createdAt, until),
    caseFilter,
  )!;
}

export async function replayEvents({
  ctx,
  webhookId,
  input,
  receivedAt,
}: {
  ctx: TenantCtx;
  webhookId: string;
  input: Replay;
  receivedAt: Date;
}) {
  const since = new Date(input.since);
  if (since.getTime() > receivedAt.getTime()) throw Invalid.field("since", "since lies in the future.");
  return inTenant(ctx, async (scope) => {
    const webhook = await findWebhook(scope, webhookId);
    assertActive(webhook);
    const [counted] = await scope
      .select({ n: count() })
      .from(events)
      .where(matching(webhook, since, receivedAt));
    const total = counted?.n ?? 0;
    if (total > 0)
      await enqueueJob(scope, REPLAY_JOB, {
        webhookId: webhook.id,
        since: since.toISOString(),
        until: receivedAt.toISOString(),
      } satisfies ReplayJob);
    return { count: total };
  });
}

async function replayPage(scope: TenantScope, job: ReplayJob) {
  const webhook = await scope.first(webhooks, eq(webhooks.id, job.webhookId));
  if (!webhook?.active) return;
  const page = await scope.rows(
    events,
    and(matching(webhook, new Date(job.since), new Date(job.until)), job.after ? gt(events.id, job.after) : undefined),
    {
      orderBy: [asc(events.id)],
      limit: PAGE,
    },
  );
  for (const event of page) await writeAndSendMessages(scope, event, [webhook], { replay: true });
  if (page.length === PAGE) await enqueueJob(scope, REPLAY_JOB, { ...job, after: page[page.length - 1]!.id });
}

registerJobHandler(REPLAY_JOB, (scope, payload) => replayPage(scope, payload as ReplayJob));
