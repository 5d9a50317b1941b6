import { date, foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { employees } from "./employees";
import { payrolls } from "./payrolls";
import { tenants } from "./tenants";

/**
 * How a change stands (contract 9b): applied when recorded; or reported by an employee (pending)
 * and then approved (applied at the decision) or rejected (discarded) by HR.
 */
export const caseChangeStatuses = ["applied", "pending", "approved", "rejected"] as const;
export type CaseChangeStatus = (typeof caseChangeStatuses)[number];

/**
 * A value an employee reported, kept on the change (never in case_values) until HR approves it;
 * on approval it is inserted into case_values with the same id.
 */
export type ReportedValue = { id: string; fieldName: string; value: string; start: string; end: string | null };

/** Who decided a reported change: the caller as the API shows it. */
export type CaseChangeDecider = { kind: "system" | "person"; id: string; name: string };

/**
 * One reported change: who, when, why; its values follow. Append-only, except that a pending change
 * (an employee's report) is decided once: status, decision and, when approved, its values.
 */
export const caseChanges = pgTable(
  "case_changes",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    payrollId: uuid("payroll_id").notNull(),
    employeeId: uuid("employee_id"),
    caseName: text("case_name").notNull(),
    reason: text("reason"),
    createdBy: text("created_by").notNull(),
    createdByName: text("created_by_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    status: text("status", { enum: caseChangeStatuses }).notNull().default("applied"),
    /** The values of a change that waits for (or was refused by) HR: not in case_values, so no reader sees them. */
    reportedValues: jsonb("reported_values").$type<ReportedValue[]>(),
    taskId: uuid("task_id"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: jsonb("decided_by").$type<CaseChangeDecider>(),
    decisionReason: text("decision_reason"),
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
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    caseChangeId: uuid("case_change_id")
      .notNull()
      .references(() => caseChanges.id),
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
 * Each employee's case values as the text a recalculation reads (case_values_text in
 * drizzle/0019_case_histories.sql), with the record time of the newest. Written only by triggers on case_values
 * (drizzle/0019_case_histories.sql), in the writing statement's transaction.
 */
export const caseHistories = pgTable(
  "case_histories",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    payrollId: uuid("payroll_id").notNull(),
    employeeId: uuid("employee_id").notNull(),
    recordedUntil: timestamp("recorded_until", { withTimezone: true }).notNull(),
    values: text("values").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.payrollId, t.employeeId] })],
);

/**
 * The event log (outbox): written in the same transaction as what it reports, read by webhook
 * delivery later, so that nothing is lost if the process dies after the commit.
 */
export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("events_tenant_idx").on(t.tenantId, t.createdAt)],
);
