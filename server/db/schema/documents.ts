import {
  boolean,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { payrunPeriods } from "./payrolls";
import { tenants } from "./tenants";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const documentCategories = [
  "Payslip",
  "AccountingDocument",
  "PaymentFile",
  "ElmDeclaration",
  "ElmReceipt",
  "SalaryCertificate",
  "PayslipArchive",
] as const;
export type DocumentCategory = (typeof documentCategories)[number];

/**
 * A final document of a closed period. PDFs are kept as the frozen model they are drawn from
 * (`model`, rendered on request, the same bytes every time); files that are their own content
 * (CSV, XML) are kept as `content`. Deleting a period (rebase) deletes its documents.
 */
export const documents = pgTable(
  "documents",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    payrollId: uuid("payroll_id").notNull(),
    payrunPeriodId: uuid("payrun_period_id").notNull(),
    employeeId: uuid("employee_id"),
    category: text("category", { enum: documentCategories }).notNull(),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    final: boolean("final").notNull(),
    model: jsonb("model").$type<unknown>(),
    content: bytea("content"),
    /** Listing order: payslips by employee, the accounting document, certificates, then ELM files. */
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("documents_period_idx").on(t.tenantId, t.payrunPeriodId, t.category),
    foreignKey({ columns: [t.payrunPeriodId], foreignColumns: [payrunPeriods.id] }).onDelete("cascade"),
  ],
);

export const payslipArchiveStatuses = ["queued", "running", "done", "failed"] as const;
export type PayslipArchiveStatus = (typeof payslipArchiveStatuses)[number];

/**
 * A ZIP of every payslip of a period, asked for by HR and built in the background (a job,
 * server/documents/payslip-archive.ts): its progress while it runs (done of total payslips drawn),
 * then the document it became (a PayslipArchive document of the period).
 */
export const payslipArchives = pgTable(
  "payslip_archives",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    payrollId: uuid("payroll_id").notNull(),
    payrunPeriodId: uuid("payrun_period_id").notNull(),
    status: text("status", { enum: payslipArchiveStatuses }).notNull().default("queued"),
    done: integer("done").notNull().default(0),
    total: integer("total").notNull().default(0),
    documentId: uuid("document_id"),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payslip_archives_period_idx").on(t.tenantId, t.payrunPeriodId),
    foreignKey({ columns: [t.payrunPeriodId], foreignColumns: [payrunPeriods.id] }).onDelete("cascade"),
  ],
);
