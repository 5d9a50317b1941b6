import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { type SearchParams, consolePage, singleParam } from "@/components/console/page";
import { getFormat } from "@/components/format/server";
import type { ProblemTranslator } from "@/components/forms/problem";
import { payoutItemText } from "@/components/payouts/labels";
import type { ResultsTranslator } from "@/components/results/labels";
import { PayoutForm, type PayoutRow } from "@/components/payouts/payout-form";
import { PayoutList } from "@/components/payouts/payout-list";
import { employeeNames } from "@/components/periods/load";
import { PeriodStatusBadge } from "@/components/periods/period-status-badge";
import { Alert } from "@/components/ui/alert";
import { Card, PageHeader } from "@/components/ui/card";
import { BackLink, PillLink } from "@/components/ui/pill-link";
import { consoleCan } from "@/server/auth/console-session";
import { todayInZurich } from "@/server/dates";
import { allPages, MAX_PAGE } from "@/server/http/pagination";
import { nextBankBusinessDay, paymentFileBlockers } from "@/server/payouts/create-payout";
import { listPayouts } from "@/server/payouts/read-payouts";
import { listPayrunPeriods } from "@/server/periods/list-periods";
import { controlling } from "@/server/results/read-entries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("payouts"))("page.title") };
}

/** Every payout of the period, page after page. */
const allPayouts = (where: Omit<Parameters<typeof listPayouts>[0], "input">) =>
  allPages((cursor) => listPayouts({ ...where, input: { limit: MAX_PAGE, cursor } }));

type Period = Awaited<ReturnType<typeof listPayrunPeriods>>["items"][number];

/** Links to the payouts of the closed periods, newest first (?period=), the one shown marked. */
async function EarlierPeriods({ orgId, periods, shown }: { orgId: string; periods: Period[]; shown: string | null }) {
  const [t, format] = await Promise.all([getTranslations("payouts"), getFormat()]);
  if (!periods.length) return null;
  return (
    <Card title={t("page.earlier")} description={t("page.earlierDescription")}>
      <nav aria-label={t("page.earlier")}>
        <ul className="flex flex-wrap gap-2">
          {periods.map((p) => (
            <li key={p.id}>
              <PillLink href={`/tenants/${orgId}/payouts?period=${p.id}`} current={p.id === shown}>
                {format.month(p.periodStart)}
                <PeriodStatusBadge period={p} />
              </PillLink>
            </li>
          ))}
        </ul>
      </nav>
    </Card>
  );
}

export default async function PayoutsPage({
  params,
  searchParams,
}: {
  params: Promise<{ orgId: string }>;
  searchParams: SearchParams;
}) {
  const { ctx, orgId, payroll } = await consolePage(params, { permission: "payout.read", needsPayroll: true });
  const [t, tr, tp, format] = await Promise.all([
    getTranslations("payouts"),
    getTranslations("results"),
    getTranslations("problems"),
    getFormat(),
  ]);
  const periods = (await listPayrunPeriods({ ctx, payrollId: payroll.id })).items;
  const closed = periods.filter((p) => p.status !== "open").reverse();
  const askedId = singleParam((await searchParams).period) ?? null;
  const earlier = closed.find((p) => p.id === askedId);
  // An unknown ?period= (a stale link) shows the open period, with a word about it.
  const unknown = askedId !== null && !earlier && !periods.some((p) => p.id === askedId && p.status === "open");
  const unknownAlert = unknown ? <Alert tone="warning">{t("page.unknownPeriod")}</Alert> : null;

  if (earlier) {
    const payouts = await allPayouts({ ctx, payrollId: payroll.id, payrunPeriodId: earlier.id });
    const month = format.month(earlier.periodStart);
    return (
      <>
        <BackLink href={`/tenants/${orgId}/payouts`}>{t("page.backToOpen")}</BackLink>
        <PageHeader
          title={t("page.title")}
          description={t("page.closedDescription", {
            month,
            from: format.date(earlier.periodStart),
            to: format.date(earlier.periodEnd),
          })}
          actions={<PeriodStatusBadge period={earlier} />}
        />
        <div className="space-y-6">
          <Card title={t("page.payoutsOf", { month })} description={t("page.payoutsDescription")}>
            <PayoutList
              orgId={orgId}
              payrollId={payroll.id}
              periodId={earlier.id}
              payouts={[...payouts].reverse()}
              canWrite={consoleCan(ctx, "payout.write")}
              closed
            />
          </Card>
          <EarlierPeriods orgId={orgId} periods={closed} shown={earlier.id} />
        </div>
      </>
    );
  }

  const period = periods.find((p) => p.status === "open");
  if (!period) {
    return (
      <>
        <PageHeader title={t("page.title")} />
        <div className="space-y-6">
          {unknownAlert}
          <Alert tone="info">{t("page.noOpenPeriod")}</Alert>
          <EarlierPeriods orgId={orgId} periods={closed} shown={null} />
        </div>
      </>
    );
  }

  const where = { ctx, payrollId: payroll.id, payrunPeriodId: period.id };
  // Payouts first: reading them settles the ones whose execution date has begun (processed).
  const payouts = await allPayouts(where);
  const [control, names] = await Promise.all([controlling(where), employeeNames(ctx)]);
  const fileBlockers = await paymentFileBlockers(where);
  const rows: PayoutRow[] = control.items
    .map((c) => ({
      employeeId: c.employeeId,
      name: names[c.employeeId] ?? c.employeeId,
      state: c.state,
      openAmount: c.openAmount,
      blockedBy: c.items
        .filter((i) => i.blocking)
        .map((i) => ({ code: i.code, message: i.message, ...(i.params ? { params: i.params } : {}) })),
      // Data the payment file needs (address, second account) that Payroll Control does not ask for.
      fileBlockedBy: (fileBlockers.employees.get(c.employeeId) ?? [])
        .filter((item) => !c.items.some((i) => i.blocking && i.caseName === item.caseName))
        .map((i) => ({ code: i.code, message: i.message, caseName: i.caseName ?? "" })),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, "de-CH"));
  const month = format.month(period.periodStart);
  const now = new Date();

  return (
    <>
      <PageHeader
        title={t("page.title")}
        description={t("page.description", {
          month,
          from: format.date(period.periodStart),
          to: format.date(period.periodEnd),
        })}
      />
      <div className="space-y-6">
        {unknownAlert}
        {fileBlockers.company.length ? (
          <Alert tone="error" title={t("page.companyCannotPay")}>
            <ul className="list-inside list-disc">
              {fileBlockers.company.map((item) => (
                <li key={item.code}>
                  {payoutItemText(
                    item,
                    tr as unknown as ResultsTranslator,
                    tp as unknown as ProblemTranslator,
                    format.locale,
                  )}
                </li>
              ))}
            </ul>
          </Alert>
        ) : null}
        <Card title={t("page.openAmounts")} description={t("page.openAmountsDescription")}>
          <PayoutForm
            orgId={orgId}
            payrollId={payroll.id}
            periodId={period.id}
            month={month}
            rows={rows}
            defaultExecutionDate={nextBankBusinessDay(now)}
            today={todayInZurich(now)}
            canWrite={consoleCan(ctx, "payout.write")}
          />
        </Card>
        <Card title={t("page.payoutsOf", { month })} description={t("page.payoutsDescription")}>
          <PayoutList
            orgId={orgId}
            payrollId={payroll.id}
            periodId={period.id}
            payouts={[...payouts].reverse()}
            canWrite={consoleCan(ctx, "payout.write")}
          />
        </Card>
        <EarlierPeriods orgId={orgId} periods={closed} shown={null} />
      </div>
    </>
  );
}
