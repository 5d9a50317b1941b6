import "server-only";
import type { TenantCtx } from "../context";
import { webhooks } from "../db/schema";
import { inTenant } from "../db/tenant-scope";
import { newId } from "../ids";
import { toWebhook, type CreateWebhook } from "./schemas";
import { assertAllowedTarget } from "./targets";

/** Registers a webhook; its target is checked first (422 webhook.url_not_allowed). */
export async function createWebhook({ ctx, input }: { ctx: TenantCtx; input: CreateWebhook }) {
  await assertAllowedTarget(input.payloadUrl);
  return inTenant(ctx, async (scope) => {
    const row = await scope.insert(webhooks, {
      id: newId(),
      payloadUrl: input.payloadUrl,
      events: input.events,
      caseNames: input.caseNames ?? null,
      secret: input.secret,
      payloadMetadata: input.payloadMetadata ?? {},
      active: input.active,
    });
    return { webhook: toWebhook(row), version: row.version };
  });
}
