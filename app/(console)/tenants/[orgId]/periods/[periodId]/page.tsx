import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { formatDate } from "@/components/payrolls/labels";
import { tenantPayroll } from "@/components/payrolls/tenant-payroll";
import {
  CATEGORY_LABEL,
  DOCUMENT_CATEGORIES,
  PERSONAL_CATEGORIES,
  contentTypeLabel,
  documentHref,
  formatInstant,
  isDocumentCategory,
  monthLabel,
  type DocumentCategory,
} from "@/components/periods/labels";
import { employeeNames, periodOrNull } from "@/components/periods/load";
import { PeriodStatusBadge } from "@/components/periods/period-status-badge";
import { Alert } from "@/components/ui/alert";
import { Card, PageHeader } from "@/components/ui/card";
import { consoleCan, requireConsoleTenant } from "@/server/auth/console-session";
import { listDocuments } from "@/server/documents/read-documents";

export const metadata: Metadata = { title: "Documents" };

const filterClass = (active: boolean) =>
  `inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium ${active ? "border-slate-900 bg-slate-900 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"}`;

/** The documents browser of one period: grouped by category, filtered by ?category=. */
export default async function PeriodDocumentsPage({
  params,
  searchParams,
}: {
  params: Promise<{ orgId: string; periodId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { orgId, periodId } = await params;
  const ctx = await requireConsoleTenant(orgId);
  if (!consoleCan(ctx, "payroll.read") || !consoleCan(ctx, "document.read")) notFound();
  const found = await tenantPayroll(ctx);
  if (!found) redirect(`/tenants/${orgId}/onboarding`);
  const { payroll } = found;
  const period = await periodOrNull(ctx, payroll.id, periodId);
  if (!period) notFound();
  const asked = (await searchParams).category;
  const categoryParam = typeof asked === "string" ? asked : undefined;
  const category: DocumentCategory | null = isDocumentCategory(categoryParam) ? categoryParam : null;

  const [{ items }, names] = await Promise.all([listDocuments({ ctx, payrollId: payroll.id, payrunPeriodId: period.id, input: {} }), employeeNames(ctx)]);
  const counts = new Map<DocumentCategory, number>();
  for (const doc of items) counts.set(doc.category, (counts.get(doc.category) ?? 0) + 1);
  const shown = DOCUMENT_CATEGORIES.filter((c) => (category ? c === category : (counts.get(c) ?? 0) > 0));
  const month = monthLabel(period.periodStart);
  const base = `/tenants/${orgId}/periods/${period.id}`;

  return (
    <>
      <p className="mb-2 text-sm">
        <Link href={`/tenants/${orgId}/periods`} className="text-sky-800 underline underline-offset-2">
          ← All periods
        </Link>
      </p>
      <PageHeader
        title={`Documents of ${month}`}
        description={`${formatDate(period.periodStart)} to ${formatDate(period.periodEnd)}${period.closedAt ? `, closed ${formatInstant(period.closedAt)}` : ""}${period.finalizedAt ? `, finalized ${formatInstant(period.finalizedAt)}` : ""}.`}
        actions={<PeriodStatusBadge period={period} />}
      />
      <div className="space-y-6">
        {period.status === "open" ? (
          <Alert tone="info" title="Previews">
            The period is open: these documents are drawn from the current results and change with every case change. They become final when the period closes.
          </Alert>
        ) : null}
        {period.elmError ? (
          <Alert tone="error" title="ELM error">
            {period.elmError}
          </Alert>
        ) : null}
        <nav aria-label="Filter by category" className="flex flex-wrap gap-2">
          <Link href={base} className={filterClass(category === null)} aria-current={category === null ? "page" : undefined}>
            All <span className="tabular-nums opacity-75">{items.length}</span>
          </Link>
          {DOCUMENT_CATEGORIES.filter((c) => (counts.get(c) ?? 0) > 0 || c === category).map((c) => (
            <Link key={c} href={`${base}?category=${c}`} className={filterClass(category === c)} aria-current={category === c ? "page" : undefined}>
              {CATEGORY_LABEL[c]} <span className="tabular-nums opacity-75">{counts.get(c) ?? 0}</span>
            </Link>
          ))}
        </nav>
        {categoryParam && !category ? <Alert tone="warning">The category “{categoryParam}” does not exist; all documents are shown.</Alert> : null}
        {items.length === 0 ? <Alert tone="info">This period has no documents.</Alert> : null}
        {shown.map((c) => {
          const docs = items.filter((d) => d.category === c);
          const personal = PERSONAL_CATEGORIES.has(c);
          return (
            <Card key={c} title={CATEGORY_LABEL[c]} description={`${docs.length} ${docs.length === 1 ? "document" : "documents"}`}>
              {docs.length === 0 ? (
                <p className="text-sm text-slate-600">No documents in this category.</p>
              ) : (
                <div className="overflow-x-auto">
                  <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="document-group" data-category={c}>
                    <caption className="sr-only">{CATEGORY_LABEL[c]}</caption>
                    <thead className="text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                      <tr>
                        {personal ? <th scope="col" className="px-3 py-2">Employee</th> : null}
                        <th scope="col" className="px-3 py-2">Document</th>
                        <th scope="col" className="px-3 py-2">Type</th>
                        <th scope="col" className="px-3 py-2">State</th>
                        <th scope="col" className="px-3 py-2">Created</th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100">
                      {docs.map((doc) => (
                        <tr key={doc.id} data-testid="document-row" data-document-id={doc.id} data-final={doc.final}>
                          {personal ? <td className="px-3 py-2 text-slate-900">{doc.employeeId ? (names[doc.employeeId] ?? "—") : "—"}</td> : null}
                          <td className="px-3 py-2">
                            <a href={documentHref(orgId, payroll.id, period.id, doc.id)} target="_blank" rel="noopener" className="font-medium text-sky-800 underline underline-offset-2">
                              {doc.name}
                            </a>
                          </td>
                          <td className="px-3 py-2 text-slate-700" title={doc.contentType}>
                            {contentTypeLabel(doc.contentType)}
                          </td>
                          <td className="px-3 py-2">
                            <span
                              className={`inline-flex rounded-full border px-2 py-0.5 text-xs font-medium ${doc.final ? "border-emerald-300 bg-emerald-50 text-emerald-800" : "border-amber-300 bg-amber-50 text-amber-800"}`}
                            >
                              {doc.final ? "Final" : "Preview"}
                            </span>
                          </td>
                          <td className="whitespace-nowrap px-3 py-2 text-slate-600">{formatInstant(doc.createdAt, "short")}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </Card>
          );
        })}
      </div>
    </>
  );
}
