import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { formatDate } from "@/components/payrolls/labels";
import { tenantPayroll } from "@/components/payrolls/tenant-payroll";
import { CheckItem } from "@/components/periods/checklist";
import { ClosePeriodButton } from "@/components/periods/close-period-button";
import { ClosedPeriodStatus } from "@/components/periods/closed-period-status";
import { contentTypeLabel, documentHref, formatChf, isLivePeriod, monthLabel } from "@/components/periods/labels";
import { employeeNames, periodOrNull } from "@/components/periods/load";
import { TotalsChart } from "@/components/periods/totals-chart";
import { toRappen } from "@/components/results/labels";
import { openPeriodOf } from "@/components/results/load";
import { addMonths } from "@/server/dates";
import { Alert } from "@/components/ui/alert";
import { Card, PageHeader } from "@/components/ui/card";
import { consoleCan, requireConsoleTenant } from "@/server/auth/console-session";
import { listDocuments } from "@/server/documents/read-documents";
import { periodTotals } from "@/server/periods/period-totals";
import { isNotInPayroll } from "@/server/results/control-codes";
import { controlling } from "@/server/results/read-entries";

export const metadata: Metadata = { title: "Close period" };

/** How many periods the chart compares: the open one and the eleven before it. */
const CHART_PERIODS = 12;
const PAYSLIP_PREVIEWS = 3;

const linkClass = "font-medium text-sky-800 underline underline-offset-2";

export default async function ClosePeriodPage({ params, searchParams }: { params: Promise<{ orgId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { orgId } = await params;
  const ctx = await requireConsoleTenant(orgId);
  if (!consoleCan(ctx, "payroll.read")) notFound();
  const found = await tenantPayroll(ctx);
  if (!found) redirect(`/tenants/${orgId}/onboarding`);
  const { payroll } = found;
  const canClose = consoleCan(ctx, "period.close");
  const canReadDocuments = consoleCan(ctx, "document.read");
  const closedParam = (await searchParams).closed;
  const closedId = typeof closedParam === "string" ? closedParam : null;

  const [period, totals, names] = await Promise.all([openPeriodOf(ctx, payroll.id), periodTotals({ ctx, payrollId: payroll.id }), employeeNames(ctx)]);

  // The period just closed here (?closed=), or the latest one while ELM still works on it.
  const lastClosed = totals.filter((p) => p.status !== "open").at(-1) ?? null;
  const asked = closedId ? await periodOrNull(ctx, payroll.id, closedId) : null;
  const justClosed =
    asked && asked.status !== "open" ? asked : !closedId && lastClosed && lastClosed.status !== "finalized" && isLivePeriod(payroll.transmissionStartDate, lastClosed.periodStart) ? lastClosed : null;
  const statusCard = justClosed ? (
    <Card title={`${monthLabel(justClosed.periodStart)} is closed`} description="What happens to the period after close.">
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
          finalizedAt: justClosed.finalizedAt,
          elmError: justClosed.elmError,
        }}
        month={monthLabel(justClosed.periodStart)}
        live={isLivePeriod(payroll.transmissionStartDate, justClosed.periodStart)}
        canReadDocuments={canReadDocuments}
        employeeNames={names}
      />
    </Card>
  ) : null;

  if (!period) {
    return (
      <>
        <PageHeader title="Close period" />
        <div className="space-y-6">
          {statusCard}
          <Alert tone="info">There is no open payrun period.</Alert>
        </div>
      </>
    );
  }

  const [control, documents] = await Promise.all([
    controlling({ ctx, payrollId: payroll.id, payrunPeriodId: period.id }),
    canReadDocuments ? listDocuments({ ctx, payrollId: payroll.id, payrunPeriodId: period.id, input: {} }) : Promise.resolve(null),
  ]);
  const month = monthLabel(period.periodStart);
  const live = isLivePeriod(payroll.transmissionStartDate, period.periodStart);
  const inPayroll = control.items.filter((i) => !isNotInPayroll(i));
  const notInPayroll = control.items.filter(isNotInPayroll);
  const blocked = inPayroll.filter((i) => i.state === "Blocked").length;
  const unpaid = control.items.filter((i) => toRappen(i.openAmount) > 0);
  const unpaidTotal = unpaid.reduce((sum, i) => sum + toRappen(i.openAmount), 0);
  const nextMonth = monthLabel(addMonths(period.periodStart, 1));
  const ready = inPayroll.length - blocked;
  const docs = documents?.items ?? [];
  const payslips = docs.filter((d) => d.category === "Payslip");
  const salaryCertificates = docs.filter((d) => d.category === "SalaryCertificate").length;
  const accounting = docs.filter((d) => d.category === "AccountingDocument");
  const browserHref = `/tenants/${orgId}/periods/${period.id}`;
  const blockedReason = !canClose
    ? "Your role may not close periods."
    : control.blockingCount > 0
      ? `${control.blockingCount} blocking ${control.blockingCount === 1 ? "item" : "items"} in Payroll Control must be resolved first.`
      : null;
  const chart = totals.slice(-CHART_PERIODS);

  return (
    <>
      <PageHeader
        title="Close period"
        description={`The open period ${month} (${formatDate(period.periodStart)} to ${formatDate(period.periodEnd)}): check it, compare it with the periods before, and close it.`}
      />
      <div className="space-y-6">
        {statusCard}
        <Card title={`Checklist for ${month}`} description="Everything marked red keeps the period from closing.">
          <ul className="divide-y divide-slate-100" aria-label="Checklist">
            <CheckItem id="control" state={control.blockingCount > 0 ? "blocked" : "ok"} title="Payroll Control">
              <p>
                <span data-testid="checklist-blocking" className="font-semibold tabular-nums">
                  {control.blockingCount}
                </span>{" "}
                blocking {control.blockingCount === 1 ? "item" : "items"}.{" "}
                <Link href={`/tenants/${orgId}/payroll-control`} className={linkClass}>
                  Open Payroll Control
                </Link>
              </p>
            </CheckItem>
            <CheckItem id="employees" state={blocked > 0 ? "blocked" : inPayroll.length === 0 || notInPayroll.length > 0 ? "info" : "ok"} title="Employees">
              {inPayroll.length === 0 ? (
                <p>No employee is employed in this period: closing makes no payslips.</p>
              ) : (
                <p>
                  <span data-testid="employees-in-payroll" className="font-semibold tabular-nums">
                    {inPayroll.length}
                  </span>{" "}
                  in payroll in {month}:{" "}
                  <span data-testid="employees-ready" className="font-semibold tabular-nums">
                    {ready}
                  </span>{" "}
                  ready,{" "}
                  <span data-testid="employees-blocked" className="font-semibold tabular-nums">
                    {blocked}
                  </span>{" "}
                  blocked.
                </p>
              )}
              {notInPayroll.length > 0 ? (
                <p data-testid="employees-not-in-payroll" data-count={notInPayroll.length}>
                  <span className="font-semibold tabular-nums">{notInPayroll.length}</span> not in payroll yet (no payslip at close):{" "}
                  {notInPayroll.map((row, index) => (
                    <span key={row.employeeId}>
                      {index > 0 ? ", " : ""}
                      <Link href={`/tenants/${orgId}/employees/${row.employeeId}#case-Employment`} className={linkClass}>
                        {names[row.employeeId] ?? row.employeeId}
                      </Link>
                    </span>
                  ))}
                  .
                </p>
              ) : null}
            </CheckItem>
            <CheckItem id="payouts" state={unpaid.length > 0 ? "info" : "ok"} title="Payouts">
              {unpaid.length === 0 ? (
                <p data-testid="checklist-unpaid" data-count={0}>
                  Everything due in {month} is paid out.
                </p>
              ) : (
                <p data-testid="checklist-unpaid" data-count={unpaid.length}>
                  <span className="font-semibold tabular-nums">{unpaid.length}</span> {unpaid.length === 1 ? "employee has" : "employees have"} CHF{" "}
                  <span className="font-semibold tabular-nums">{formatChf(unpaidTotal)}</span> not yet paid out. Closing carries it forward to {nextMonth}, or records it as
                  paid outside this service (you choose when you close).{" "}
                  {consoleCan(ctx, "payout.write") ? (
                    <Link href={`/tenants/${orgId}/payouts`} className={linkClass}>
                      Pay it now
                    </Link>
                  ) : null}
                </p>
              )}
            </CheckItem>
            {canReadDocuments ? (
              <>
                <CheckItem id="payslips" state="info" title="Payslip previews">
                  {payslips.length === 0 ? (
                    <p>No payslips in this period.</p>
                  ) : (
                    <>
                      <p>
                        {payslips.length} {payslips.length === 1 ? "payslip" : "payslips"}
                        {salaryCertificates ? ` and ${salaryCertificates} salary ${salaryCertificates === 1 ? "certificate" : "certificates"}` : ""}, as they will be made at
                        close. Open a few:
                      </p>
                      <ul className="flex flex-wrap gap-x-4 gap-y-1">
                        {payslips.slice(0, PAYSLIP_PREVIEWS).map((doc) => (
                          <li key={doc.id}>
                            <a href={documentHref(orgId, payroll.id, period.id, doc.id)} target="_blank" rel="noopener" className={linkClass}>
                              {doc.employeeId ? (names[doc.employeeId] ?? doc.name) : doc.name}
                            </a>
                          </li>
                        ))}
                      </ul>
                    </>
                  )}
                  <p>
                    <Link href={browserHref} className={linkClass}>
                      All documents of {month}
                    </Link>
                  </p>
                </CheckItem>
                <CheckItem id="accounting" state="info" title="Accounting document preview">
                  {accounting.length ? (
                    <p className="flex flex-wrap gap-x-4">
                      {accounting.map((doc) => (
                        <a key={doc.id} href={documentHref(orgId, payroll.id, period.id, doc.id)} target="_blank" rel="noopener" className={linkClass}>
                          {contentTypeLabel(doc.contentType)} ({doc.name})
                        </a>
                      ))}
                    </p>
                  ) : (
                    <p>No accounting document in this period.</p>
                  )}
                </CheckItem>
              </>
            ) : null}
            <CheckItem id="elm" state="info" title={live ? "Live payroll: closing submits to ELM" : "Not live: nothing is submitted to ELM"}>
              <p data-testid="checklist-live" data-live={live}>
                {payroll.transmissionStartDate === null ? (
                  <>
                    The payroll has no transmission start date yet: go-live is set in the{" "}
                    {consoleCan(ctx, "payroll.update") ? (
                      <Link href={`/tenants/${orgId}/settings`} className={linkClass}>
                        company settings
                      </Link>
                    ) : (
                      "company settings, by an administrator"
                    )}
                    .
                  </>
                ) : live
                    ? `Transmitted to ELM since ${formatDate(payroll.transmissionStartDate)}: closing ${month} also makes its salary declaration and submits it.`
                    : `Transmission to ELM starts on ${formatDate(payroll.transmissionStartDate)}: ${month} is not transmitted.`}
              </p>
            </CheckItem>
          </ul>
        </Card>
        <Card title="Totals against the previous periods" description="Gross, net and employer cost (gross plus employer contributions) of every employee, per period.">
          <TotalsChart periods={chart} caption={`Gross, net and employer cost per period, ${monthLabel(chart[0]?.periodStart ?? period.periodStart)} to ${month}`} />
        </Card>
        <Card title={`Close ${month}`} description="Freezes the results, makes the documents final and opens the next month.">
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
            open={{ count: unpaid.length, total: formatChf(unpaidTotal) }}
            nextMonth={nextMonth}
          />
        </Card>
      </div>
    </>
  );
}
