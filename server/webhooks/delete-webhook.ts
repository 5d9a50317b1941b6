import "server-only";
import { eq } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { webhooks } from "../db/schema";
import { inTenant } from "../db/tenant-scope";
import { findWebhook } from "./find-webhook";

/** Deletes the webhook and its message log; messages still scheduled are dropped with it. */
export async function deleteWebhook({ ctx, webhookId }: { ctx: TenantCtx; webhookId: string }) {
  await inTenant(ctx, async (scope) => {
    const row = await findWebhook(scope, webhookId, { lock: true });
    await scope.delete(webhooks, eq(webhooks.id, row.id));
  });
}
