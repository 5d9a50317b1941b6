import {
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
import { payrolls } from "./payrolls";
import { tenants } from "./tenants";

/**
 * Regulation versions as imported from the catalog (npm run regulations:update). The service reads
 * them from here and applies each version from its validFrom date, without a restart.
 */
export const regulationVersions = pgTable(
  "regulation_versions",
  {
    id: uuid("id").primaryKey(),
    regulationId: uuid("regulation_id").notNull(),
    name: text("name").notNull(),
    kind: text("kind").notNull(),
    validFrom: date("valid_from", { mode: "string" }).notNull(),
    /** The regulation (name, displayName, country) and this version's content, as the catalog ships them. */
    content: jsonb("content").$type<Record<string, unknown>>().notNull(),
    checksum: text("checksum").notNull(),
    importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("regulation_versions_name_valid_from_key").on(t.name, t.validFrom)],
);

/**
 * Every regulation version content ever imported, by its checksum: a version updated in place in
 * regulation_versions keeps its earlier content here, so that results calculated with it can be
 * explained later exactly as they were (calculation_bases name contents by checksum).
 */
export const regulationContents = pgTable("regulation_contents", {
  checksum: text("checksum").primaryKey(),
  content: jsonb("content").$type<Record<string, unknown>>().notNull(),
  importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
});

export const regulationUpdateTriggers = ["schedule", "command"] as const;

/**
 * Each run of the regulation update (the daily job, `npm run regulations:update`): when it ran, what it
 * imported and how many payrolls it recalculated. The service as a whole, not one tenant's.
 */
export const regulationUpdates = pgTable(
  "regulation_updates",
  {
    id: uuid("id").primaryKey(),
    trigger: text("trigger", { enum: regulationUpdateTriggers }).notNull(),
    ranAt: timestamp("ran_at", { withTimezone: true }).notNull().defaultNow(),
    added: integer("added").notNull(),
    updated: integer("updated").notNull(),
    /** Payrolls whose results the new versions change, each recalculated by its own job. */
    payrollsRecalculated: integer("payrolls_recalculated").notNull(),
    /** What the run did with the withholding-tax tariff files (null: tariffs were not fetched). */
    tariffs: jsonb("tariffs").$type<TariffFetchOutcome>(),
  },
  (t) => [index("regulation_updates_ran_at_idx").on(t.ranAt)],
);

/** The withholding-tax part of a regulation update run (server/regulations/qst/fetch.ts). */
export type TariffFetchOutcome = {
  source: string;
  /** Files fetched and imported (new, or a newer edition of a canton's year). */
  added: { file: string; sha256: string; records: number }[];
  /** Files fetched that failed verification: nothing of them was imported. */
  refused: { file: string; reason: string }[];
  /** Files fetched that were already imported. */
  unchanged: number;
  /** Files the source does not have (404): not published yet. */
  notPublished: number;
};

/**
 * The ESTV withholding-tax tariff files (tarYYkt.txt), one row per edition of a canton's year, as
 * regulation data: the service's own, not a tenant's. Imported from the shipped files with the catalog
 * and by the daily update from QST_TARIFF_SOURCE_URL, each verified (footer count) before it is stored.
 * For a canton and year the edition with the latest creation date applies (then the latest imported).
 * Rows are never changed: a file is named by the sha256 of its bytes, and a calculation's basis lists
 * the files it used.
 */
export const qstTariffFiles = pgTable(
  "qst_tariff_files",
  {
    sha256: text("sha256").primaryKey(),
    canton: text("canton").notNull(),
    year: integer("year").notNull(),
    fileName: text("file_name").notNull(),
    /** Where the file came from: the shipped file's path or the URL it was fetched from. */
    source: text("source").notNull(),
    creationDate: date("creation_date", { mode: "string" }).notNull(),
    /** The footer's record count (header and footer included). */
    records: integer("records").notNull(),
    /** The file's tariffs in the compact form of server/regulations/qst/tariffs.ts. */
    tariffs: jsonb("tariffs").$type<unknown[]>().notNull(),
    importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("qst_tariff_files_canton_year_idx").on(t.canton, t.year)],
);

/**
 * A payroll's lookup values (chart of accounts, cost centers): its own copy, started from the
 * regulation's values and then maintained by the client.
 */
export const lookupValues = pgTable(
  "lookup_values",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    payrollId: uuid("payroll_id").notNull(),
    regulationName: text("regulation_name").notNull(),
    lookupName: text("lookup_name").notNull(),
    key: text("key").notNull(),
    value: text("value").notNull(),
    displayName: jsonb("display_name").$type<Record<string, string>>(),
    clientAdded: boolean("client_added").notNull().default(false),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("lookup_values_key").on(t.payrollId, t.regulationName, t.lookupName, t.key),
    index("lookup_values_payroll_idx").on(t.tenantId, t.payrollId, t.lookupName),
    foreignKey({ columns: [t.tenantId, t.payrollId], foreignColumns: [payrolls.tenantId, payrolls.id] }).onDelete(
      "cascade",
    ),
  ],
);

/** Which accounts a wage type posts to, per payroll (lookup value ids, so renumbering an account keeps the mapping). */
export const wageTypeAccounts = pgTable(
  "wage_type_accounts",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    payrollId: uuid("payroll_id").notNull(),
    wageTypeNumber: text("wage_type_number").notNull(),
    debitAccountId: uuid("debit_account_id")
      .notNull()
      .references(() => lookupValues.id),
    creditAccountId: uuid("credit_account_id")
      .notNull()
      .references(() => lookupValues.id),
  },
  (t) => [
    unique("wage_type_accounts_key").on(t.payrollId, t.wageTypeNumber),
    foreignKey({ columns: [t.tenantId, t.payrollId], foreignColumns: [payrolls.tenantId, payrolls.id] }).onDelete(
      "cascade",
    ),
  ],
);
