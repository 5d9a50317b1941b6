import { sql } from "drizzle-orm";
import {
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
import { employees } from "./employees";
import { payrolls } from "./payrolls";
import { tenants } from "./tenants";

/** Kinds of task (contract 9a). */
export const taskKinds = ["selfServiceChange", "webhookFailing"] as const;
export type TaskKind = (typeof taskKinds)[number];
export const taskStatuses = ["open", "done"] as const;
export type TaskStatus = (typeof taskStatuses)[number];
export const taskResolutions = ["approved", "rejected"] as const;
export type TaskResolution = (typeof taskResolutions)[number];

/** Who completed a task: the caller as the API shows it (the same shape as a payout's createdBy). */
export type TaskActor = { kind: "system" | "person"; id: string; name: string };

/**
 * Work waiting for a person of the payroll (contract 9a): an employee's reported change for HR, a
 * webhook that keeps failing. `details` holds what a kind needs (a webhook's id and address, a
 * change's before and after, the reason given when it was rejected). `subject` names what the task
 * is about (a webhook id, a case change id): at most one open task per payroll, kind and subject.
 */
export const tasks = pgTable(
  "tasks",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    payrollId: uuid("payroll_id").notNull(),
    employeeId: uuid("employee_id"),
    kind: text("kind", { enum: taskKinds }).notNull(),
    status: text("status", { enum: taskStatuses }).notNull().default("open"),
    resolution: text("resolution", { enum: taskResolutions }),
    title: text("title").notNull(),
    caseChangeId: uuid("case_change_id"),
    subject: text("subject"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    completedBy: jsonb("completed_by").$type<TaskActor>(),
  },
  (t) => [
    unique("tasks_tenant_id_key").on(t.tenantId, t.id),
    index("tasks_payroll_status_idx").on(t.tenantId, t.payrollId, t.status, t.id),
    index("tasks_payroll_employee_idx").on(t.tenantId, t.payrollId, t.employeeId, t.id),
    uniqueIndex("tasks_open_subject_key")
      .on(t.tenantId, t.payrollId, t.kind, t.subject)
      .where(sql`status = 'open' and subject is not null`),
    foreignKey({ columns: [t.tenantId, t.payrollId], foreignColumns: [payrolls.tenantId, payrolls.id] }).onDelete(
      "cascade",
    ),
    foreignKey({ columns: [t.tenantId, t.employeeId], foreignColumns: [employees.tenantId, employees.id] }),
  ],
);
