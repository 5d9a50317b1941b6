import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { employees } from "./employees";
import { payrolls, payrunPeriods } from "./payrolls";
import { tenants } from "./tenants";

export const payoutStatuses = ["created", "processed", "cancelled"] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/** Who created a payout: the caller as the API shows it (the same shape as a case change's createdBy). */
export type PayoutCreator = { kind: "system" | "person"; id: string; name: string };

/**
 * A payout of the open period: what was paid to which employees on which execution date, and the
 * pain.001 file that pays it (a PaymentFile document). Amounts are integer Rappen. `external`
 * payouts were paid outside the service (no file). Deleting the period (rebase) deletes them.
 */
export const payouts = pgTable(
  "payouts",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    payrollId: uuid("payroll_id").notNull(),
    payrunPeriodId: uuid("payrun_period_id").notNull(),
    status: text("status", { enum: payoutStatuses }).notNull().default("created"),
    executionDate: date("execution_date", { mode: "string" }).notNull(),
    /** Rappen; bigint: a payout of a large payroll passes the 21 million CHF an integer holds. */
    total: bigint("total", { mode: "number" }).notNull(),
    count: integer("count").notNull(),
    external: boolean("external").notNull().default(false),
    /** The pain.001 MsgId (unique for the debtor: derived from the payout id). */
    messageId: text("message_id"),
    documentId: uuid("document_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: jsonb("created_by").$type<PayoutCreator>().notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [
    unique("payouts_tenant_id_key").on(t.tenantId, t.id),
    index("payouts_period_idx").on(t.tenantId, t.payrunPeriodId, t.id),
    index("payouts_payroll_status_idx").on(t.tenantId, t.payrollId, t.status),
    foreignKey({ columns: [t.tenantId, t.payrollId], foreignColumns: [payrolls.tenantId, payrolls.id] }).onDelete(
      "cascade",
    ),
    foreignKey({ columns: [t.payrunPeriodId], foreignColumns: [payrunPeriods.id] }).onDelete("cascade"),
  ],
);

/** One employee's part of a payout: the amount paid to one account. */
export const payoutLines = pgTable(
  "payout_lines",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    payoutId: uuid("payout_id").notNull(),
    payrollId: uuid("payroll_id").notNull(),
    payrunPeriodId: uuid("payrun_period_id").notNull(),
    employeeId: uuid("employee_id").notNull(),
    /** Rappen; bigint like the entries' amounts (an integer holds only 21 million CHF). */
    amount: bigint("amount", { mode: "number" }).notNull(),
    iban: text("iban"),
    endToEndId: text("end_to_end_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payout_lines_payout_idx").on(t.tenantId, t.payoutId),
    index("payout_lines_period_employee_idx").on(t.tenantId, t.payrunPeriodId, t.employeeId),
    foreignKey({ columns: [t.tenantId, t.payoutId], foreignColumns: [payouts.tenantId, payouts.id] }).onDelete(
      "cascade",
    ),
    foreignKey({ columns: [t.tenantId, t.employeeId], foreignColumns: [employees.tenantId, employees.id] }),
    foreignKey({ columns: [t.payrunPeriodId], foreignColumns: [payrunPeriods.id] }).onDelete("cascade"),
  ],
);
