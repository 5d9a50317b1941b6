import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { AccountingStartGuidance } from "@/components/payrolls/accounting-start-guidance";
import { CreatePayrollForm } from "@/components/payrolls/create-payroll-form";
import { availableRegulations } from "@/server/regulations/assignment";
import { GoLiveForm } from "@/components/payrolls/go-live-form";
import { formatDate } from "@/components/payrolls/labels";
import { PayrollSettingsForm } from "@/components/payrolls/payroll-settings-form";
import { Alert } from "@/components/ui/alert";
import { Card, PageHeader } from "@/components/ui/card";
import { consoleCan, requireConsoleTenant } from "@/server/auth/console-session";
import { todayInZurich } from "@/server/dates";
import { etagOf } from "@/server/http/etag";
import { getPayroll, listPayrolls } from "@/server/payrolls/get-payroll";
import { listPayrunPeriods } from "@/server/periods/list-periods";

export const metadata: Metadata = { title: "Company settings" };

export default async function SettingsPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const ctx = await requireConsoleTenant(orgId);
  // A setting of the tenant: Administrators only (a Manager has no link here and gets 404).
  if (!consoleCan(ctx, "payroll.update")) notFound();
  const { items } = await listPayrolls({ ctx, input: { limit: 1 } });
  const first = items[0];

  if (!first && consoleCan(ctx, "payroll.create")) redirect(`/tenants/${orgId}/onboarding`);
  if (!first) {
    return (
      <>
        <PageHeader title="Company settings" description="The payroll of this company does not exist yet." />
        <Card title="Create the payroll" description="One payroll per tenant. Its division is created with it, and its first payrun period opens in the month of the accounting start date.">
          {consoleCan(ctx, "payroll.create") ? (
            <CreatePayrollForm
              orgId={orgId}
              suggestedStart={`${todayInZurich().slice(0, 4)}-01-01`}
              countries={(await availableRegulations()).items.map((c) => ({ name: c.name, label: `${c.displayName.en} (${c.name})` }))}
            />
          ) : (
            <Alert tone="info">An administrator of this tenant creates the payroll.</Alert>
          )}
        </Card>
      </>
    );
  }

  const { payroll, version } = await getPayroll({ ctx, payrollId: first.id });
  const etag = etagOf({ id: payroll.id, version });
  const periods = await listPayrunPeriods({ ctx, payrollId: payroll.id });
  const open = periods.items.find((p) => p.status === "open") ?? null;
  const canUpdate = consoleCan(ctx, "payroll.update");

  return (
    <>
      <PageHeader title="Company settings" description={payroll.name} />
      <div className="space-y-6">
        <Card title="Payroll">
          <PayrollSettingsForm orgId={orgId} payroll={payroll} etag={etag} canUpdate={canUpdate} />
        </Card>

        <Card title="Accounting start date" description="Fixed for this payroll.">
          <dl className="mb-4 grid gap-1 text-sm">
            <dt className="text-slate-500">Accounting start date</dt>
            <dd className="text-lg font-semibold text-slate-900" data-testid="accounting-start-date">
              {formatDate(payroll.accountingStartDate)}
            </dd>
          </dl>
          <AccountingStartGuidance />
        </Card>

        <Card title="Go-live (ELM transmission)" description="From the go-live period on, closing a payrun period also submits it to the Swiss electronic payroll transmission.">
          {payroll.transmissionStartDate ? (
            <Alert tone="success" title={`Live since the period of ${formatDate(payroll.transmissionStartDate)}`}>
              Go-live is one-way: it cannot be reverted, and the date cannot be moved.
            </Alert>
          ) : canUpdate ? (
            <div className="space-y-4">
              <p className="text-sm text-slate-700">
                Not live yet. {open ? `The open payrun period starts on ${formatDate(open.periodStart)}.` : null} Close the retroactive catch-up periods first,
                then set the first period to transmit.
              </p>
              <GoLiveForm orgId={orgId} payroll={payroll} etag={etag} openPeriodStart={open?.periodStart ?? null} />
            </div>
          ) : (
            <p className="text-sm text-slate-700">Not live yet. An administrator sets the go-live date.</p>
          )}
        </Card>
      </div>
    </>
  );
}
