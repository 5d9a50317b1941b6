import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { type SearchParams, consolePage, singleParam } from "@/components/console/page";
import { getFormat } from "@/components/format/server";
import {
  DOCUMENT_CATEGORIES,
  PERSONAL_CATEGORIES,
  contentTypeLabel,
  documentHref,
  isDocumentCategory,
  type DocumentCategory,
} from "@/components/periods/labels";
import { employeeNames, periodOrNull } from "@/components/periods/load";
import { PayslipArchiveButton } from "@/components/periods/payslip-archive-button";
import { PeriodStatusBadge } from "@/components/periods/period-status-badge";
import { Alert } from "@/components/ui/alert";
import { Card, PageHeader } from "@/components/ui/card";
import { BackLink, PillLink } from "@/components/ui/pill-link";
import { Cell, HeaderCell, Table, TableBody, TableHead, TableRow } from "@/components/ui/table";
import { listDocuments } from "@/server/documents/read-documents";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("periods"))("documents.metaTitle") };
}

/** The documents browser of one period: grouped by category, filtered by ?category=. */
export default async function PeriodDocumentsPage({
  params,
  searchParams,
}: {
  params: Promise<{ orgId: string; periodId: string }>;
  searchParams: SearchParams;
}) {
  const {
    ctx,
    orgId,
    payroll,
    params: { periodId },
  } = await consolePage(params, {
    permission: ["payroll.read", "document.read"],
    needsPayroll: true,
  });
  const period = await periodOrNull(ctx, payroll.id, periodId);
  if (!period) notFound();
  const categoryParam = singleParam((await searchParams).category);
  const category: DocumentCategory | null = isDocumentCategory(categoryParam) ? categoryParam : null;

  const [{ items }, names] = await Promise.all([
    listDocuments({ ctx, payrollId: payroll.id, payrunPeriodId: period.id, input: {} }),
    employeeNames(ctx),
  ]);
  const counts = new Map<DocumentCategory, number>();
  for (const doc of items) counts.set(doc.category, (counts.get(doc.category) ?? 0) + 1);
  const shown = DOCUMENT_CATEGORIES.filter((c) => (category ? c === category : (counts.get(c) ?? 0) > 0));
  const [t, format] = await Promise.all([getTranslations("periods"), getFormat()]);
  const categoryLabel = (c: DocumentCategory) => t(`categories.${c}`);
  const month = format.month(period.periodStart);
  const base = `/tenants/${orgId}/periods/${period.id}`;

  return (
    <>
      <BackLink href={`/tenants/${orgId}/periods`}>{t("documents.allPeriods")}</BackLink>
      <PageHeader
        title={t("documents.title", { month })}
        description={`${t("documents.range", { from: format.date(period.periodStart), to: format.date(period.periodEnd) })}${period.closedAt ? t("documents.closedAt", { instant: format.instant(period.closedAt) }) : ""}${period.finalizedAt ? t("documents.finalizedAt", { instant: format.instant(period.finalizedAt) }) : ""}.`}
        actions={<PeriodStatusBadge period={period} />}
      />
      <div className="space-y-6">
        {period.status === "open" ? (
          <Alert tone="info" title={t("documents.previewsTitle")}>
            {t("documents.previews")}
          </Alert>
        ) : null}
        {period.elmError ? (
          <Alert tone="error" title={t("documents.elmError")}>
            {period.elmError}
          </Alert>
        ) : null}
        {(counts.get("Payslip") ?? 0) > 0 ? (
          <PayslipArchiveButton orgId={orgId} payrollId={payroll.id} periodId={period.id} />
        ) : null}
        <nav aria-label={t("documents.filter")} className="flex flex-wrap gap-2">
          <PillLink href={base} current={category === null}>
            {t("documents.all")} <span className="tabular-nums opacity-75">{items.length}</span>
          </PillLink>
          {DOCUMENT_CATEGORIES.filter((c) => (counts.get(c) ?? 0) > 0 || c === category).map((c) => (
            <PillLink key={c} href={`${base}?category=${c}`} current={category === c}>
              {categoryLabel(c)} <span className="tabular-nums opacity-75">{counts.get(c) ?? 0}</span>
            </PillLink>
          ))}
        </nav>
        {categoryParam && !category ? (
          <Alert tone="warning">{t("documents.unknownCategory", { category: categoryParam })}</Alert>
        ) : null}
        {items.length === 0 ? <Alert tone="info">{t("documents.none")}</Alert> : null}
        {shown.map((c) => {
          const docs = items.filter((d) => d.category === c);
          const personal = PERSONAL_CATEGORIES.has(c);
          return (
            <Card key={c} title={categoryLabel(c)} description={t("documents.count", { count: docs.length })}>
              {docs.length === 0 ? (
                <p className="text-sm text-slate-600">{t("documents.noneInCategory")}</p>
              ) : (
                <div className="overflow-x-auto">
                  <Table caption={categoryLabel(c)} data-testid="document-group" data-category={c}>
                    <TableHead variant="plain">
                      <TableRow>
                        {personal ? <HeaderCell>{t("documents.employee")}</HeaderCell> : null}
                        <HeaderCell>{t("documents.document")}</HeaderCell>
                        <HeaderCell>{t("documents.type")}</HeaderCell>
                        <HeaderCell>{t("documents.state")}</HeaderCell>
                        <HeaderCell>{t("documents.created")}</HeaderCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {docs.map((doc) => (
                        <TableRow
                          key={doc.id}
                          data-testid="document-row"
                          data-document-id={doc.id}
                          data-final={doc.final}
                        >
                          {personal ? (
                            <Cell className="text-slate-900">
                              {doc.employeeId ? (names[doc.employeeId] ?? "—") : "—"}
                            </Cell>
                          ) : null}
                          <Cell>
                            <a
                              href={documentHref(orgId, payroll.id, period.id, doc.id)}
                              target="_blank"
                              rel="noopener"
                              className="font-medium text-sky-800 underline underline-offset-2"
                            >
                              {doc.name}
                            </a>
                          </Cell>
                          <Cell className="text-slate-700" title={doc.contentType}>
                            {contentTypeLabel(doc.contentType)}
                          </Cell>
                          <Cell>
                            <span
                              className={`inline-flex rounded-full border px-2 py-0.5 text-xs font-medium ${doc.final ? "border-emerald-300 bg-emerald-50 text-emerald-800" : "border-amber-300 bg-amber-50 text-amber-800"}`}
                            >
                              {doc.final ? t("documents.final") : t("documents.preview")}
                            </span>
                          </Cell>
                          <Cell className="whitespace-nowrap text-slate-600">{format.instant(doc.createdAt)}</Cell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
              )}
            </Card>
          );
        })}
      </div>
    </>
  );
}
