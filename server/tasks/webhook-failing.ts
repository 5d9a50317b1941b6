import "server-only";
import { asc, eq } from "drizzle-orm";
import { payrolls, webhooks } from "../db/schema";
import type { TenantScope } from "../db/tenant-scope";
import { registerJobHandler } from "../jobs/queue";
import { WEBHOOK_FAILING_JOB } from "../webhooks/deliver";
import { openTask } from "./open-task";
import type { TaskOutput } from "./schemas";

/**
 * A webhook belongs to the tenant, tasks to a payroll: the `webhookFailing` task is opened on every
 * payroll of the tenant (today at most one), so that each payroll's Administrators and Managers see
 * it. While such a task is open for the webhook, a further failure opens no second one. A tenant
 * without a payroll gets none (there is no task list to show it in). Runs in the caller's
 * transaction; returns the tasks opened now.
 */
export async function openWebhookFailingTask(
  scope: TenantScope,
  { webhookId, payloadUrl }: { webhookId: string; payloadUrl: string },
): Promise<TaskOutput[]> {
  const opened: TaskOutput[] = [];
  for (const payroll of await scope.rows(payrolls, undefined, { orderBy: [asc(payrolls.id)] })) {
    const { task, created } = await openTask(scope, {
      payrollId: payroll.id,
      kind: "webhookFailing",
      title: `Webhook deliveries to ${payloadUrl} are failing`,
      subject: webhookId,
      details: { webhookId, payloadUrl },
    });
    if (created) opened.push(task);
  }
  return opened;
}

registerJobHandler(WEBHOOK_FAILING_JOB, async (scope, payload) => {
  const webhook = await scope.first(webhooks, eq(webhooks.id, String(payload.webhookId)));
  if (webhook) await openWebhookFailingTask(scope, { webhookId: webhook.id, payloadUrl: webhook.payloadUrl });
});
