import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { CONSOLE_LANGUAGE } from "@/components/cases/labels";
import { MissingDataList } from "@/components/cases/missing-data-list";
import { formatDate } from "@/components/payrolls/labels";
import { tenantPayroll } from "@/components/payrolls/tenant-payroll";
import { Card, PageHeader } from "@/components/ui/card";
import { consoleCan, requireConsoleTenant } from "@/server/auth/console-session";
import { payrollMissingData } from "@/server/cases/missing-data";
import { listEmployees } from "@/server/employees/list-employees";

export const metadata: Metadata = { title: "Missing data" };

export default async function MissingDataPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const ctx = await requireConsoleTenant(orgId);
  if (!consoleCan(ctx, "payroll.read")) notFound();
  const found = await tenantPayroll(ctx);
  if (!found) redirect(`/tenants/${orgId}/onboarding`);
  const { payroll } = found;
  const missing = await payrollMissingData({ ctx, payrollId: payroll.id });
  const { items: staff } = await listEmployees({ ctx, input: { limit: 500, includeFormer: true } });
  const names = new Map(staff.map((e) => [e.id, `${e.lastName}, ${e.firstName} (${e.identifier})`]));
  const company = missing.items.filter((i) => i.employeeId === null);
  const employees = missing.items.filter((i) => i.employeeId !== null);
  return (
    <>
      <PageHeader title="Missing data" description={`Required fields without a value on ${formatDate(missing.valueDate)}, for the company and every current employee.`} />
      <div className="space-y-6">
        <Card title="Company">
          <MissingDataList items={company} language={CONSOLE_LANGUAGE} hrefOf={(item) => `/tenants/${orgId}/company#case-${item.caseName}`} label="Missing company data" />
        </Card>
        <Card title="Employees">
          <MissingDataList
            items={employees}
            language={CONSOLE_LANGUAGE}
            names={names}
            hrefOf={(item) => `/tenants/${orgId}/employees/${item.employeeId}#case-${item.caseName}`}
            label="Missing employee data"
          />
        </Card>
      </div>
    </>
  );
}
