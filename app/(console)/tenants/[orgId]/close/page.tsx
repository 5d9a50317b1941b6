import type { Metadata } from "next";
import type { ReactNode } from "react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { type SearchParams, consolePage, singleParam } from "@/components/console/page";
import { getFormat } from "@/components/format/server";
import { CheckItem } from "@/components/periods/checklist";
import { ClosePeriodButton } from "@/components/periods/close-period-button";
import { ClosedPeriodStatus } from "@/components/periods/closed-period-status";
import { contentTypeLabel, documentHref, isLivePeriod } from "@/components/periods/labels";
import { employeeNames, periodOrNull } from "@/components/periods/load";
import { TotalsChart } from "@/components/periods/totals-chart";
import { toRappen } from "@/components/results/labels";
import { openPeriodOf, payrollVocabulary } from "@/components/results/load";
import { addMonths } from "@/server/dates";
import { Alert } from "@/components/ui/alert";
import { Card, PageHeader } from "@/components/ui/card";
import { consoleCan } from "@/server/auth/console-session";
import { listDocuments } from "@/server/documents/read-documents";
import { periodTotals } from "@/server/periods/period-totals";
import { isNotInPayroll } from "@/server/results/control-codes";
import { controlling } from "@/server/results/read-entries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("periods"))("close.title") };
}

/** How many periods the chart compares: the open one and the eleven before it. */
const CHART_PERIODS = 12;
const PAYSLIP_PREVIEWS = 3;

const linkClass = "font-medium text-sky-800 underline underline-offset-2";

export default async function ClosePeriodPage({
  params,
  searchParams,
}: {
  params: Promise<{ orgId: string }>;
  searchParams: SearchParams;
}) {
  const { ctx, orgId, payroll } = await consolePage(params, { permission: "payroll.read", needsPayroll: true });
  const canClose = consoleCan(ctx, "period.close");
  const canReadDocuments = consoleCan(ctx, "document.read");
  const closedId = singleParam((await searchParams).closed) ?? null;

  const [period, totals, names, t, format] = await Promise.all([
    openPeriodOf(ctx, payroll.id),
    periodTotals({ ctx, payrollId: payroll.id }),
    employeeNames(ctx),
    getTranslations("periods"),
    getFormat(),
  ]);
  const figure = (testId?: string) =>
    function Figure(chunks: ReactNode) {
      return (
        <span data-testid={testId} className="font-semibold tabular-nums">
          {chunks}
        </span>
      );
    };

  // The period just closed here (?closed=), or the latest one while ELM still works on it.
  const lastClosed = totals.filter((p) => p.status !== "open").at(-1) ?? null;
  const asked = closedId ? await periodOrNull(ctx, payroll.id, closedId) : null;
  const justClosed =
    asked && asked.status !== "open"
      ? asked
      : !closedId &&
          lastClosed &&
          lastClosed.status !== "finalized" &&
          isLivePeriod(payroll.transmissionStartDate, lastClosed.periodStart)
        ? lastClosed
        : null;
  const statusCard = justClosed ? (
    <Card
      title={t("close.isClosed", { month: format.month(justClosed.periodStart) })}
      description={t("close.isClosedDescription")}
    >
      <ClosedPeriodStatus
        orgId={orgId}
        payrollId={payroll.id}
        initial={{
          id: justClosed.id,
          periodStart: justClosed.periodStart,
          periodEnd: justClosed.periodEnd,
          status: justClosed.status,
          closedAt: justClosed.closedAt,
          submittedToElm: justClosed.submittedToElm,
          transmittedAt: justClosed.transmittedAt,
          finalizedAt: justClosed.finalizedAt,
          elmError: justClosed.elmError,
        }}
        month={format.month(justClosed.periodStart)}
        live={isLivePeriod(payroll.transmissionStartDate, justClosed.periodStart)}
        canReadDocuments={canReadDocuments}
        employeeNames={names}
      />
    </Card>
  ) : null;

  if (!period) {
    return (
      <>
        <PageHeader title={t("close.title")} />
        <div className="space-y-6">
          {statusCard}
          <Alert tone="info">{t("close.noOpenPeriod")}</Alert>
        </div>
      </>
    );
  }

  const [control, documents, vocabulary] = await Promise.all([
    controlling({ ctx, payrollId: payroll.id, payrunPeriodId: period.id }),
    canReadDocuments
      ? listDocuments({ ctx, payrollId: payroll.id, payrunPeriodId: period.id, input: {} })
      : Promise.resolve(null),
    payrollVocabulary(ctx, payroll.id, period.periodStart),
  ]);
  const month = format.month(period.periodStart);
  const live = isLivePeriod(payroll.transmissionStartDate, period.periodStart);
  const inPayroll = control.items.filter((i) => !isNotInPayroll(i));
  const notInPayroll = control.items.filter(isNotInPayroll);
  const blocked = inPayroll.filter((i) => i.state === "Blocked").length;
  const unpaid = control.items.filter((i) => toRappen(i.openAmount) > 0);
  const unpaidTotal = unpaid.reduce((sum, i) => sum + toRappen(i.openAmount), 0);
  const nextMonth = format.month(addMonths(period.periodStart, 1));
  const ready = inPayroll.length - blocked;
  const docs = documents?.items ?? [];
  const payslips = docs.filter((d) => d.category === "Payslip");
  const salaryCertificates = docs.filter((d) => d.category === "SalaryCertificate").length;
  const accounting = docs.filter((d) => d.category === "AccountingDocument");
  const browserHref = `/tenants/${orgId}/periods/${period.id}`;
  const blockedReason = !canClose
    ? t("close.mayNotClose")
    : control.blockingCount > 0
      ? t("close.blockingFirst", { count: control.blockingCount })
      : null;
  const chart = totals.slice(-CHART_PERIODS);

  return (
    <>
      <PageHeader
        title={t("close.title")}
        description={t("close.description", {
          month,
          from: format.date(period.periodStart),
          to: format.date(period.periodEnd),
        })}
      />
      <div className="space-y-6">
        {statusCard}
        <Card title={t("close.checklistFor", { month })} description={t("close.checklistDescription")}>
          <ul className="divide-y divide-slate-100" aria-label={t("close.checklist")}>
            <CheckItem id="control" state={control.blockingCount > 0 ? "blocked" : "ok"} title={t("close.control")}>
              <p>
                {t.rich("close.blockingItems", { count: control.blockingCount, n: figure("checklist-blocking") })}{" "}
                <Link href={`/tenants/${orgId}/payroll-control`} className={linkClass}>
                  {t("close.openControl")}
                </Link>
              </p>
            </CheckItem>
            <CheckItem
              id="employees"
              state={blocked > 0 ? "blocked" : inPayroll.length === 0 || notInPayroll.length > 0 ? "info" : "ok"}
              title={t("close.employees")}
            >
              {inPayroll.length === 0 ? (
                <p>{t("close.noEmployee")}</p>
              ) : (
                <p>
                  {t.rich("close.employeesState", {
                    inPayroll: inPayroll.length,
                    month,
                    ready,
                    blocked,
                    total: figure("employees-in-payroll"),
                    readyCount: figure("employees-ready"),
                    blockedCount: figure("employees-blocked"),
                  })}
                </p>
              )}
              {notInPayroll.length > 0 ? (
                <p data-testid="employees-not-in-payroll" data-count={notInPayroll.length}>
                  {t.rich("close.notInPayroll", { count: notInPayroll.length, n: figure() })}{" "}
                  {notInPayroll.map((row, index) => (
                    <span key={row.employeeId}>
                      {index > 0 ? ", " : ""}
                      <Link
                        href={`/tenants/${orgId}/employees/${row.employeeId}#case-Employment`}
                        className={linkClass}
                      >
                        {names[row.employeeId] ?? row.employeeId}
                      </Link>
                    </span>
                  ))}
                  .
                </p>
              ) : null}
            </CheckItem>
            <CheckItem id="payouts" state={unpaid.length > 0 ? "info" : "ok"} title={t("close.payouts")}>
              {unpaid.length === 0 ? (
                <p data-testid="checklist-unpaid" data-count={0}>
                  {t("close.allPaid", { month })}
                </p>
              ) : (
                <p data-testid="checklist-unpaid" data-count={unpaid.length}>
                  {t.rich("close.unpaid", {
                    count: unpaid.length,
                    amount: format.amount(unpaidTotal),
                    nextMonth,
                    n: figure(),
                    sum: figure(),
                  })}{" "}
                  {consoleCan(ctx, "payout.write") ? (
                    <Link href={`/tenants/${orgId}/payouts`} className={linkClass}>
                      {t("close.payNow")}
                    </Link>
                  ) : null}
                </p>
              )}
            </CheckItem>
            {canReadDocuments ? (
              <>
                <CheckItem id="payslips" state="info" title={t("close.payslips")}>
                  {payslips.length === 0 ? (
                    <p>{t("close.noPayslips")}</p>
                  ) : (
                    <>
                      <p>{t("close.payslipCount", { payslips: payslips.length, certificates: salaryCertificates })}</p>
                      <ul className="flex flex-wrap gap-x-4 gap-y-1">
                        {payslips.slice(0, PAYSLIP_PREVIEWS).map((doc) => (
                          <li key={doc.id}>
                            <a
                              href={documentHref(orgId, payroll.id, period.id, doc.id)}
                              target="_blank"
                              rel="noopener"
                              className={linkClass}
                            >
                              {doc.employeeId ? (names[doc.employeeId] ?? doc.name) : doc.name}
                            </a>
                          </li>
                        ))}
                      </ul>
                    </>
                  )}
                  <p>
                    <Link href={browserHref} className={linkClass}>
                      {t("close.allDocuments", { month })}
                    </Link>
                  </p>
                </CheckItem>
                <CheckItem id="accounting" state="info" title={t("close.accounting")}>
                  {accounting.length ? (
                    <p className="flex flex-wrap gap-x-4">
                      {accounting.map((doc) => (
                        <a
                          key={doc.id}
                          href={documentHref(orgId, payroll.id, period.id, doc.id)}
                          target="_blank"
                          rel="noopener"
                          className={linkClass}
                        >
                          {contentTypeLabel(doc.contentType)} ({doc.name})
                        </a>
                      ))}
                    </p>
                  ) : (
                    <p>{t("close.noAccounting")}</p>
                  )}
                </CheckItem>
              </>
            ) : null}
            <CheckItem id="elm" state="info" title={live ? t("close.liveTitle") : t("close.notLiveTitle")}>
              <p data-testid="checklist-live" data-live={live}>
                {payroll.transmissionStartDate === null
                  ? consoleCan(ctx, "payroll.update")
                    ? t.rich("close.noTransmissionStart", {
                        link: (chunks) => (
                          <Link href={`/tenants/${orgId}/settings`} className={linkClass}>
                            {chunks}
                          </Link>
                        ),
                      })
                    : t("close.noTransmissionStartByAdmin")
                  : live
                    ? t("close.transmittedSince", { date: format.date(payroll.transmissionStartDate), month })
                    : t("close.transmissionStarts", { date: format.date(payroll.transmissionStartDate), month })}
              </p>
            </CheckItem>
          </ul>
        </Card>
        <Card title={t("close.totals")} description={t("close.totalsDescription")}>
          <TotalsChart
            periods={chart}
            caption={t("close.chartCaption", {
              from: format.month(chart[0]?.periodStart ?? period.periodStart),
              to: month,
            })}
          />
        </Card>
        <Card title={t("close.closeMonth", { month })} description={t("close.closeDescription")}>
          <ClosePeriodButton
            key={period.id}
            orgId={orgId}
            payrollId={payroll.id}
            periodId={period.id}
            month={month}
            live={live}
            payslips={canReadDocuments ? payslips.length : inPayroll.length}
            salaryCertificates={salaryCertificates}
            blockedReason={blockedReason}
            employeeNames={names}
            words={Object.fromEntries(vocabulary.words)}
            open={{ count: unpaid.length, total: format.amount(unpaidTotal) }}
            nextMonth={nextMonth}
          />
        </Card>
      </div>
    </>
  );
}
