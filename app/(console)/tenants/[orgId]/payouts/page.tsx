import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { formatDay } from "@/components/payouts/labels";
import { PayoutForm, type PayoutRow } from "@/components/payouts/payout-form";
import { PayoutList } from "@/components/payouts/payout-list";
import { tenantPayroll } from "@/components/payrolls/tenant-payroll";
import { employeeNames } from "@/components/periods/load";
import { monthLabel } from "@/components/periods/labels";
import { openPeriodOf } from "@/components/results/load";
import { Alert } from "@/components/ui/alert";
import { Card, PageHeader } from "@/components/ui/card";
import { consoleCan, requireConsoleTenant } from "@/server/auth/console-session";
import { todayInZurich } from "@/server/dates";
import { nextBankBusinessDay, paymentFileBlockers } from "@/server/payouts/create-payout";
import { listPayouts } from "@/server/payouts/read-payouts";
import type { PayoutOutput } from "@/server/payouts/schemas";
import { controlling } from "@/server/results/read-entries";

export const metadata: Metadata = { title: "Payouts" };

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
  const period = await openPeriodOf(ctx, payroll.id);
  if (!period) {
    return (
      <>
        <PageHeader title="Payouts" />
        <Alert tone="info">There is no open payrun period.</Alert>
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
      blockedBy: c.items.filter((i) => i.blocking).map((i) => ({ code: i.code, message: i.message })),
      // Data the payment file needs (address, second account) that Payroll Control does not ask for.
      fileBlockedBy: (fileBlockers.employees.get(c.employeeId) ?? [])
        .filter((item) => !c.items.some((i) => i.blocking && i.caseName === item.caseName))
        .map((i) => ({ code: i.code, message: i.message, caseName: i.caseName ?? "" })),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, "de-CH"));
  const month = monthLabel(period.periodStart);
  const now = new Date();

  return (
    <>
      <PageHeader
        title="Payouts"
        description={`Pay the open amounts of ${month} (${formatDay(period.periodStart)} to ${formatDay(period.periodEnd)}) and hand the pain.001 file to the bank. The whole open amount, or less as an advance.`}
      />
      <div className="space-y-6">
        {fileBlockers.company.length ? (
          <Alert tone="error" title="The company cannot pay yet">
            <ul className="list-inside list-disc">
              {fileBlockers.company.map((item) => (
                <li key={item.code}>{item.message}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        <Card title="Open amounts" description="Blocked employees cannot be paid until their Payroll Control items are resolved; an overpaid amount is carried forward, never paid.">
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
        <Card title={`Payouts of ${month}`} description="Newest first. A payout can be cancelled until the bank processes it (at the latest on its execution date).">
          <PayoutList orgId={orgId} payrollId={payroll.id} periodId={period.id} payouts={[...payouts].reverse()} canWrite={consoleCan(ctx, "payout.write")} />
        </Card>
      </div>
    </>
  );
}
