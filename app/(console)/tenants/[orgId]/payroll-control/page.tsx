import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { consolePage } from "@/components/console/page";
import { getFormat } from "@/components/format/server";
import { issueSentence } from "@/components/results/calc-text";
import { ConfirmItemForm } from "@/components/results/confirm-item-form";
import { findingSentence, findingTitle, PLAUSIBILITY_CODES, toRappen } from "@/components/results/labels";
import {
  confirmationsOf,
  displayNameIn,
  languageOfLocale,
  openPeriodOf,
  payrollVocabulary,
} from "@/components/results/load";
import { StateBadge } from "@/components/results/state-badge";
import { Alert } from "@/components/ui/alert";
import { Card, PageHeader } from "@/components/ui/card";
import { consoleCan } from "@/server/auth/console-session";
import { listCases } from "@/server/cases/read-cases";
import { listAllEmployees } from "@/server/employees/list-employees";
import { isNotInPayroll } from "@/server/results/control-codes";
import { controlling, listEntries } from "@/server/results/read-entries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("results"))("control.title") };
}

/** Blocked employees first, those not in payroll yet last. */
const rank = (row: { state: string; notInPayroll: boolean }) =>
  row.state === "Blocked" ? 0 : row.notInPayroll ? 2 : 1;
const sumRappen = (amounts: string[]) => amounts.reduce((sum, a) => sum + toRappen(a), 0);

export default async function PayrollControlPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { ctx, orgId, payroll } = await consolePage(params, { permission: "payroll.read", needsPayroll: true });
  const [t, tc, format] = await Promise.all([getTranslations("results"), getTranslations("calc"), getFormat()]);
  const language = languageOfLocale(format.locale);
  // The API's CHF ("23400.00") as the console shows amounts ("23'400.00").
  const chf = (amount: string) => format.amount(amount);
  const period = await openPeriodOf(ctx, payroll.id);
  if (!period) {
    return (
      <>
        <PageHeader title={t("control.title")} />
        <Alert tone="info">{t("control.noOpenPeriod")}</Alert>
      </>
    );
  }

  const [control, entries, staff, companyCases, vocabulary, confirmations] = await Promise.all([
    controlling({ ctx, payrollId: payroll.id, payrunPeriodId: period.id }),
    listEntries({ ctx, payrollId: payroll.id, payrunPeriodId: period.id }),
    listAllEmployees({ ctx }),
    listCases({ ctx, payrollId: payroll.id, input: {}, scope: "company" }),
    payrollVocabulary(ctx, payroll.id, period.periodStart, language),
    confirmationsOf(ctx, payroll.id, period),
  ]);
  // Every employee shares the payroll's case catalog: one employee's list names them all.
  const anyEmployee = control.items[0]?.employeeId;
  const employeeCases = anyEmployee
    ? (await listCases({ ctx, payrollId: payroll.id, input: { employeeId: anyEmployee } })).items
    : [];
  const companyCaseNames = new Set(companyCases.items.map((c) => c.name));
  const caseTitle = new Map(
    [...companyCases.items, ...employeeCases].map((c) => [c.name, displayNameIn(c.displayName, language)]),
  );
  const people = new Map(staff.map((e) => [e.id, e]));
  const byEmployee = new Map(entries.items.map((e) => [e.employeeId, e]));
  const canConfirm = consoleCan(ctx, "case.write");
  const rows = control.items
    .map((c) => ({
      ...c,
      entry: byEmployee.get(c.employeeId),
      person: people.get(c.employeeId),
      notInPayroll: isNotInPayroll(c),
    }))
    .sort((a, b) => rank(a) - rank(b) || (a.person?.lastName ?? "").localeCompare(b.person?.lastName ?? ""));
  const totals = {
    gross: format.amount(sumRappen(entries.items.map((e) => e.gross))),
    net: format.amount(sumRappen(entries.items.map((e) => e.net))),
    open: format.amount(sumRappen(control.items.map((e) => e.openAmount))),
  };
  const inPayroll = control.items.filter((i) => !isNotInPayroll(i)).length;
  const notInPayroll = control.items.length - inPayroll;
  const blockedEmployees = control.items.filter((i) => i.state === "Blocked").length;
  const month = format.month(period.periodStart);

  return (
    <>
      <PageHeader
        title={t("control.title")}
        description={t("control.description", {
          month,
          from: format.date(period.periodStart),
          to: format.date(period.periodEnd),
        })}
      />
      <div className="space-y-6">
        <dl className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-label={t("control.totals")}>
          {[
            {
              label: t("control.blockingItems"),
              value: String(control.blockingCount),
              testId: "blocking-count",
              alert: control.blockingCount > 0,
            },
            {
              label: t("control.blockedEmployees"),
              value: t("control.blockedOfInPayroll", { blocked: blockedEmployees, inPayroll }),
              testId: "blocked-employees",
              alert: blockedEmployees > 0,
            },
            { label: t("control.notInPayroll"), value: String(notInPayroll), testId: "not-in-payroll-count" },
            { label: t("control.gross"), value: totals.gross, testId: "total-gross" },
            { label: t("control.net"), value: totals.net, testId: "total-net" },
            { label: t("control.open"), value: totals.open, testId: "total-open" },
          ].map((total) => (
            <div
              key={total.label}
              className={`rounded-lg border px-4 py-3 ${total.alert ? "border-red-200 bg-red-50" : "border-slate-200 bg-white"}`}
            >
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{total.label}</dt>
              <dd data-testid={total.testId} className="mt-1 text-lg font-semibold tabular-nums text-slate-900">
                {total.value}
              </dd>
            </div>
          ))}
        </dl>
        <Card title={t("control.employees")} description={t("control.employeesDescription")}>
          {rows.length === 0 ? (
            <Alert tone="info">{t("control.noEmployee")}</Alert>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label={t("control.list")}>
              {rows.map((row) => {
                const employeeHref = `/tenants/${orgId}/employees/${row.employeeId}`;
                const name = row.person
                  ? `${row.person.lastName}, ${row.person.firstName} (${row.person.identifier})`
                  : row.employeeId;
                return (
                  <li
                    key={row.employeeId}
                    id={`employee-${row.employeeId}`}
                    data-testid="control-row"
                    data-employee-id={row.employeeId}
                    data-state={row.state}
                    data-in-payroll={!row.notInPayroll}
                    className="scroll-mt-6 py-3"
                  >
                    <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
                      <Link
                        href={`${employeeHref}#payslip`}
                        className="font-medium text-slate-900 underline-offset-2 hover:underline"
                      >
                        {name}
                      </Link>
                      <StateBadge state={row.state} notInPayroll={row.notInPayroll} />
                      {row.notInPayroll ? null : (
                        <span className="ml-auto text-sm tabular-nums text-slate-600">
                          {t("control.rowGross")}{" "}
                          <span data-testid="row-gross">{row.entry ? chf(row.entry.gross) : "—"}</span> ·{" "}
                          {t("control.rowNet")}{" "}
                          <span data-testid="row-net">{row.entry ? chf(row.entry.net) : "—"}</span> ·{" "}
                          {t("control.rowOpen")} <span data-testid="row-open">{chf(row.openAmount)}</span>
                        </span>
                      )}
                    </div>
                    {row.items.length ? (
                      <ul className="mt-2 space-y-2" aria-label={t("control.itemsOf", { name })}>
                        {row.items.map((item, index) => {
                          const company = item.caseName !== null && companyCaseNames.has(item.caseName);
                          const fixHref = item.caseName
                            ? company
                              ? `/tenants/${orgId}/company#case-${item.caseName}`
                              : `${employeeHref}#case-${item.caseName}`
                            : null;
                          const plausibility = PLAUSIBILITY_CODES.has(item.code);
                          const title = findingTitle(item.code, t);
                          const confirmed = confirmations.get(`${row.employeeId} ${item.code}`);
                          const confirmForm = (
                            <ConfirmItemForm
                              orgId={orgId}
                              payrollId={payroll.id}
                              employeeId={row.employeeId}
                              code={item.code}
                              title={title}
                              periodStart={period.periodStart}
                            />
                          );
                          return (
                            <li
                              key={`${item.code}-${index}`}
                              data-testid="control-item"
                              data-code={item.code}
                              data-blocking={item.blocking}
                              title={t("control.codeForSupport", { code: item.code })}
                              className={`rounded-md border px-3 py-2 text-sm ${item.blocking ? "border-red-200 bg-red-50" : "border-slate-200 bg-slate-50"}`}
                            >
                              <div className="flex flex-wrap items-baseline gap-x-2">
                                <span
                                  className={`text-xs font-semibold uppercase ${item.blocking ? "text-red-800" : "text-slate-500"}`}
                                >
                                  {item.blocking
                                    ? t("control.blocking")
                                    : confirmed
                                      ? t("control.confirmed")
                                      : t("control.note")}
                                </span>
                                <span className="text-slate-900" data-testid="control-item-text">
                                  {issueSentence(item, { t: tc, format, words: vocabulary.words }) ??
                                    findingSentence(item, vocabulary.words, t, format.locale)}
                                </span>
                              </div>
                              <div className="mt-1 flex flex-wrap gap-x-4 text-sm">
                                {fixHref ? (
                                  <Link
                                    href={fixHref}
                                    className="font-medium text-sky-800 underline underline-offset-2"
                                  >
                                    {t(company ? "control.fixCompany" : "control.fix", {
                                      name: caseTitle.get(item.caseName!) ?? item.caseName!,
                                    })}
                                  </Link>
                                ) : (
                                  <Link
                                    href={`${employeeHref}#payslip`}
                                    className="font-medium text-sky-800 underline underline-offset-2"
                                  >
                                    {t("control.checkPayslip")}
                                  </Link>
                                )}
                              </div>
                              {confirmed && !item.blocking ? (
                                <p className="mt-1 text-xs text-slate-700" data-testid="control-item-confirmed">
                                  {t("control.confirmedBy", { name: confirmed.by, date: format.date(confirmed.at) })}
                                </p>
                              ) : null}
                              {item.blocking && canConfirm ? (
                                plausibility ? (
                                  <div className="mt-2">
                                    <p className="text-xs text-slate-700">{t("control.confirmHint")}</p>
                                    {confirmForm}
                                  </div>
                                ) : (
                                  <details className="mt-1">
                                    <summary className="cursor-pointer text-xs text-slate-600">
                                      {t("control.confirmWithout")}
                                    </summary>
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
