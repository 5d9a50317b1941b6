import type { z } from "zod";
import type { PayrunPeriod as PayrunPeriodSchema } from "@/server/payrolls/schemas";

/** A payrun period as the API answers it. */
export type PayrunPeriod = z.infer<typeof PayrunPeriodSchema>;

/** The document categories of a period, in the order the documents browser shows them. */
export const DOCUMENT_CATEGORIES = ["Payslip", "SalaryCertificate", "AccountingDocument", "PaymentFile", "ElmDeclaration", "ElmReceipt"] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

export const isDocumentCategory = (value: string | undefined): value is DocumentCategory => DOCUMENT_CATEGORIES.some((c) => c === value);

export const CATEGORY_LABEL: Record<DocumentCategory, string> = {
  Payslip: "Payslips",
  SalaryCertificate: "Salary certificates",
  AccountingDocument: "Accounting document",
  PaymentFile: "Payment files",
  ElmDeclaration: "ELM declaration",
  ElmReceipt: "ELM receipts",
};

/** One document of a category, as a link's prefix. */
export const CATEGORY_ONE: Record<DocumentCategory, string> = {
  Payslip: "Payslip",
  SalaryCertificate: "Salary certificate",
  AccountingDocument: "Accounting document",
  PaymentFile: "Payment file",
  ElmDeclaration: "ELM declaration",
  ElmReceipt: "ELM receipt",
};

/** Categories whose documents belong to one employee: the browser names the person. */
export const PERSONAL_CATEGORIES = new Set<DocumentCategory>(["Payslip", "SalaryCertificate"]);

/** "application/pdf" as "PDF", "text/csv; charset=utf-8" as "CSV". */
export function contentTypeLabel(contentType: string) {
  const base = contentType.split(";")[0]!.trim().toLowerCase();
  if (base === "application/pdf") return "PDF";
  if (base === "text/csv") return "CSV";
  if (base.endsWith("/xml") || base.endsWith("+xml")) return "XML";
  if (base === "application/json") return "JSON";
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

export const STAGE_LABEL: Record<PeriodStage, string> = {
  open: "Open",
  closed: "Closed",
  submitted: "Submitted to ELM",
  finalized: "Finalized",
  elmError: "ELM error",
};

export const STAGE_TONE: Record<PeriodStage, string> = {
  open: "border-sky-300 bg-sky-50 text-sky-800",
  closed: "border-slate-300 bg-slate-100 text-slate-700",
  submitted: "border-amber-300 bg-amber-50 text-amber-800",
  finalized: "border-emerald-300 bg-emerald-50 text-emerald-800",
  elmError: "border-red-300 bg-red-50 text-red-800",
};

/** A period of a live payroll is declared to ELM at close (server/periods/elm-submission.ts isDeclared). */
export const isLivePeriod = (transmissionStartDate: string | null, periodStart: string) => transmissionStartDate !== null && periodStart >= transmissionStartDate;

/** 2026-03-01 as "March 2026". */
export function monthLabel(periodStart: string, month: "long" | "short" = "long") {
  const [y, m] = periodStart.split("-").map(Number) as [number, number];
  return new Intl.DateTimeFormat("en-GB", { month, year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, 1)));
}

/** Thousands with the Swiss apostrophe: 1234567 as "1'234'567". */
const grouped = (whole: number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, "'");

/** Integer Rappen as "12'345.60" (or "12'346" without decimals, rounded half up). */
export function formatChf(rappen: number, { decimals = true }: { decimals?: boolean } = {}) {
  const sign = rappen < 0 ? "-" : "";
  const abs = Math.abs(rappen);
  if (!decimals) return `${sign}${grouped(Math.round(abs / 100))}`;
  return `${sign}${grouped(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, "0")}`;
}

/** An instant (ISO) in Swiss time: "3 March 2026 at 14:05", or short "3 Mar 2026, 14:05" for tables. */
export function formatInstant(iso: string, month: "long" | "short" = "long") {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month, year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "Europe/Zurich" }).format(new Date(iso));
}

/** The API path of a period, and of one of its documents (the file itself). */
export const periodApiPath = (orgId: string, payrollId: string, periodId: string) => `/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/${periodId}`;
export const documentHref = (orgId: string, payrollId: string, periodId: string, documentId: string) => `/api${periodApiPath(orgId, payrollId, periodId)}/documents/${documentId}`;
