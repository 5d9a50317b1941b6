import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { Zip, ZipPassThrough } from "fflate";
import type { TenantCtx } from "../context";
import { documents, payrolls, payrunPeriods, payslipArchives } from "../db/schema";
import { inTenant, inTenantOf } from "../db/tenant-scope";
import { NotFound } from "../errors";
import { enqueueJob, registerSystemJobHandler } from "../jobs/queue";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import { findPayrunPeriod } from "../periods/list-periods";
import { storedRegulations } from "../regulations/store";
import { buildDocuments, type StoredModel } from "./build";
import { previewPlan } from "./period-documents";
import { drawInPool, pdfThreads } from "./pdf/pool";

/**
 * Every payslip of a period in one ZIP, for HR: asked for with a POST (one transaction: the
 * archive row and its job), built in the background and kept as a PayslipArchive document of the
 * period, downloaded through the document endpoint. An open period's archive holds the previews of
 * the results at the time it is built; a closed period's the final payslips.
 *
 * The job is a system job (no transaction around it): the models are read in one short
 * transaction, the PDFs drawn in the worker pool outside any transaction, the progress written in
 * short transactions of its own (so that a poll sees it), and the document stored at the end.
 */
export const PAYSLIP_ARCHIVE = "documents.payslip-archive";

/** Archives are listed after the period's other documents (ELM files sit at 100,000). */
export const ARCHIVE_POSITION = 200_000;
export const ZIP = "application/zip";

type Payload = { tenantId: string; archiveId: string };
type ArchiveRow = typeof payslipArchives.$inferSelect;

export function archiveStatus(row: ArchiveRow) {
  return {
    id: row.id,
    status: row.status,
    done: row.done,
    total: row.total,
    documentId: row.documentId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function requestPayslipArchive({
  ctx,
  payrollId,
  payrunPeriodId,
}: {
  ctx: TenantCtx;
  payrollId: string;
  payrunPeriodId: string;
}) {
  return inTenant(ctx, async (scope) => {
    await findVisiblePayroll(scope, ctx, payrollId);
    const period = await findPayrunPeriod(scope, payrollId, payrunPeriodId);
    const row = await scope.insert(payslipArchives, { id: randomUUID(), payrollId, payrunPeriodId: period.id });
    await enqueueJob(scope, PAYSLIP_ARCHIVE, { tenantId: ctx.tenantId, archiveId: row.id } satisfies Payload);
    return { archive: archiveStatus(row), payrunPeriodId: period.id };
  });
}

export async function getPayslipArchive({
  ctx,
  payrollId,
  payrunPeriodId,
  archiveId,
}: {
  ctx: TenantCtx;
  payrollId: string;
  payrunPeriodId: string;
  archiveId: string;
}) {
  return inTenant(ctx, async (scope) => {
    await findVisiblePayroll(scope, ctx, payrollId);
    const period = await findPayrunPeriod(scope, payrollId, payrunPeriodId);
    const row = await scope.first(
      payslipArchives,
      and(eq(payslipArchives.payrunPeriodId, period.id), eq(payslipArchives.id, archiveId)),
    );
    if (!row) throw new NotFound("payslip_archive");
    return archiveStatus(row);
  });
}

/** The payslips' names and models: the kept final payslips of a closed period, previews of an open one. */
async function payslipsOf(tenantId: string, archive: ArchiveRow) {
  const regulations = await storedRegulations();
  return inTenantOf(tenantId, async (scope) => {
    const period = await scope.first(payrunPeriods, eq(payrunPeriods.id, archive.payrunPeriodId));
    const payroll = await scope.first(payrolls, eq(payrolls.id, archive.payrollId));
    if (!period || !payroll)
      throw Object.assign(new Error("The period of this archive no longer exists."), { permanent: true });
    let payslips: { name: string; model: StoredModel }[];
    if (period.status === "open") {
      const planned = (await previewPlan(scope, period)).planned.filter((doc) => doc.category === "Payslip");
      const built = await buildDocuments(scope, regulations, payroll, period, planned, false);
      payslips = planned.map((doc) => ({ name: doc.name, model: built.get(doc.id)!.model! }));
    } else {
      const kept = await scope.rows(
        documents,
        and(eq(documents.payrunPeriodId, period.id), eq(documents.category, "Payslip")),
        { orderBy: [asc(documents.position), asc(documents.name)] },
      );
      payslips = kept.map((doc) => ({ name: doc.name, model: doc.model as StoredModel }));
    }
    await scope.update(
      payslipArchives,
      { status: "running", total: payslips.length, done: 0, updatedAt: new Date() },
      eq(payslipArchives.id, archive.id),
    );
    return { period, payslips };
  });
}

/**
 * The ZIP, written as the PDFs come: each entry stored, not compressed again (a PDF's streams are
 * already deflated), so the archive costs no more than copying the bytes. The PDFs are drawn in
 * the pool a few at a time and added in payslip order.
 */
async function zipPayslips(
  payslips: { name: string; model: StoredModel }[],
  progress: (done: number) => Promise<void>,
) {
  const chunks: Uint8Array[] = [];
  let failure = null as Error | null;
  const zip = new Zip((error, chunk) => (error ? (failure = error) : chunks.push(chunk)));
  const ahead = Math.max(2, pdfThreads() * 2);
  const pending: Promise<Buffer>[] = [];
  let lastReport = 0;
  for (let i = 0; i < payslips.length; i++) {
    while (pending.length < ahead && i + pending.length < payslips.length)
      pending.push(drawInPool(payslips[i + pending.length]!.model));
    const pdf = await pending.shift()!;
    const entry = new ZipPassThrough(payslips[i]!.name);
    zip.add(entry);
    entry.push(pdf, true);
    if (i + 1 === payslips.length || Date.now() - lastReport > 500) {
      lastReport = Date.now();
      await progress(i + 1);
    }
  }
  zip.end();
  if (failure) throw failure;
  return Buffer.concat(chunks);
}

registerSystemJobHandler(
  PAYSLIP_ARCHIVE,
  async (raw) => {
    const { tenantId, archiveId } = raw as Payload;
    const archive = await inTenantOf(tenantId, (scope) =>
      scope.first(payslipArchives, eq(payslipArchives.id, archiveId)),
    );
    if (!archive || archive.status === "done") return;
    try {
      const { period, payslips } = await payslipsOf(tenantId, archive);
      const bytes = await zipPayslips(payslips, (done) =>
        inTenantOf(
          tenantId,
          async (scope) =>
            void (await scope.update(
              payslipArchives,
              { done, updatedAt: new Date() },
              eq(payslipArchives.id, archiveId),
            )),
        ),
      );
      await inTenantOf(tenantId, async (scope) => {
        const documentId = randomUUID();
        await scope.insert(documents, {
          id: documentId,
          payrollId: archive.payrollId,
          payrunPeriodId: period.id,
          employeeId: null,
          category: "PayslipArchive",
          name: `payslips-${period.periodStart.slice(0, 7)}-${archiveId.slice(0, 8)}.zip`,
          contentType: ZIP,
          final: period.status !== "open",
          model: null,
          content: bytes,
          position: ARCHIVE_POSITION,
        });
        await scope.update(
          payslipArchives,
          { status: "done", done: payslips.length, documentId, updatedAt: new Date() },
          eq(payslipArchives.id, archiveId),
        );
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await inTenantOf(tenantId, (scope) =>
        scope.update(
          payslipArchives,
          { status: "failed", error: message, updatedAt: new Date() },
          eq(payslipArchives.id, archiveId),
        ),
      );
      throw Object.assign(error instanceof Error ? error : new Error(message), { permanent: true });
    }
  },
  { concurrency: 1, retryLimit: 0, expireInSeconds: 30 * 60 },
);
