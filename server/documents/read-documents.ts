import "server-only";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { documents, payrunPeriods } from "../db/schema";
import { inTenant } from "../db/tenant-scope";
import { NotFound } from "../errors";
import { pageAfterId, type PageQuery } from "../http/pagination";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import { findPayrunPeriod } from "../periods/list-periods";
import { storedRegulations } from "../regulations/store";
import { buildDocuments, renderModel, type StoredModel } from "./build";
import {
  periodDocuments,
  previewPlan,
  STORED_WHILE_OPEN,
  visibleDocument,
  type DocumentMeta,
} from "./period-documents";
import type { DocumentCategory } from "../db/schema";

/**
 * The period's documents in their own order (periodDocuments): one page, or every document without
 * a page (the console's screens).
 */
export async function listDocuments({
  ctx,
  payrollId,
  payrunPeriodId,
  input,
  page,
}: {
  ctx: TenantCtx;
  payrollId: string;
  payrunPeriodId: string;
  input: { employeeId?: string; category?: DocumentCategory };
  page?: PageQuery;
}) {
  return inTenant(ctx, async (scope) => {
    await findVisiblePayroll(scope, ctx, payrollId);
    const period = await findPayrunPeriod(scope, payrollId, payrunPeriodId);
    const items = (await periodDocuments(scope, period, input.employeeId)).filter(
      (doc) =>
        visibleDocument(ctx, doc) &&
        (!input.employeeId || doc.employeeId === input.employeeId) &&
        (!input.category || doc.category === input.category),
    );
    return pageAfterId(items, page);
  });
}

/**
 * One document: its metadata, and its bytes unless only the metadata is asked for. A preview is
 * built from the current results; a final document from what close kept. PDFs are drawn after
 * the transaction, so no database work waits on rendering.
 */
export async function getDocument({
  ctx,
  payrollId,
  payrunPeriodId,
  documentId,
  metadataOnly,
}: {
  ctx: TenantCtx;
  payrollId: string;
  payrunPeriodId: string;
  documentId: string;
  metadataOnly: boolean;
}) {
  const regulations = await storedRegulations();
  const found = await inTenant(
    ctx,
    async (scope): Promise<{ meta: DocumentMeta; model: StoredModel | null; content: Buffer | null }> => {
      const payroll = await findVisiblePayroll(scope, ctx, payrollId);
      const period = await findPayrunPeriod(scope, payrollId, payrunPeriodId);
      if (
        period.status === "open" &&
        !(await scope.first(
          documents,
          and(
            eq(documents.payrunPeriodId, period.id),
            eq(documents.id, documentId),
            inArray(documents.category, [...STORED_WHILE_OPEN]),
          ),
        ))
      ) {
        const { planned, calculatedAt } = await previewPlan(scope, period);
        const doc = planned.find((d) => d.id === documentId);
        if (!doc || !visibleDocument(ctx, doc)) throw new NotFound("document");
        const meta = {
          id: doc.id,
          category: doc.category,
          employeeId: doc.employeeId,
          name: doc.name,
          contentType: doc.contentType,
          final: false,
          createdAt: calculatedAt.toISOString(),
        };
        if (metadataOnly) return { meta, model: null, content: null };
        const built = (await buildDocuments(scope, regulations, payroll, period, [doc], false)).get(doc.id)!;
        return { meta, ...built };
      }
      const row = await scope.first(
        documents,
        and(eq(documents.payrunPeriodId, period.id), eq(documents.id, documentId)),
      );
      if (!row || !visibleDocument(ctx, row)) throw new NotFound("document");
      const meta = {
        id: row.id,
        category: row.category,
        employeeId: row.employeeId,
        name: row.name,
        contentType: row.contentType,
        final: row.final,
        createdAt: row.createdAt.toISOString(),
      };
      return { meta, model: row.model as StoredModel | null, content: row.content };
    },
  );
  if (metadataOnly) return { meta: found.meta, bytes: null };
  const bytes = found.content ?? (await renderModel(found.model!));
  return { meta: found.meta, bytes };
}

/**
 * One employee's documents of every period, newest period first: their payslips and salary
 * certificates (what the employee sees in self service, and the payroll office on the record).
 * One query for every closed period's documents, and the open period's previews.
 */
export async function employeeDocuments({
  ctx,
  payrollId,
  employeeId,
}: {
  ctx: TenantCtx;
  payrollId: string;
  employeeId: string;
}) {
  return inTenant(ctx, async (scope) => {
    await findVisiblePayroll(scope, ctx, payrollId);
    const personal = (doc: Pick<DocumentMeta, "employeeId" | "category">) =>
      (doc.category === "Payslip" || doc.category === "SalaryCertificate") && visibleDocument(ctx, doc);
    const open = await scope.first(
      payrunPeriods,
      and(eq(payrunPeriods.payrollId, payrollId), eq(payrunPeriods.status, "open")),
    );
    const previews = open
      ? (await periodDocuments(scope, open, employeeId))
          .filter(personal)
          .map((doc) => ({ ...doc, payrunPeriodId: open.id, periodStart: open.periodStart }))
      : [];
    const kept = await scope
      .select({
        id: documents.id,
        category: documents.category,
        employeeId: documents.employeeId,
        name: documents.name,
        contentType: documents.contentType,
        final: documents.final,
        createdAt: documents.createdAt,
        payrunPeriodId: documents.payrunPeriodId,
        periodStart: payrunPeriods.periodStart,
      })
      .from(documents)
      .innerJoin(payrunPeriods, eq(payrunPeriods.id, documents.payrunPeriodId))
      .where(and(eq(documents.payrollId, payrollId), eq(documents.employeeId, employeeId)))
      .orderBy(desc(payrunPeriods.periodStart), asc(documents.position));
    const items = [
      ...previews,
      ...kept.filter(personal).map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    ];
    return { items };
  });
}
