import { z } from "zod";
import { TEST_EVENT, WEBHOOK_EVENTS, type WebhookEvent } from "./schemas";

/**
 * What a webhook receiver gets (contract section 9), as schemas for the OpenAPI document's
 * `webhooks`. tests/unit/webhook-payloads.test.ts parses real bodies of server/webhooks/payloads.ts
 * with them, so the two cannot drift apart.
 */
const common = {
  tenantId: z.uuid(),
  correlationId: z
    .uuid()
    .describe("The same for every attempt, redelivery and replay of this event to this webhook: drop repeats by it."),
  timestamp: z.iso.datetime().describe("When the message was written (UTC)."),
  metadata: z.record(z.string(), z.unknown()).describe("The webhook's payloadMetadata, echoed."),
};
const day = z.iso.date();

const fields: Record<WebhookEvent, z.ZodRawShape> = {
  CaseChangeAdded: {
    payrollId: z.uuid(),
    caseChangeId: z.uuid(),
    employeeId: z.uuid().nullable().describe("null for a company case."),
    caseName: z.string(),
  },
  PayoutCreated: { payrollId: z.uuid(), payrunPeriodId: z.uuid(), payoutId: z.uuid() },
  PayoutCancellationRequested: { payrollId: z.uuid(), payrunPeriodId: z.uuid(), payoutId: z.uuid() },
  TaskChanged: { payrollId: z.uuid(), taskId: z.uuid() },
  PayrunPeriodClosed: { payrollId: z.uuid(), payrunPeriodId: z.uuid(), periodStart: day, periodEnd: day },
  PayrunPeriodFinalized: { payrollId: z.uuid(), payrunPeriodId: z.uuid(), periodStart: day, periodEnd: day },
};

const SUMMARY: Record<WebhookEvent | typeof TEST_EVENT, string> = {
  CaseChangeAdded: "A case change was recorded (only the webhook's caseNames when it has them).",
  PayoutCreated: "A payout and its payment file were created.",
  PayoutCancellationRequested: "A payout was cancelled.",
  TaskChanged: "A task was opened or updated (e.g. an employee's reported change waits for HR).",
  PayrunPeriodClosed: "A period was closed; its documents are final.",
  PayrunPeriodFinalized: "A closed period's declaration was transmitted (ELM).",
  Test: "POST .../webhooks/{webhookId}/test: reports nothing that happened.",
};

const payload = (type: string, shape: z.ZodRawShape) =>
  z
    .object({ $type: z.literal(`WebhookPayload${type}`), ...common, ...shape })
    .strict()
    .meta({ id: `WebhookPayload${type}` });

export const webhookPayloads = Object.fromEntries([
  ...WEBHOOK_EVENTS.map((event) => [event, { summary: SUMMARY[event], schema: payload(event, fields[event]) }]),
  [TEST_EVENT, { summary: SUMMARY[TEST_EVENT], schema: payload(TEST_EVENT, { webhookId: z.uuid() }) }],
]) as Record<WebhookEvent | typeof TEST_EVENT, { summary: string; schema: z.ZodType }>;
