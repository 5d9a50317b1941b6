import { z } from "zod";
import type { webhookMessages, webhooks } from "../db/schema";
import { PageQuery } from "../http/pagination";
import { singleLine, textProblem } from "../http/text";

/** The events of interface section 6, any combination of which a webhook subscribes to. */
export const WEBHOOK_EVENTS = [
  "CaseChangeAdded",
  "PayoutCreated",
  "PayoutCancellationRequested",
  "TaskChanged",
  "PayrunPeriodClosed",
  "PayrunPeriodFinalized",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The eventType of a message sent by POST .../test. */
export const TEST_EVENT = "Test";

const MAX_METADATA_BYTES = 8 * 1024;

const PayloadUrl = singleLine({ max: 2000 }).describe(
  "Absolute https URL the service POSTs each matching event to (http too where WEBHOOK_ALLOW_PRIVATE_TARGETS=true).",
);
const Events = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1, "Name at least one event.")
  .refine((list) => new Set(list).size === list.length, "Name each event once.")
  .describe("Any combination of the events of interface section 6.");
const CaseNames = z
  .array(singleLine({ max: 100 }))
  .min(1, "Name at least one case, or send null for every case.")
  .max(200)
  .nullable()
  .describe("CaseChangeAdded only for these case names; null or absent: every case.");
/** Any text (the interface sets no rule; its UTF-8 bytes are the key), kept exactly as sent: no trimming. The console proposes a strong one. */
const Secret = z
  .string()
  .min(1, "Required.")
  .max(256, "At most 256 characters.")
  .superRefine((value, ctx) => {
    const problem = textProblem(value, { singleLine: true });
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .describe(
    "The key the payloads are signed with, as UTF-8 bytes (write-only; secretHint shows its last 4 characters). A long random value is recommended.",
  );
const PayloadMetadata = z
  .record(z.string(), z.unknown())
  .refine(
    (value) => Buffer.byteLength(JSON.stringify(value), "utf8") <= MAX_METADATA_BYTES,
    `At most ${MAX_METADATA_BYTES} bytes as JSON.`,
  )
  .describe("Any object; sent back as metadata in every payload.");

/** caseNames filters CaseChangeAdded only: with that event missing it would filter nothing. */
const caseNamesNeedCaseEvent = (
  value: { events?: WebhookEvent[]; caseNames?: string[] | null },
  ctx: z.RefinementCtx,
) => {
  if (value.caseNames && value.events && !value.events.includes("CaseChangeAdded")) {
    ctx.addIssue({
      code: "custom",
      path: ["caseNames"],
      message: "caseNames filters CaseChangeAdded, which events does not include.",
    });
  }
};

/**
 * The webhook's read-only fields, accepted and ignored in a body so that a webhook read with GET can be sent
 * back changed; any other unknown field is refused (a misspelt one would otherwise be lost silently).
 */
const ignored = (schema: z.ZodType) => schema.optional().describe("Read-only; ignored when sent.");
const ReadOnlyEcho = {
  id: ignored(z.string()),
  secretHint: ignored(z.string()),
  deactivatedReason: ignored(z.string().nullable()),
  createdAt: ignored(z.string()),
  updatedAt: ignored(z.string()),
};

export const CreateWebhook = z
  .object({
    payloadUrl: PayloadUrl,
    events: Events,
    caseNames: CaseNames.optional(),
    secret: Secret,
    payloadMetadata: PayloadMetadata.nullable()
      .default({})
      .describe("Any object; sent back as metadata in every payload. null: none ({})."),
    active: z.boolean().default(true),
    ...ReadOnlyEcho,
  })
  .strict()
  .superRefine(caseNamesNeedCaseEvent);
export type CreateWebhook = z.infer<typeof CreateWebhook>;

/** Fields left out keep their value (the secret too); caseNames null clears the filter. */
export const UpdateWebhook = z
  .object({
    payloadUrl: PayloadUrl.optional(),
    events: Events.optional(),
    caseNames: CaseNames.optional(),
    secret: Secret.optional(),
    payloadMetadata: PayloadMetadata.nullable()
      .optional()
      .describe("Any object; sent back as metadata in every payload. null: none ({})."),
    active: z.boolean().optional(),
    ...ReadOnlyEcho,
  })
  .strict();
export type UpdateWebhook = z.infer<typeof UpdateWebhook>;

export const Webhook = z
  .object({
    id: z.uuid(),
    payloadUrl: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    caseNames: z.array(z.string()).nullable(),
    payloadMetadata: z.record(z.string(), z.unknown()),
    active: z.boolean(),
    deactivatedReason: z
      .string()
      .nullable()
      .describe("Why the service deactivated the webhook (a 410 answer); null otherwise."),
    secretHint: z.string().describe("The secret's last 4 characters (a secret of 4 or fewer, whole)."),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Webhook" });
export type WebhookOutput = z.infer<typeof Webhook>;

export function toWebhook(row: typeof webhooks.$inferSelect): WebhookOutput {
  return {
    id: row.id,
    payloadUrl: row.payloadUrl,
    events: row.events as WebhookEvent[],
    caseNames: row.caseNames ?? null,
    payloadMetadata: row.payloadMetadata,
    active: row.active,
    deactivatedReason: row.deactivatedReason,
    secretHint: secretHint(row.secret),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const WebhookMessage = z
  .object({
    id: z.uuid(),
    eventType: z.string().describe(`An event name of interface section 6, or ${TEST_EVENT} for a test event.`),
    correlationId: z
      .uuid()
      .describe(
        "One per event and webhook: the same for every retry, redelivery and replay (also the webhook-id header).",
      ),
    payload: z.record(z.string(), z.unknown()).describe("The JSON body sent."),
    attempt: z.number().int().describe("1 for the first attempt; retries, redeliveries and replays count on."),
    status: z.enum(["pending", "delivered", "failed"]),
    sentAt: z.string().nullable(),
    durationMs: z.number().int().nullable(),
    responseStatus: z.number().int().nullable(),
    responseBody: z.string().nullable().describe("The first 2,048 characters of the response body."),
    error: z.string().nullable(),
    nextAttemptAt: z
      .string()
      .nullable()
      .describe("Pending: when it will be sent; failed: when the retry is due (null when none follows)."),
  })
  .meta({ id: "WebhookMessage" });
export type WebhookMessageOutput = z.infer<typeof WebhookMessage>;

export function toWebhookMessage(row: typeof webhookMessages.$inferSelect): WebhookMessageOutput {
  return {
    id: row.id,
    eventType: row.eventType,
    correlationId: row.correlationId,
    payload: JSON.parse(row.body) as Record<string, unknown>,
    attempt: row.attempt,
    status: row.status,
    sentAt: row.sentAt?.toISOString() ?? null,
    durationMs: row.durationMs,
    responseStatus: row.responseStatus,
    responseBody: row.responseBody,
    error: row.error,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  };
}

export const ListMessagesQuery = PageQuery.extend({
  status: z.enum(["pending", "delivered", "failed"]).optional().describe("Only attempts in this status."),
});
export type ListMessagesQuery = z.infer<typeof ListMessagesQuery>;

export const Replay = z
  .object({
    since: z.iso
      .datetime({ offset: true, error: "An ISO 8601 instant, e.g. 2026-01-31T10:15:00Z." })
      .describe("Re-send every matching event recorded at or after this instant."),
  })
  .strict();
export type Replay = z.infer<typeof Replay>;

export const ReplayAccepted = z.object({ count: z.number().int().describe("How many events will be sent again.") });

/** The secret's last 4 characters (code points), as contract 9 words it: a secret of 4 or fewer is shown whole. */
export function secretHint(secret: string) {
  return Array.from(secret).slice(-4).join("");
}
