import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { getFormat } from "@/components/format/server";
import type { ProblemTranslator } from "@/components/forms/problem";
import { payoutItemText } from "@/components/payouts/labels";
import type { ResultsTranslator } from "@/components/results/labels";
import { PayoutForm, type PayoutRow } from "@/components/payouts/payout-form";
import { PayoutList } from "@/components/payouts/payout-list";
import { tenantPayroll } from "@/components/payrolls/tenant-payroll";
import { employeeNames } from "@/components/periods/load";
import { openPeriodOf } from "@/components/results/load";
import { Alert } from "@/components/ui/alert";
import { Card, PageHeader } from "@/components/ui/card";
import { consoleCan, requireConsoleTenant } from "@/server/auth/console-session";
import { todayInZurich } from "@/server/dates";
import { nextBankBusinessDay, paymentFileBlockers } from "@/server/payouts/create-payout";
import { listPayouts } from "@/server/payouts/read-payouts";
import type { PayoutOutput } from "@/server/payouts/schemas";
import { controlling } from "@/server/results/read-entries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("payouts"))("page.title") };
}

/** Every payout of the period (the list is paged by 500). */
async function allPayouts(...[args]: Parameters<typeof listPayouts>) {
  const items: PayoutOutput[] = [];
  let cursor: string | undefined;
  do {
    const page = await listPayouts({ ...args, input: { limit: 500, cursor } });
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

export default async function PayoutsPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const ctx = await requireConsoleTenant(orgId);
  if (!consoleCan(ctx, "payout.read")) notFound();
  const found = await tenantPayroll(ctx);
  if (!found) redirect(`/tenants/${orgId}/onboarding`);
  const { payroll } = found;
  const [t, tr, tp, format] = await Promise.all([getTranslations("payouts"), getTranslations("results"), getTranslations("problems"), getFormat()]);
  const period = await openPeriodOf(ctx, payroll.id);
  if (!period) {
    return (
      <>
        <PageHeader title={t("page.title")} />
        <Alert tone="info">{t("page.noOpenPeriod")}</Alert>
      </>
    );
  }

  const where = { ctx, payrollId: payroll.id, payrunPeriodId: period.id };
  // Payouts first: reading them settles the ones whose execution date has begun (processed).
  const payouts = await allPayouts({ ...where, input: { limit: 500 } });
  const [control, names] = await Promise.all([controlling(where), employeeNames(ctx)]);
  const fileBlockers = await paymentFileBlockers(where);
  const rows: PayoutRow[] = control.items
    .map((c) => ({
      employeeId: c.employeeId,
      name: names[c.employeeId] ?? c.employeeId,
      state: c.state,
      openAmount: c.openAmount,
      blockedBy: c.items.filter((i) => i.blocking).map((i) => ({ code: i.code, message: i.message, ...(i.params ? { params: i.params } : {}) })),
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
        description={t("page.description", { month, from: format.date(period.periodStart), to: format.date(period.periodEnd) })}
      />
      <div className="space-y-6">
        {fileBlockers.company.length ? (
          <Alert tone="error" title={t("page.companyCannotPay")}>
            <ul className="list-inside list-disc">
              {fileBlockers.company.map((item) => (
                <li key={item.code}>{payoutItemText(item, tr as unknown as ResultsTranslator, tp as unknown as ProblemTranslator, format.locale)}</li>
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
          <PayoutList orgId={orgId} payrollId={payroll.id} periodId={period.id} payouts={[...payouts].reverse()} canWrite={consoleCan(ctx, "payout.write")} />
        </Card>
      </div>
    </>
  );
}
