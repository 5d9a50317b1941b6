import "server-only";
import { eq, sql } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { webhooks } from "../db/schema";
import { inTenant } from "../db/tenant-scope";
import { Invalid } from "../errors";
import { checkIfMatch } from "../http/etag";
import { findWebhook } from "./find-webhook";
import { toWebhook, type UpdateWebhook, type WebhookEvent } from "./schemas";
import { assertAllowedTarget } from "./targets";

/** Changes what is sent; fields left out keep their value. Under a row lock; a stale If-Match is 412. */
export async function updateWebhook({
  ctx,
  webhookId,
  input,
  ifMatch,
}: {
  ctx: TenantCtx;
  webhookId: string;
  input: UpdateWebhook;
  ifMatch: string | null;
}) {
  if (input.payloadUrl !== undefined) await assertAllowedTarget(input.payloadUrl);
  return inTenant(ctx, async (scope) => {
    const current = await findWebhook(scope, webhookId, { lock: true });
    checkIfMatch(ifMatch, current);
    const events = input.events ?? (current.events as WebhookEvent[]);
    const caseNames = input.caseNames === undefined ? current.caseNames : input.caseNames;
    if (caseNames && !events.includes("CaseChangeAdded"))
      throw Invalid.field("caseNames", "caseNames filters CaseChangeAdded, which events does not include.");
    const active = input.active ?? current.active;
    const [row] = await scope.update(
      webhooks,
      {
        payloadUrl: input.payloadUrl ?? current.payloadUrl,
        events,
        caseNames,
        secret: input.secret ?? current.secret,
        payloadMetadata: input.payloadMetadata === undefined ? current.payloadMetadata : (input.payloadMetadata ?? {}),
        active,
        // Activated again by a person: the reason it was switched off no longer holds.
        deactivatedReason: active ? null : current.deactivatedReason,
        version: sql`${webhooks.version} + 1`,
        updatedAt: new Date(),
      },
      eq(webhooks.id, current.id),
    );
    return { webhook: toWebhook(row!), version: row!.version };
  });
}
