import { sql } from "drizzle-orm";
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { tenants } from "./tenants";

/**
 * A tenant's subscription to events (contract section 9). The secret is kept as given: the service
 * signs with it and never returns it (secretHint shows its last four characters).
 */
export const webhooks = pgTable(
  "webhooks",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    payloadUrl: text("payload_url").notNull(),
    events: text("events").array().notNull(),
    /** CaseChangeAdded only for these case names; null: every case. */
    caseNames: text("case_names").array(),
    secret: text("secret").notNull(),
    payloadMetadata: jsonb("payload_metadata").$type<Record<string, unknown>>().notNull(),
    active: boolean("active").notNull().default(true),
    /** Why the service deactivated it (a 410 answer), cleared when a person activates it again. */
    deactivatedReason: text("deactivated_reason"),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("webhooks_tenant_id_key").on(t.tenantId, t.id)],
);

export const webhookMessageStatuses = ["pending", "delivered", "failed"] as const;
export type WebhookMessageStatus = (typeof webhookMessageStatuses)[number];

/**
 * One delivery attempt of one event to one webhook. A retry, a redelivery and a replay are new
 * rows with the same correlationId (one per event and webhook) and the next attempt number.
 * `body` is the exact JSON text sent, so every attempt signs and sends the same bytes.
 */
export const webhookMessages = pgTable(
  "webhook_messages",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    webhookId: uuid("webhook_id").notNull(),
    /** The event delivered; null for a test event. */
    eventId: uuid("event_id"),
    eventType: text("event_type").notNull(),
    correlationId: uuid("correlation_id").notNull(),
    body: text("body").notNull(),
    attempt: integer("attempt").notNull(),
    /** Position in the retry schedule; null: no automatic retry (a redelivery or a test event). */
    retryStep: integer("retry_step"),
    status: text("status", { enum: webhookMessageStatuses }).notNull().default("pending"),
    /** A worker is sending it until then (a worker that dies leaves it to the next one after that). */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    claimToken: uuid("claim_token"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    durationMs: integer("duration_ms"),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    error: text("error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.webhookId], foreignColumns: [webhooks.tenantId, webhooks.id] }).onDelete(
      "cascade",
    ),
    index("webhook_messages_log_idx").on(t.tenantId, t.webhookId, t.id),
    index("webhook_messages_correlation_idx").on(t.webhookId, t.correlationId),
    // An event is dispatched to a webhook once, however often the dispatch job runs.
    uniqueIndex("webhook_messages_first_attempt_key")
      .on(t.webhookId, t.correlationId)
      .where(sql`attempt = 1`),
  ],
);
