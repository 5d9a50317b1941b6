import { date, foreignKey, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { employees } from "./employees";
import { payrolls } from "./payrolls";
import { tenants } from "./tenants";

/** One reported change: who, when, why; its values follow. Append-only. */
export const caseChanges = pgTable(
  "case_changes",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id),
    payrollId: uuid("payroll_id").notNull(),
    employeeId: uuid("employee_id"),
    caseName: text("case_name").notNull(),
    reason: text("reason"),
    createdBy: text("created_by").notNull(),
    createdByName: text("created_by_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("case_changes_payroll_idx").on(t.tenantId, t.payrollId, t.employeeId, t.createdAt),
    foreignKey({ columns: [t.tenantId, t.payrollId], foreignColumns: [payrolls.tenantId, payrolls.id] }),
    foreignKey({ columns: [t.tenantId, t.employeeId], foreignColumns: [employees.tenantId, employees.id] }),
  ],
);

/** A time-versioned value: valid from start (to end, inclusive), recorded at createdAt. Append-only. */
export const caseValues = pgTable(
  "case_values",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id),
    caseChangeId: uuid("case_change_id").notNull().references(() => caseChanges.id),
    payrollId: uuid("payroll_id").notNull(),
    employeeId: uuid("employee_id"),
    caseName: text("case_name").notNull(),
    fieldName: text("field_name").notNull(),
    value: text("value").notNull(),
    start: date("start", { mode: "string" }).notNull(),
    end: date("end", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("case_values_lookup_idx").on(t.tenantId, t.payrollId, t.employeeId, t.fieldName),
    index("case_values_change_idx").on(t.caseChangeId),
  ],
);

/**
 * The event log (outbox): written in the same transaction as what it reports, read by webhook
 * delivery later, so that nothing is lost if the process dies after the commit.
 */
export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id").notNull().references(() => tenants.id),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("events_tenant_idx").on(t.tenantId, t.createdAt)],
);
