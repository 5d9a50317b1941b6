import { v5 } from "uuid";
import { TEST_EVENT, type WebhookEvent } from "./schemas";

/**
 * The thin payloads of contract section 9: `$type`, tenantId, correlationId, timestamp, metadata,
 * then the event's own identifiers (interface section 6) and nothing else the event may carry.
 */
const EVENT_FIELDS: Record<WebhookEvent, readonly string[]> = {
  CaseChangeAdded: ["payrollId", "caseChangeId", "employeeId", "caseName"],
  PayoutCreated: ["payrollId", "payrunPeriodId", "payoutId"],
  PayoutCancellationRequested: ["payrollId", "payrunPeriodId", "payoutId"],
  TaskChanged: ["payrollId", "taskId"],
  PayrunPeriodClosed: ["payrollId", "payrunPeriodId", "periodStart", "periodEnd"],
  PayrunPeriodFinalized: ["payrollId", "payrunPeriodId", "periodStart", "periodEnd"],
};

const CORRELATION_NAMESPACE = "4f0b7b52-7a5e-4c1b-9e53-0d7f3c1a9b21";

/** One per event and webhook, the same however often it is sent (retries, redeliveries, replays). */
export const correlationIdOf = (eventId: string, webhookId: string) =>
  v5(`${eventId}/${webhookId}`, CORRELATION_NAMESPACE);

type Common = { tenantId: string; correlationId: string; metadata: Record<string, unknown>; timestamp?: Date };

/** The JSON text sent for an event (its bytes are what both signatures cover). */
export function eventBody(type: WebhookEvent, eventPayload: Record<string, unknown>, common: Common): string {
  const fields = Object.fromEntries(EVENT_FIELDS[type].map((name) => [name, eventPayload[name] ?? null]));
  return JSON.stringify({ $type: `WebhookPayload${type}`, ...header(common), ...fields });
}

/**
 * The test event (POST .../webhooks/{webhookId}/test): `$type` WebhookPayloadTest, the common
 * fields and webhookId. It reports nothing that happened, so a receiver can recognise and ignore it.
 */
export function testBody(webhookId: string, common: Common): string {
  return JSON.stringify({ $type: `WebhookPayload${TEST_EVENT}`, ...header(common), webhookId });
}

function header({ tenantId, correlationId, metadata, timestamp = new Date() }: Common) {
  return { tenantId, correlationId, timestamp: timestamp.toISOString().replace(/\.\d{3}Z$/, "Z"), metadata };
}

export function matchesWebhook(
  webhook: { events: string[]; caseNames: string[] | null },
  type: string,
  eventPayload: Record<string, unknown>,
): boolean {
  if (!webhook.events.includes(type)) return false;
  if (type === "CaseChangeAdded" && webhook.caseNames) return webhook.caseNames.includes(String(eventPayload.caseName));
  return true;
}
