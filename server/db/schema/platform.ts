import { integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";

/** Keys the service signs with: its tokens, the development identity provider's, and the session secret. */
export const signingKeys = pgTable("signing_keys", {
  kid: text("kid").primaryKey(),
  purpose: text("purpose", { enum: ["service", "dev-idp", "session"] }).notNull(),
  privateJwk: jsonb("private_jwk").$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb("public_jwk").$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Responses remembered per caller and Idempotency-Key (contract section 1). */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    id: uuid("id").primaryKey(),
    caller: text("caller").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    /** running; committed: its transaction committed (response_body names what it made), the response is not stored yet; done. */
    state: text("state", { enum: ["running", "committed", "done"] }).notNull(),
    responseStatus: integer("response_status"),
    responseHeaders: jsonb("response_headers").$type<Record<string, string>>(),
    responseBody: text("response_body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("idempotency_keys_caller_key").on(t.caller, t.key)],
);

/**
 * Rate-limit counters shared by every server process (server/auth/rate-limit.ts): one row per key
 * (e.g. `token:client:<id>`), counting within a fixed window that starts at windowStart.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});
