import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { getFormat } from "@/components/format/server";
import { isPortalCase, portalRecord } from "@/components/self-service/load";
import { Alert } from "@/components/ui/alert";
import { requirePortalTenant } from "@/server/auth/console-session";
import { employeeMissingData } from "@/server/cases/missing-data";
import { employeeDocuments } from "@/server/documents/read-documents";
import { employeePayouts } from "@/server/payouts/employee-payouts";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("portal.documents");
  return { title: t("title") };
}

/**
 * Documents first: the person's payslips and salary certificates of every period, newest first, each
 * a download; the open period's payslip marked as a preview; then their payouts as the payslips show them.
 */
export default async function PortalDocumentsPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const ctx = await requirePortalTenant(orgId);
  const { employee, payroll } = await portalRecord(ctx);
  const [t, format] = await Promise.all([getTranslations("portal.documents"), getFormat()]);
  if (!payroll) return <Alert tone="info">{t("noPayroll")}</Alert>;
  const [documents, payouts, missing] = await Promise.all([
    employeeDocuments({ ctx, payrollId: payroll.id, employeeId: employee.id }),
    employeePayouts({ ctx, payrollId: payroll.id, employeeId: employee.id }),
    employeeMissingData({ ctx, payrollId: payroll.id, employeeId: employee.id }),
  ]);
  const missingCount = missing.items
    .filter((item) => isPortalCase(item.caseName))
    .reduce((sum, item) => sum + item.fields.length, 0);
  const title = (doc: (typeof documents.items)[number]) =>
    doc.category === "SalaryCertificate"
      ? t("salaryCertificate", { year: doc.periodStart.slice(0, 4) })
      : t("payslip", { month: format.month(doc.periodStart) });

  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight text-slate-900">{t("title")}</h1>
      {missingCount ? (
        <Alert tone="warning" title={t("missingTitle", { count: missingCount })}>
          <Link
            href={`/self-service/${orgId}/data`}
            className="inline-flex min-h-11 items-center font-medium underline"
          >
            {t("missingLink")}
          </Link>
        </Alert>
      ) : null}
      <section aria-labelledby="portal-documents" className="space-y-2">
        <h2 id="portal-documents" className="text-base font-semibold text-slate-900">
          {t("listTitle")}
        </h2>
        {documents.items.length ? (
          <ul className="space-y-2" aria-label={t("listTitle")}>
            {documents.items.map((doc) => (
              <li key={doc.id}>
                <a
                  href={`/api/tenants/${orgId}/payrolls/${payroll.id}/payrunperiods/${doc.payrunPeriodId}/documents/${doc.id}`}
                  target="_blank"
                  rel="noreferrer"
                  className="flex min-h-14 items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-2 shadow-xs hover:border-slate-400"
                >
                  <span className="min-w-0">
                    <span className="block font-medium text-slate-900">{title(doc)}</span>
                    <span className="block text-xs text-slate-500">{doc.final ? t("final") : t("previewNote")}</span>
                  </span>
                  {doc.final ? (
                    <span className="shrink-0 text-sm font-medium text-sky-800">{t("download")}</span>
                  ) : (
                    <span className="shrink-0 rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                      {t("preview")}
                    </span>
                  )}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t("none")}</p>
        )}
      </section>
      <section aria-labelledby="portal-payouts" className="space-y-2">
        <h2 id="portal-payouts" className="text-base font-semibold text-slate-900">
          {t("payoutsTitle")}
        </h2>
        <p className="text-sm text-slate-600">{t("payoutsDescription")}</p>
        {payouts.items.length ? (
          <ul
            className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
            aria-label={t("payoutsTitle")}
          >
            {payouts.items.map((payout) => (
              <li key={payout.id} className="flex items-start justify-between gap-3 px-4 py-3 text-sm">
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">{format.date(payout.executionDate)}</span>
                  <span className="block break-all text-xs text-slate-500">
                    {t("payoutPeriod", { month: format.month(payout.periodStart) })} · {payout.iban ?? t("paidOutside")}
                  </span>
                </span>
                <span className="shrink-0 font-medium tabular-nums text-slate-900">{format.chf(payout.amount)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t("noPayouts")}</p>
        )}
      </section>
    </>
  );
}
