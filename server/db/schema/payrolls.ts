import { date, foreignKey, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { documentLanguages } from "./document-languages";
import { tenants } from "./tenants";

export const divisions = pgTable(
  "divisions",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("divisions_tenant_id_key").on(t.tenantId, t.id)],
);

export const payrolls = pgTable(
  "payrolls",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    divisionId: uuid("division_id").notNull(),
    name: text("name").notNull(),
    accountingStartDate: date("accounting_start_date", { mode: "string" }).notNull(),
    transmissionStartDate: date("transmission_start_date", { mode: "string" }),
    documentLanguage: text("document_language", { enum: documentLanguages }).notNull(),
    countryRegulation: text("country_regulation").notNull(),
    /** Industry regulations: added, never removed. */
    industries: jsonb("industries").$type<string[]>().notNull().default([]),
    accountingDocument: text("accounting_document"),
    accountingData: text("accounting_data"),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One payroll per tenant is a product rule; the index makes it hold under concurrency too.
    unique("payrolls_one_per_tenant_key").on(t.tenantId),
    unique("payrolls_tenant_id_key").on(t.tenantId, t.id),
    unique("payrolls_division_key").on(t.divisionId),
    foreignKey({ columns: [t.tenantId, t.divisionId], foreignColumns: [divisions.tenantId, divisions.id] }),
  ],
);

export const payrunPeriodStatuses = ["open", "closed", "finalized"] as const;

export const payrunPeriods = pgTable(
  "payrun_periods",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    payrollId: uuid("payroll_id").notNull(),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    status: text("status", { enum: payrunPeriodStatuses }).notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** ELM: when the close made the declaration and queued its submission (the service transmits it from then on). */
    declaredAt: timestamp("declared_at", { withTimezone: true }),
    /** ELM: when the declaration was handed to the distributor, its job key, and when the result came back. */
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    elmJobKey: text("elm_job_key"),
    elmError: text("elm_error"),
    finalizedAt: timestamp("finalized_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("payrun_periods_payroll_start_key").on(t.payrollId, t.periodStart),
    index("payrun_periods_tenant_idx").on(t.tenantId),
    foreignKey({ columns: [t.tenantId, t.payrollId], foreignColumns: [payrolls.tenantId, payrolls.id] }).onDelete(
      "cascade",
    ),
  ],
);
