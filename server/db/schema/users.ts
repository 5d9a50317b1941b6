import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { tenants } from "./tenants";

/** A person known through an OIDC issuer. Name and email are copies of the issuer's claims. */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey(),
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    culture: text("culture").notNull().default("de-CH"),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("users_issuer_subject_key").on(t.issuer, t.subject)],
);

export const memberships = pgTable(
  "memberships",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    role: text("role", { enum: ["Administrator", "Manager", "SelfService"] }).notNull(),
    payrollIds: jsonb("payroll_ids").$type<string[]>().notNull().default([]),
    employeeId: uuid("employee_id"),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("memberships_tenant_user_key").on(t.tenantId, t.userId)],
);

export const invitationStatuses = ["pending", "accepted", "withdrawn"] as const;

/** An invitation into one tenant; "expired" is read from expiresAt, not stored. */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    email: text("email").notNull(),
    role: text("role", { enum: ["Administrator", "Manager", "SelfService"] }).notNull(),
    payrollIds: jsonb("payroll_ids").$type<string[]>().notNull().default([]),
    employeeId: uuid("employee_id"),
    status: text("status", { enum: invitationStatuses }).notNull().default("pending"),
    invitedBy: text("invited_by").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedByUserId: uuid("accepted_by_user_id").references(() => users.id),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("invitations_tenant_idx").on(t.tenantId, t.status)],
);

/**
 * A console sign-in (next-auth JWT session). The cookie's JWT carries the id; authenticate checks that
 * the session is neither revoked (signed out) nor expired, so a signed-out cookie no longer works.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);
