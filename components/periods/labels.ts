import type { z } from "zod";
import type { PayrunPeriod as PayrunPeriodSchema } from "@/server/payrolls/schemas";

/** A payrun period as the API answers it. */
export type PayrunPeriod = z.infer<typeof PayrunPeriodSchema>;

/** The document categories of a period, in the order the documents browser shows them. */
export const DOCUMENT_CATEGORIES = [
  "Payslip",
  "SalaryCertificate",
  "AccountingDocument",
  "PaymentFile",
  "ElmDeclaration",
  "ElmReceipt",
  "PayslipArchive",
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

export const isDocumentCategory = (value: string | undefined): value is DocumentCategory =>
  DOCUMENT_CATEGORIES.some((c) => c === value);

/** A category's name in the catalog: t(`categories.${category}`) (plural, "Payslips") or t(`categoryOne.${category}`) ("Payslip") of the "periods" namespace. */
/** Categories whose documents belong to one employee: the browser names the person. */
export const PERSONAL_CATEGORIES = new Set<DocumentCategory>(["Payslip", "SalaryCertificate"]);

/** "application/pdf" as "PDF", "text/csv; charset=utf-8" as "CSV". */
export function contentTypeLabel(contentType: string) {
  const base = contentType.split(";")[0]!.trim().toLowerCase();
  if (base === "application/pdf") return "PDF";
  if (base === "text/csv") return "CSV";
  if (base.endsWith("/xml") || base.endsWith("+xml")) return "XML";
  if (base === "application/json") return "JSON";
  if (base === "application/zip") return "ZIP";
  return base;
}

/** What a period's state is, as the console tells it: ELM's progress shows on closed periods of a live payroll. */
export type PeriodStage = "open" | "closed" | "submitted" | "finalized" | "elmError";

export function periodStage(period: Pick<PayrunPeriod, "status" | "submittedToElm" | "elmError">): PeriodStage {
  if (period.status === "open") return "open";
  if (period.status === "finalized") return "finalized";
  if (period.elmError) return "elmError";
  return period.submittedToElm ? "submitted" : "closed";
}

/** A stage's name: t(`stages.${stage}`) of the "periods" namespace. */
export const STAGE_TONE: Record<PeriodStage, string> = {
  open: "border-sky-300 bg-sky-50 text-sky-800",
  closed: "border-slate-300 bg-slate-100 text-slate-700",
  submitted: "border-amber-300 bg-amber-50 text-amber-800",
  finalized: "border-emerald-300 bg-emerald-50 text-emerald-800",
  elmError: "border-red-300 bg-red-50 text-red-800",
};

/** A period of a live payroll is declared to ELM at close (server/elm/submission.ts isDeclared). */
export const isLivePeriod = (transmissionStartDate: string | null, periodStart: string) =>
  transmissionStartDate !== null && periodStart >= transmissionStartDate;

/** The API path of a period, and of one of its documents (the file itself). */
export const periodApiPath = (orgId: string, payrollId: string, periodId: string) =>
  `/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/${periodId}`;
export const documentHref = (orgId: string, payrollId: string, periodId: string, documentId: string) =>
  `/api${periodApiPath(orgId, payrollId, periodId)}/documents/${documentId}`;
