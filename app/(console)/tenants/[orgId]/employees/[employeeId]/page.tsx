import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CaseSections } from "@/components/cases/case-sections";
import { EmployeeDocuments } from "@/components/documents/employee-documents";
import { MissingDataList } from "@/components/cases/missing-data-list";
import { EditEmployeeForm } from "@/components/employees/employee-form";
import { formatDate } from "@/components/payrolls/labels";
import { openPayslipOf } from "@/components/results/load";
import { PayslipPreview } from "@/components/results/payslip-preview";
import { Card, PageHeader } from "@/components/ui/card";
import { consoleCan, requireConsoleTenant } from "@/server/auth/console-session";
import { listCases } from "@/server/cases/read-cases";
import { employeeMissingData } from "@/server/cases/missing-data";
import { getEmployee } from "@/server/employees/get-employee";
import { NotFound } from "@/server/errors";
import { etagOf } from "@/server/http/etag";
import { isUuid } from "@/server/ids";
import { listPayrolls } from "@/server/payrolls/get-payroll";
import { employeeDocuments } from "@/server/documents/read-documents";

export const metadata: Metadata = { title: "Employee" };

export default async function EmployeePage({ params }: { params: Promise<{ orgId: string; employeeId: string }> }) {
  const { orgId, employeeId } = await params;
  const ctx = await requireConsoleTenant(orgId);
  if (!isUuid(employeeId)) notFound();
  const found = await getEmployee({ ctx, employeeId }).catch((error: unknown) => {
    if (error instanceof NotFound) return null;
    throw error;
  });
  if (!found) notFound();
  const { employee, version } = found;
  const { items: payrolls } = await listPayrolls({ ctx, input: { limit: 50 } });
  const payroll = payrolls.find((p) => p.divisionId === employee.divisionId) ?? null;
  const base = `/tenants/${orgId}/employees/${employee.id}`;

  let missingSection = null;
  let cases = null;
  let payslip = null;
  let documents = null;
  if (payroll && consoleCan(ctx, "document.read")) {
    const { items } = await employeeDocuments({ ctx, payrollId: payroll.id, employeeId: employee.id });
    documents = (
      <Card title="Documents" description="Payslips and salary certificates of every period; the open period's are previews of the current results.">
        <EmployeeDocuments orgId={orgId} payrollId={payroll.id} items={items} />
      </Card>
    );
  }
  if (payroll && consoleCan(ctx, "payroll.read")) {
    const { period, entry, blockingItems } = await openPayslipOf(ctx, payroll.id, employee.id);
    payslip = (
      <section id="payslip" className="scroll-mt-6">
        <Card
          title="Payslip preview"
          description={period ? `The open period, ${formatDate(period.periodStart)} to ${formatDate(period.periodEnd)}: always current, recalculated with every saved case change.` : undefined}
        >
          <PayslipPreview entry={entry} period={period} blockingItems={blockingItems} controlHref={`/tenants/${orgId}/payroll-control#employee-${employee.id}`} />
        </Card>
      </section>
    );
  }
  if (payroll) {
    const missing = await employeeMissingData({ ctx, payrollId: payroll.id, employeeId: employee.id });
    // Self Service fills only their own ESS/ECT cases: the rest is for the payroll office.
    const visible = new Set((await listCases({ ctx, payrollId: payroll.id, input: { employeeId: employee.id } })).items.map((c) => c.name));
    const items = missing.items.filter((item) => visible.has(item.caseName));
    missingSection = (
      <Card title="Missing data" description={`Required fields without a value on ${formatDate(missing.valueDate)}. Each link leads to the case to fill.`}>
        <MissingDataList items={items} language={payroll.documentLanguage} hrefOf={(item) => `${base}#case-${item.caseName}`} />
      </Card>
    );
    cases = <CaseSections ctx={ctx} payroll={payroll} employeeId={employee.id} valueDate={missing.valueDate} />;
  }

  return (
    <>
      <PageHeader
        title={`${employee.firstName} ${employee.lastName}`}
        description={`Employee ${employee.identifier} · ${employee.employed ? "currently employed" : "not currently employed"}${employee.entryDate ? ` · since ${formatDate(employee.entryDate)}` : ""}`}
      />
      <div className="space-y-6">
        <Card title="Employee record" description="Identifier and name are applied immediately; they are not time-versioned. Employees cannot be deleted.">
          <EditEmployeeForm
            orgId={orgId}
            employee={employee}
            etag={etagOf({ id: employee.id, version })}
            canWrite={consoleCan(ctx, "employee.write")}
            backHref={ctx.access.role === "SelfService" ? null : `/tenants/${orgId}/employees`}
          />
        </Card>
        {missingSection}
        {payslip}
        {documents}
        {cases ? (
          <>
            <div>
              <h2 className="text-lg font-semibold text-slate-900">Case data</h2>
              <p className="text-sm text-slate-600">
                Time-versioned: each change starts on its date (and may end); a later change with an earlier start overrides from that start. The history of every field stays.
              </p>
            </div>
            {cases}
          </>
        ) : null}
      </div>
    </>
  );
}
