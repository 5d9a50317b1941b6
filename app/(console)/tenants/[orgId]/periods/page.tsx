import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { consolePage } from "@/components/console/page";
import { getFormat } from "@/components/format/server";
import { PeriodStatusBadge } from "@/components/periods/period-status-badge";
import { Alert } from "@/components/ui/alert";
import { Card, PageHeader } from "@/components/ui/card";
import { consoleCan } from "@/server/auth/console-session";
import { periodTotals } from "@/server/periods/period-totals";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("periods"))("list.title") };
}

export default async function PeriodsPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { ctx, orgId, payroll } = await consolePage(params, { permission: "payroll.read", needsPayroll: true });
  // Newest first: the open period, then the ones closed before it.
  const periods = (await periodTotals({ ctx, payrollId: payroll.id })).reverse();
  const canReadDocuments = consoleCan(ctx, "document.read");
  const canClose = consoleCan(ctx, "period.close");
  const [t, format] = await Promise.all([getTranslations("periods"), getFormat()]);

  return (
    <>
      <PageHeader
        title={t("list.title")}
        description={t(canReadDocuments ? "list.descriptionDocuments" : "list.description", { payroll: payroll.name })}
      />
      <Card title={t("list.card")} description={t("list.cardDescription")}>
        {periods.length === 0 ? (
          <Alert tone="info">{t("list.none")}</Alert>
        ) : (
          <div className="overflow-x-auto">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <caption className="sr-only">{t("list.caption")}</caption>
              <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t("list.period")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("list.status")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t("list.employees")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t("list.gross")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t("list.net")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t("list.employerCost")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("list.closed")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {periods.map((p) => {
                  const month = format.month(p.periodStart);
                  return (
                    <tr key={p.id} data-testid="period-row" data-period-id={p.id} data-status={p.status}>
                      <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-medium">
                        {canReadDocuments ? (
                          <Link
                            href={`/tenants/${orgId}/periods/${p.id}`}
                            className="text-sky-800 underline underline-offset-2"
                          >
                            {month}
                          </Link>
                        ) : (
                          month
                        )}
                        <span className="block text-xs font-normal text-slate-500">
                          {t("list.range", { from: format.date(p.periodStart), to: format.date(p.periodEnd) })}
                        </span>
                      </th>
                      <td className="px-3 py-2">
                        <PeriodStatusBadge period={p} />
                        {p.elmError ? (
                          <span className="mt-1 block max-w-xs text-xs text-red-800">{p.elmError}</span>
                        ) : null}
                        {p.status === "open" && canClose ? (
                          <Link
                            href={`/tenants/${orgId}/close`}
                            className="mt-1 block text-xs font-medium text-sky-800 underline underline-offset-2"
                          >
                            {t("list.close")}
                          </Link>
                        ) : null}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">{p.employees}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{format.amount(p.rappen.gross)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{format.amount(p.rappen.net)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{format.amount(p.rappen.employerCost)}</td>
                      <td className="whitespace-nowrap px-3 py-2 text-slate-600">
                        {p.closedAt ? format.instant(p.closedAt) : "—"}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </>
  );
}
