import { sql } from "drizzle-orm";
import { bigint, boolean, date, foreignKey, index, jsonb, pgTable, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { payrunPeriods } from "./payrolls";
import { tenants } from "./tenants";

export type StoredLine = {
  number: string;
  name: string;
  amount: number;
  base: number | null;
  rate: string | null;
  retro: boolean;
  retroPeriodStart: string | null;
  /**
   * Only on lines stored before calculation bases (migration 0015): lines written since carry no
   * explanation, which is derived on read (server/results/explain.ts). key and params: the sentence
   * in the catalogs and its figures (server/calc/texts.ts); absent in lines stored before issue 12.
   */
  explanation?: {
    text: string;
    key?: string;
    params?: Record<string, string>;
    caseValues: { field: string; value: string; caseChangeId: string }[];
    parameters: { key: string; value: string }[];
  };
};

/**
 * One employee's result in one payrun period, always current while the period is open (every case
 * change recalculates it), frozen once the period is closed. Amounts are integer Rappen.
 * Stored with fillfactor 50 (migration 0016, which drizzle does not model): recalculations update rows in place (HOT).
 */
export const payrunEntries = pgTable(
  "payrun_entries",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    payrollId: uuid("payroll_id").notNull(),
    payrunPeriodId: uuid("payrun_period_id").notNull(),
    employeeId: uuid("employee_id").notNull(),
    employed: boolean("employed").notNull(),
    gross: bigint("gross", { mode: "number" }).notNull(),
    net: bigint("net", { mode: "number" }).notNull(),
    payable: bigint("payable", { mode: "number" }).notNull(),
    /** The sum of the period's payout lines not cancelled (kept by the payout verbs, in their transaction). */
    paidOut: bigint("paid_out", { mode: "number" }).notNull().default(0),
    /** What earlier periods left open (positive) or overpaid (negative), carried into this one at close. */
    carriedForward: bigint("carried_forward", { mode: "number" }).notNull().default(0),
    lines: jsonb("lines").$type<StoredLine[]>().notNull(),
    collectors: jsonb("collectors").$type<Record<string, number>>().notNull(),
    yearToDate: jsonb("year_to_date").$type<Record<string, number>>().notNull(),
    issues: jsonb("issues")
      .$type<
        {
          code: string;
          message: string;
          field?: string;
          caseName: string | null;
          blocking: boolean;
          params?: Record<string, string>;
        }[]
      >()
      .notNull(),
    calculatedAt: timestamp("calculated_at", { withTimezone: true }).notNull().defaultNow(),
    /** What the entry was calculated from (case values known then, regulation versions): its explanations are derived from it on read. Null on entries stored before. */
    basisId: uuid("basis_id"),
    /**
     * The earliest closed period its retro lines correct (their first retroPeriodStart), null without retro lines.
     * A recalculation starts its chain of periods no later than January of this year, so that a correction of
     * the previous year stays in the open entry when a later change recalculates from this year only.
     */
    retroFrom: date("retro_from", { mode: "string" }),
  },
  (t) => [
    unique("payrun_entries_period_employee_key").on(t.payrunPeriodId, t.employeeId),
    index("payrun_entries_tenant_idx").on(t.tenantId, t.payrollId, t.employeeId),
    index("payrun_entries_retro_from_idx")
      .on(t.payrunPeriodId, t.retroFrom)
      .where(sql`${t.retroFrom} is not null`),
    foreignKey({ columns: [t.payrunPeriodId], foreignColumns: [payrunPeriods.id] }).onDelete("cascade"),
  ],
);

/**
 * What one recalculation read besides the case values' contents: the moment up to which recorded
 * case values count (known_at, the database's clock, taken under the payroll's results lock so that
 * every value recorded before it is visible and every value recorded after it is later), and per
 * period of its chain the checksums of the regulation versions merged for it (their contents are kept
 * by checksum in regulation_contents, never changed). With these, an entry's explanations are the
 * pure calculation run again: nothing of them is stored.
 */
export const calculationBases = pgTable(
  "calculation_bases",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    payrollId: uuid("payroll_id").notNull(),
    knownAt: timestamp("known_at", { withTimezone: true, mode: "string" }).notNull(),
    /** periodStart -> checksums of the regulation versions merged for that period, in the payroll's order. */
    regulations: jsonb("regulations").$type<Record<string, string[]>>().notNull(),
    /** sha256 of the withholding-tax tariff files in force (qst_tariff_files); null for bases recorded before tariffs were stored. */
    qstTariffs: jsonb("qst_tariffs").$type<string[]>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("calculation_bases_payroll_idx").on(t.tenantId, t.payrollId)],
);
