import "server-only";
import { and, desc, eq, lt } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { webhookMessages } from "../db/schema";
import { inTenant } from "../db/tenant-scope";
import { decodeCursor, toPage } from "../http/pagination";
import { findWebhook } from "./find-webhook";
import { toWebhookMessage, type ListMessagesQuery } from "./schemas";

/** The webhook's delivery attempts, newest first (ids are time-ordered), optionally of one status. */
export async function listMessages({
  ctx,
  webhookId,
  input,
}: {
  ctx: TenantCtx;
  webhookId: string;
  input: ListMessagesQuery;
}) {
  const before = decodeCursor(input.cursor);
  return inTenant(ctx, async (scope) => {
    await findWebhook(scope, webhookId);
    const rows = await scope.rows(
      webhookMessages,
      and(
        eq(webhookMessages.webhookId, webhookId),
        input.status ? eq(webhookMessages.status, input.status) : undefined,
        before ? lt(webhookMessages.id, before) : undefined,
      ),
      { orderBy: [desc(webhookMessages.id)], limit: input.limit + 1 },
    );
    return toPage(rows, input.limit, toWebhookMessage);
  });
}
