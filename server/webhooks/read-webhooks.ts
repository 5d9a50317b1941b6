import "server-only";
import { asc, gt } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { webhooks } from "../db/schema";
import { inTenant } from "../db/tenant-scope";
import { decodeCursor, toPage, type PageQuery } from "../http/pagination";
import { findWebhook } from "./find-webhook";
import { toWebhook } from "./schemas";

/** The tenant's webhooks, oldest first. */
export async function listWebhooks({ ctx, input }: { ctx: TenantCtx; input: PageQuery }) {
  const after = decodeCursor(input.cursor);
  return inTenant(ctx, async (scope) => {
    const rows = await scope.rows(webhooks, after ? gt(webhooks.id, after) : undefined, {
      orderBy: [asc(webhooks.id)],
      limit: input.limit + 1,
    });
    return toPage(rows, input.limit, toWebhook);
  });
}

export async function getWebhook({ ctx, webhookId }: { ctx: TenantCtx; webhookId: string }) {
  return inTenant(ctx, async (scope) => {
    const row = await findWebhook(scope, webhookId);
    return { webhook: toWebhook(row), version: row.version };
  });
}
