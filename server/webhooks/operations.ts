import { page, PageQuery } from "../http/pagination";
import { operation } from "../http/operation";
import {
  CreateWebhook,
  ListMessagesQuery,
  Replay,
  ReplayAccepted,
  UpdateWebhook,
  Webhook,
  WebhookMessage,
} from "./schemas";

/** {orgId} is the tenantId of the interface's webhook paths (one path parameter name per route folder). */
const WEBHOOKS = "/tenants/{orgId}/webhooks";
const WEBHOOK = `${WEBHOOKS}/{webhookId}`;

export const listWebhooksOp = operation({
  method: "GET",
  path: WEBHOOKS,
  tag: "Webhooks",
  summary: "List the tenant's webhooks",
  description: "The tenant's webhooks, oldest first. Administrator or the tenant's system user.",
  allow: "webhook.read",
  query: PageQuery,
  response: page(Webhook),
});

export const createWebhookOp = operation({
  method: "POST",
  answersEtag: true,
  path: WEBHOOKS,
  tag: "Webhooks",
  summary: "Register a webhook",
  description:
    "Register a webhook: payloadUrl, events, optional caseNames (CaseChangeAdded only for those cases), " +
    "secret (write-only), payloadMetadata. The target must be https and resolve to public addresses only: " +
    "422 webhook.url_not_allowed otherwise.",
  allow: "webhook.write",
  body: CreateWebhook,
  response: Webhook,
  status: 201,
  problems: { 422: ["webhook.url_not_allowed"] },
});

export const getWebhookOp = operation({
  method: "GET",
  path: WEBHOOK,
  tag: "Webhooks",
  summary: "One webhook, with its ETag",
  allow: "webhook.read",
  response: Webhook,
  problems: { 404: ["webhook.not_found"] },
});

export const updateWebhookOp = operation({
  method: "PUT",
  path: WEBHOOK,
  tag: "Webhooks",
  summary: "Change a webhook",
  description:
    "Change a webhook; fields left out keep their value (the secret too), caseNames null clears the filter. If-Match supported (412 when stale).",
  allow: "webhook.write",
  body: UpdateWebhook,
  response: Webhook,
  problems: { 404: ["webhook.not_found"], 422: ["webhook.url_not_allowed"] },
});

export const deleteWebhookOp = operation({
  method: "DELETE",
  path: WEBHOOK,
  tag: "Webhooks",
  summary: "Delete a webhook and its delivery log",
  allow: "webhook.write",
  status: 204,
  problems: { 404: ["webhook.not_found"] },
});

export const listWebhookMessagesOp = operation({
  method: "GET",
  path: `${WEBHOOK}/messages`,
  tag: "Webhooks",
  summary: "List a webhook's delivery attempts",
  description: "Delivery attempts, newest first, optionally of one status (pending, delivered, failed).",
  allow: "webhook.read",
  query: ListMessagesQuery,
  response: page(WebhookMessage),
  problems: { 404: ["webhook.not_found"] },
});

export const redeliverWebhookMessageOp = operation({
  method: "POST",
  path: `${WEBHOOK}/messages/{messageId}/redeliver`,
  tag: "Webhooks",
  summary: "Send a webhook message again",
  description:
    "Send a message again now, with the same correlationId and body (one attempt, no automatic retries). 202 with the new attempt. 409 webhook.inactive.",
  allow: "webhook.write",
  response: WebhookMessage,
  status: 202,
  problems: { 404: ["webhook.not_found", "webhook_message.not_found"], 409: ["webhook.inactive"] },
});

export const replayWebhookOp = operation({
  method: "POST",
  path: `${WEBHOOK}/replay`,
  tag: "Webhooks",
  summary: "Replay a webhook's events since a time",
  description:
    "Send again every event the webhook matches that was recorded since `since` (each with its correlationId and the retry schedule). 202 with how many. 409 webhook.inactive.",
  allow: "webhook.write",
  body: Replay,
  response: ReplayAccepted,
  status: 202,
  problems: { 404: ["webhook.not_found"], 409: ["webhook.inactive"] },
});

export const testWebhookOp = operation({
  method: "POST",
  path: `${WEBHOOK}/test`,
  tag: "Webhooks",
  summary: "Send a test event to a webhook",
  description:
    "Send a signed test event now ($type WebhookPayloadTest: the common fields and webhookId; one attempt, no retries). 202 with the message. 409 webhook.inactive.",
  allow: "webhook.write",
  response: WebhookMessage,
  status: 202,
  problems: { 404: ["webhook.not_found"], 409: ["webhook.inactive"] },
});
