import "server-only";
import type { webhooks } from "../db/schema";
import type { TenantScope } from "../db/tenant-scope";

/**
 * After the last attempt of the retry schedule failed, a `webhookFailing` task (contract section 9a)
 * tells the tenant's Administrators that their receiver has not taken an event for three days.
 *
 * Tasks (server/tasks, their table and TaskChanged) are built beside this work and are not in this
 * tree: this is the one call site that opens the task. Until it is joined to the tasks' verb it
 * records nothing; the failed attempts stay in the webhook's message log either way.
 */
export async function openWebhookFailingTask(scope: TenantScope, webhook: typeof webhooks.$inferSelect): Promise<void> {
  void scope;
  void webhook;
}
