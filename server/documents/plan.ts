import "server-only";
import type { DocumentCategory } from "../db/schema";
import { documentIdOf } from "./ids";

export type PlannedDocument = {
  id: string;
  category: DocumentCategory;
  employeeId: string | null;
  name: string;
  contentType: string;
  /** Which renderer makes it. */
  kind: "payslip" | "accountingPdf" | "accountingCsv" | "salaryCertificate";
};

export type PlanInput = {
  period: { id: string; periodStart: string; periodEnd: string };
  /**
   * The period's entries that produce a payslip: employed, with lines, or with an amount carried
   * into the period or paid out in it. paymentsOnly: only the latter (a former employee paid what
   * an earlier period left open), whose salary certificate came with their exit.
   */
  entries: { employeeId: string; identifier: string; exitDate: string | null; paymentsOnly?: boolean }[];
};

export const PDF = "application/pdf";
export const CSV = "text/csv; charset=utf-8";

/**
 * The documents a period has while results are current (previews) and keeps at close: a payslip
 * per employee, the accounting document as PDF and CSV, and the salary certificate (Lohnausweis)
 * in December for everyone with wages in the period and in the month of an employee's exit.
 */
export function plannedDocuments({ period, entries }: PlanInput): PlannedDocument[] {
  const month = period.periodStart.slice(0, 7);
  const year = period.periodStart.slice(0, 4);
  const december = period.periodStart.slice(5, 7) === "12";
  const planned: PlannedDocument[] = [];
  const add = (
    category: DocumentCategory,
    employeeId: string | null,
    name: string,
    contentType: string,
    kind: PlannedDocument["kind"],
  ) =>
    planned.push({
      id: documentIdOf(period.id, category, employeeId, name),
      category,
      employeeId,
      name,
      contentType,
      kind,
    });
  const sorted = [...entries].sort((a, b) => a.identifier.localeCompare(b.identifier, "de-CH", { numeric: true }));
  for (const entry of sorted)
    add("Payslip", entry.employeeId, `payslip-${month}-${entry.identifier}.pdf`, PDF, "payslip");
  add("AccountingDocument", null, `accounting-${month}.pdf`, PDF, "accountingPdf");
  add("AccountingDocument", null, `accounting-${month}.csv`, CSV, "accountingCsv");
  for (const entry of sorted) {
    if (entry.paymentsOnly) continue;
    const exits = entry.exitDate !== null && entry.exitDate >= period.periodStart && entry.exitDate <= period.periodEnd;
    if (december || exits)
      add(
        "SalaryCertificate",
        entry.employeeId,
        `salary-certificate-${year}-${entry.identifier}.pdf`,
        PDF,
        "salaryCertificate",
      );
  }
  return planned;
}
