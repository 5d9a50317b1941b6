import "server-only";
import { eq } from "drizzle-orm";
import { webhooks } from "../db/schema";
import type { TenantScope } from "../db/tenant-scope";
import { NotFound } from "../errors";

/** The tenant's webhook, or 404 (another tenant's id is as unknown as a made-up one). */
export async function findWebhook(scope: TenantScope, webhookId: string, { lock = false } = {}) {
  const row = lock
    ? await scope.lock(webhooks, eq(webhooks.id, webhookId))
    : await scope.first(webhooks, eq(webhooks.id, webhookId));
  if (!row) throw new NotFound("webhook");
  return row;
}
