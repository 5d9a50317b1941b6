import type { StoredModel } from "../build";

/**
 * Draws a document kept as a model, in the calling thread: what each PDF worker runs (worker.ts),
 * and the bare single-thread draw that bench/close compares the pool with. The renderers are loaded
 * on first use, so a process that only keeps models (closing a period) does not load them.
 * No "server-only" here: the worker bundle imports this file outside Next.
 */
export async function drawModel(model: StoredModel): Promise<Buffer> {
  switch (model.kind) {
    case "payslip":
      return (await import("../payslip/render")).renderPayslipPdf(model.payslip);
    case "salaryCertificate":
      return (await import("../salary-certificate/render")).renderSalaryCertificatePdf(model.certificate);
    case "accountingPdf":
      return (await import("../../accounting/pdf")).renderAccountingPdf(model.journal, { payrollName: model.payrollName, language: model.language, final: model.final, createdAt: new Date(model.createdAt) });
  }
}
