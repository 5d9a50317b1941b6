import type { StoredModel } from "../build";

/**
 * Draws a document kept as a model, in the calling thread: what each PDF worker runs (worker.ts),
 * and the bare single-thread draw that bench/close compares the pool with. The renderers are loaded
 * on first use, so a process that only keeps models (closing a period) does not load them.
 * No "server-only" here: the worker bundle imports this file outside Next.
 */
export async function drawModel(model: StoredModel): Promise<Buffer> {
  const bytes = await draw(model);
  await reactSchedulerTurn();
  return bytes;
}

function draw(model: StoredModel): Promise<Buffer> {
  switch (model.kind) {
    case "payslip":
      return import("../payslip/render").then((m) => m.renderPayslipPdf(model.payslip));
    case "salaryCertificate":
      return import("../salary-certificate/render").then((m) => m.renderSalaryCertificatePdf(model.certificate));
    case "accountingPdf":
      return import("./accounting-journal").then((m) =>
        m.renderAccountingPdf(model.journal, {
          payrollName: model.payrollName,
          language: model.language,
          final: model.final,
          createdAt: new Date(model.createdAt),
        }),
      );
  }
}

/**
 * Each draw mounts a new React root (react-pdf's renderToBuffer), and React keeps every root it has
 * scheduled in a list until its scheduler's next task (a setImmediate) finds nothing left to do.
 * Draws that follow one another without a macrotask between them (a loop of awaits, or a piscina
 * thread that waits for its next task in Atomics.wait) never let that task run, so every document's
 * fibers stayed reachable: about 140 KB per payslip (production React), 350 KB (development).
 * One turn of the event loop after each draw lets React drop the finished root.
 */
function reactSchedulerTurn() {
  return new Promise<void>((resolve) => setImmediate(resolve));
}
