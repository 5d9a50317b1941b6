import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { CaseSections } from "@/components/cases/case-sections";
import { MissingDataList } from "@/components/cases/missing-data-list";
import { formatDate } from "@/components/payrolls/labels";
import { Alert } from "@/components/ui/alert";
import { tenantPayroll } from "@/components/payrolls/tenant-payroll";
import { Card, PageHeader } from "@/components/ui/card";
import { consoleCan, requireConsoleTenant } from "@/server/auth/console-session";
import { payrollMissingData } from "@/server/cases/missing-data";

export const metadata: Metadata = { title: "Company data" };

export default async function CompanyDataPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const ctx = await requireConsoleTenant(orgId);
  if (!consoleCan(ctx, "payroll.read")) notFound();
  const found = await tenantPayroll(ctx);
  if (!found) redirect(`/tenants/${orgId}/onboarding`);
  const { payroll } = found;
  const missing = await payrollMissingData({ ctx, payrollId: payroll.id });
  const canWrite = consoleCan(ctx, "company.write");
  return (
    <>
      <PageHeader title="Company data" description="Address, registration, bank account and insurances of the company, as time-versioned case data." />
      <div className="space-y-6">
        {canWrite ? null : (
          <Alert tone="info" title="Read-only">
            Company data is a setting of the tenant: you see it as the payroll uses it; an administrator changes it.
          </Alert>
        )}
        <Card title="Missing company data" description={`Required fields without a value on ${formatDate(missing.valueDate)}.`}>
          <MissingDataList items={missing.items.filter((i) => i.employeeId === null)} language={payroll.documentLanguage} hrefOf={(item) => `#case-${item.caseName}`} label="Missing company data" />
        </Card>
        <CaseSections ctx={ctx} payroll={payroll} employeeId={null} valueDate={missing.valueDate} />
      </div>
    </>
  );
}
