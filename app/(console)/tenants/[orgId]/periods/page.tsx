import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Cell, HeaderCell, RowHeader, Table, TableBody, TableHead } from "@/components/ui/table";
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
            <Table caption={t("list.caption")}>
              <TableHead>
                <tr>
                  <HeaderCell>{t("list.period")}</HeaderCell>
                  <HeaderCell>{t("list.status")}</HeaderCell>
                  <HeaderCell numeric>{t("list.employees")}</HeaderCell>
                  <HeaderCell numeric>{t("list.gross")}</HeaderCell>
                  <HeaderCell numeric>{t("list.net")}</HeaderCell>
                  <HeaderCell numeric>{t("list.employerCost")}</HeaderCell>
                  <HeaderCell>{t("list.closed")}</HeaderCell>
                </tr>
              </TableHead>
              <TableBody>
                {periods.map((p) => {
                  const month = format.month(p.periodStart);
                  return (
                    <tr key={p.id} data-testid="period-row" data-period-id={p.id} data-status={p.status}>
                      <RowHeader className="whitespace-nowrap font-medium">
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
                      </RowHeader>
                      <Cell>
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
                      </Cell>
                      <Cell numeric className="tabular-nums">
                        {p.employees}
                      </Cell>
                      <Cell numeric className="tabular-nums">
                        {format.amount(p.rappen.gross)}
                      </Cell>
                      <Cell numeric className="tabular-nums">
                        {format.amount(p.rappen.net)}
                      </Cell>
                      <Cell numeric className="tabular-nums">
                        {format.amount(p.rappen.employerCost)}
                      </Cell>
                      <Cell className="whitespace-nowrap text-slate-600">
                        {p.closedAt ? format.instant(p.closedAt) : "—"}
                      </Cell>
                    </tr>
                  );
                })}
              </TableBody>
            </Table>
          </div>
        )}
      </Card>
    </>
  );
}
