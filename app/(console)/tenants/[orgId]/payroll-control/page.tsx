import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { CONSOLE_LANGUAGE, localized } from "@/components/cases/labels";
import { formatDate } from "@/components/payrolls/labels";
import { tenantPayroll } from "@/components/payrolls/tenant-payroll";
import { ConfirmItemForm } from "@/components/results/confirm-item-form";
import { formatChf } from "@/components/periods/labels";
import { findingSentence, findingTitle, PLAUSIBILITY_CODES, swissDay, toRappen } from "@/components/results/labels";
import { confirmationsOf, openPeriodOf, payrollVocabulary } from "@/components/results/load";
import { StateBadge } from "@/components/results/state-badge";
import { Alert } from "@/components/ui/alert";
import { Card, PageHeader } from "@/components/ui/card";
import { consoleCan, requireConsoleTenant } from "@/server/auth/console-session";
import { listCases } from "@/server/cases/read-cases";
import { listEmployees } from "@/server/employees/list-employees";
import { isNotInPayroll } from "@/server/results/control-codes";
import { controlling, listEntries } from "@/server/results/read-entries";

export const metadata: Metadata = { title: "Payroll control" };

/** The API's CHF ("23400.00") as the console shows amounts ("23'400.00"). */
const chf = (amount: string) => formatChf(toRappen(amount));
/** Blocked employees first, those not in payroll yet last. */
const rank = (row: { state: string; notInPayroll: boolean }) => (row.state === "Blocked" ? 0 : row.notInPayroll ? 2 : 1);
const sumChf = (amounts: string[]) => formatChf(amounts.reduce((sum, a) => sum + toRappen(a), 0));

export default async function PayrollControlPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const ctx = await requireConsoleTenant(orgId);
  if (!consoleCan(ctx, "payroll.read")) notFound();
  const found = await tenantPayroll(ctx);
  if (!found) redirect(`/tenants/${orgId}/onboarding`);
  const { payroll } = found;
  const period = await openPeriodOf(ctx, payroll.id);
  if (!period) {
    return (
      <>
        <PageHeader title="Payroll control" />
        <Alert tone="info">There is no open payrun period.</Alert>
      </>
    );
  }

  const [control, entries, staff, companyCases, vocabulary, confirmations] = await Promise.all([
    controlling({ ctx, payrollId: payroll.id, payrunPeriodId: period.id }),
    listEntries({ ctx, payrollId: payroll.id, payrunPeriodId: period.id }),
    listEmployees({ ctx, input: { limit: 500, includeFormer: true } }),
    listCases({ ctx, payrollId: payroll.id, input: {} }),
    payrollVocabulary(ctx, payroll.id, period.periodStart),
    confirmationsOf(ctx, payroll.id, period),
  ]);
  // Every employee shares the payroll's case catalog: one employee's list names them all.
  const anyEmployee = control.items[0]?.employeeId;
  const employeeCases = anyEmployee ? (await listCases({ ctx, payrollId: payroll.id, input: { employeeId: anyEmployee } })).items : [];
  const companyCaseNames = new Set(companyCases.items.map((c) => c.name));
  const caseTitle = new Map([...companyCases.items, ...employeeCases].map((c) => [c.name, localized(c.displayName, CONSOLE_LANGUAGE)]));
  const people = new Map(staff.items.map((e) => [e.id, e]));
  const byEmployee = new Map(entries.items.map((e) => [e.employeeId, e]));
  const canConfirm = consoleCan(ctx, "case.write");
  const rows = control.items
    .map((c) => ({ ...c, entry: byEmployee.get(c.employeeId), person: people.get(c.employeeId), notInPayroll: isNotInPayroll(c) }))
    .sort((a, b) => rank(a) - rank(b) || (a.person?.lastName ?? "").localeCompare(b.person?.lastName ?? ""));
  const totals = {
    gross: sumChf(entries.items.map((e) => e.gross)),
    net: sumChf(entries.items.map((e) => e.net)),
    open: sumChf(control.items.map((e) => e.openAmount)),
  };
  const inPayroll = control.items.filter((i) => !isNotInPayroll(i)).length;
  const notInPayroll = control.items.length - inPayroll;
  const blockedEmployees = control.items.filter((i) => i.state === "Blocked").length;
  const month = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${period.periodStart}T00:00:00Z`));

  return (
    <>
      <PageHeader
        title="Payroll control"
        description={`The open period ${month} (${formatDate(period.periodStart)} to ${formatDate(period.periodEnd)}): every employee's state and what keeps it from being paid out. Always current: every saved case change recalculates.`}
      />
      <div className="space-y-6">
        <dl className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-label="Totals">
          {[
            { label: "Blocking items", value: String(control.blockingCount), testId: "blocking-count", alert: control.blockingCount > 0 },
            { label: "Blocked employees", value: `${blockedEmployees} of ${inPayroll} in payroll`, testId: "blocked-employees", alert: blockedEmployees > 0 },
            { label: "Not in payroll yet", value: String(notInPayroll), testId: "not-in-payroll-count" },
            { label: "Gross (CHF)", value: totals.gross, testId: "total-gross" },
            { label: "Net (CHF)", value: totals.net, testId: "total-net" },
            { label: "Open amount (CHF)", value: totals.open, testId: "total-open" },
          ].map((t) => (
            <div key={t.label} className={`rounded-lg border px-4 py-3 ${t.alert ? "border-red-200 bg-red-50" : "border-slate-200 bg-white"}`}>
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{t.label}</dt>
              <dd data-testid={t.testId} className="mt-1 text-lg font-semibold tabular-nums text-slate-900">
                {t.value}
              </dd>
            </div>
          ))}
        </dl>
        <Card title="Employees" description="Blocked employees first. A blocking item is resolved by entering the missing data, or by confirming, with a reason, that it is correct for this period.">
          {rows.length === 0 ? (
            <Alert tone="info">No employee yet: add employees and record their Employment case with the entry date.</Alert>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Payroll control">
              {rows.map((row) => {
                const employeeHref = `/tenants/${orgId}/employees/${row.employeeId}`;
                const name = row.person ? `${row.person.lastName}, ${row.person.firstName} (${row.person.identifier})` : row.employeeId;
                return (
                  <li key={row.employeeId} id={`employee-${row.employeeId}`} data-testid="control-row" data-employee-id={row.employeeId} data-state={row.state} data-in-payroll={!row.notInPayroll} className="scroll-mt-6 py-3">
                    <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
                      <Link href={`${employeeHref}#payslip`} className="font-medium text-slate-900 underline-offset-2 hover:underline">
                        {name}
                      </Link>
                      <StateBadge state={row.state} label={row.notInPayroll ? "Not in payroll yet" : undefined} />
                      {row.notInPayroll ? null : (
                        <span className="ml-auto text-sm tabular-nums text-slate-600">
                          Gross <span data-testid="row-gross">{row.entry ? chf(row.entry.gross) : "—"}</span> · Net <span data-testid="row-net">{row.entry ? chf(row.entry.net) : "—"}</span> · Open{" "}
                          <span data-testid="row-open">{chf(row.openAmount)}</span>
                        </span>
                      )}
                    </div>
                    {row.items.length ? (
                      <ul className="mt-2 space-y-2" aria-label={`Items of ${name}`}>
                        {row.items.map((item, index) => {
                          const company = item.caseName !== null && companyCaseNames.has(item.caseName);
                          const fixHref = item.caseName ? (company ? `/tenants/${orgId}/company#case-${item.caseName}` : `${employeeHref}#case-${item.caseName}`) : null;
                          const plausibility = PLAUSIBILITY_CODES.has(item.code);
                          const title = findingTitle(item.code);
                          const confirmed = confirmations.get(`${row.employeeId} ${item.code}`);
                          const confirmForm = <ConfirmItemForm orgId={orgId} payrollId={payroll.id} employeeId={row.employeeId} code={item.code} title={title} periodStart={period.periodStart} />;
                          return (
                            <li key={`${item.code}-${index}`} data-testid="control-item" data-code={item.code} data-blocking={item.blocking} title={`Code for support: ${item.code}`} className={`rounded-md border px-3 py-2 text-sm ${item.blocking ? "border-red-200 bg-red-50" : "border-slate-200 bg-slate-50"}`}>
                              <div className="flex flex-wrap items-baseline gap-x-2">
                                <span className={`text-xs font-semibold uppercase ${item.blocking ? "text-red-800" : "text-slate-500"}`}>{item.blocking ? "Blocking" : confirmed ? "Confirmed" : "Note"}</span>
                                <span className="text-slate-900" data-testid="control-item-text">
                                  {findingSentence(item, vocabulary.words)}
                                </span>
                              </div>
                              <div className="mt-1 flex flex-wrap gap-x-4 text-sm">
                                {fixHref ? (
                                  <Link href={fixHref} className="font-medium text-sky-800 underline underline-offset-2">
                                    Fix: {caseTitle.get(item.caseName!) ?? item.caseName}
                                    {company ? " (company data)" : ""}
                                  </Link>
                                ) : (
                                  <Link href={`${employeeHref}#payslip`} className="font-medium text-sky-800 underline underline-offset-2">
                                    Check the payslip
                                  </Link>
                                )}
                              </div>
                              {confirmed && !item.blocking ? (
                                <p className="mt-1 text-xs text-slate-700" data-testid="control-item-confirmed">
                                  Confirmed by {confirmed.by} on {swissDay(confirmed.at)} for this period.
                                </p>
                              ) : null}
                              {item.blocking && canConfirm ? (
                                plausibility ? (
                                  <div className="mt-2">
                                    <p className="text-xs text-slate-700">If this is correct, confirm it for this period with a reason: the confirmation is recorded with your name and resolves the item.</p>
                                    {confirmForm}
                                  </div>
                                ) : (
                                  <details className="mt-1">
                                    <summary className="cursor-pointer text-xs text-slate-600">Confirm without entering the data…</summary>
                                    {confirmForm}
                                  </details>
                                )
                              ) : null}
                            </li>
                          );
                        })}
                      </ul>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}
