import "server-only";
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { valueInForce } from "../bitemporal/in-force";
import { caseValues, documents, employees, payrunEntries, payrunPeriods, type DocumentCategory } from "../db/schema";
import type { TenantScope } from "../db/tenant-scope";
import { byEmployee } from "./case-values";
import { shownEntry } from "../results/shown-entries";
import { plannedDocuments, type PlannedDocument } from "./plan";

type PeriodRow = typeof payrunPeriods.$inferSelect;

export type DocumentMeta = {
  id: string;
  category: DocumentCategory;
  employeeId: string | null;
  name: string;
  contentType: string;
  final: boolean;
  createdAt: string;
};

/**
 * The period's entries with a payslip (those the period shows, shown-entries.ts: employed in it, or
 * with an amount carried into it or paid out in it; and anyone with lines in it), with the
 * employee's identifier and exit date as they stand for the period. Reads only those columns:
 * planning must not load every entry's lines to list a period's documents.
 */
export async function documentSubjects(scope: TenantScope, period: PeriodRow, employeeId?: string) {
  const hasLines = sql`jsonb_array_length(${payrunEntries.lines}) > 0`;
  const entries = await scope
    .select({
      employeeId: payrunEntries.employeeId,
      calculatedAt: payrunEntries.calculatedAt,
      identifier: employees.identifier,
      // Nothing calculated for the period, only money carried or paid: a payslip of the payments, no salary certificate.
      paymentsOnly: sql<boolean>`not (${payrunEntries.employed} or ${hasLines})`,
    })
    .from(payrunEntries)
    .innerJoin(employees, eq(employees.id, payrunEntries.employeeId))
    .where(
      and(
        eq(payrunEntries.payrunPeriodId, period.id),
        employeeId ? eq(payrunEntries.employeeId, employeeId) : undefined,
        or(shownEntry, hasLines),
      ),
    );
  if (!entries.length) return { entries, subjects: [] };
  const exits = await scope.rows(
    caseValues,
    and(
      eq(caseValues.fieldName, "ExitDate"),
      inArray(
        caseValues.employeeId,
        entries.map((e) => e.employeeId),
      ),
    ),
    {
      orderBy: [asc(caseValues.createdAt)],
    },
  );
  const exitsOf = byEmployee(exits);
  const subjects = entries.map((entry) => ({
    employeeId: entry.employeeId,
    identifier: entry.identifier,
    exitDate: valueInForce(exitsOf.get(entry.employeeId) ?? [], period.periodEnd)?.value ?? null,
    paymentsOnly: entry.paymentsOnly,
  }));
  return { entries, subjects };
}

/** The documents of the open period: previews of the current results. */
export async function previewPlan(
  scope: TenantScope,
  period: PeriodRow,
  employeeId?: string,
): Promise<{ planned: PlannedDocument[]; calculatedAt: Date }> {
  const { entries, subjects } = await documentSubjects(scope, period, employeeId);
  const calculatedAt = entries.reduce(
    (latest, e) => (e.calculatedAt > latest ? e.calculatedAt : latest),
    period.createdAt,
  );
  const planned = plannedDocuments({ period, entries: subjects });
  return { planned: employeeId ? planned.filter((doc) => doc.employeeId === employeeId) : planned, calculatedAt };
}

/** Metadata of every document of a period: previews while it is open, the stored final documents after. */
export async function periodDocuments(
  scope: TenantScope,
  period: PeriodRow,
  employeeId?: string,
): Promise<DocumentMeta[]> {
  if (period.status === "open") {
    const { planned, calculatedAt } = await previewPlan(scope, period, employeeId);
    const previews = planned.map((doc) => ({
      id: doc.id,
      category: doc.category,
      employeeId: doc.employeeId,
      name: doc.name,
      contentType: doc.contentType,
      final: false,
      createdAt: calculatedAt.toISOString(),
    }));
    // Payment files are final from the moment their payout is made, in the open period too; payslip archives are kept when made.
    return [...previews, ...(employeeId ? [] : await storedFiles(scope, period))];
  }
  const rows = await scope
    .select({
      id: documents.id,
      category: documents.category,
      employeeId: documents.employeeId,
      name: documents.name,
      contentType: documents.contentType,
      final: documents.final,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .where(and(eq(documents.payrunPeriodId, period.id), employeeId ? eq(documents.employeeId, employeeId) : undefined))
    .orderBy(asc(documents.position), asc(documents.name));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Files an open period keeps before close: payment files (pain.001 of payouts), then payslip archives (ZIP), oldest first. */
export const STORED_WHILE_OPEN = ["PaymentFile", "PayslipArchive"] as const satisfies readonly DocumentCategory[];

export async function storedFiles(scope: TenantScope, period: PeriodRow): Promise<DocumentMeta[]> {
  const rows = await scope
    .select({
      id: documents.id,
      category: documents.category,
      employeeId: documents.employeeId,
      name: documents.name,
      contentType: documents.contentType,
      final: documents.final,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .where(and(eq(documents.payrunPeriodId, period.id), inArray(documents.category, [...STORED_WHILE_OPEN])))
    .orderBy(asc(documents.position), asc(documents.createdAt), asc(documents.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Self Service sees only their own payslips and salary certificates; everyone else with access sees all. */
export function visibleDocument(ctx: TenantCtx, doc: Pick<DocumentMeta, "employeeId" | "category">) {
  if (ctx.access.role !== "SelfService") return true;
  return (
    doc.employeeId !== null &&
    doc.employeeId === ctx.access.employeeId &&
    (doc.category === "Payslip" || doc.category === "SalaryCertificate")
  );
}
