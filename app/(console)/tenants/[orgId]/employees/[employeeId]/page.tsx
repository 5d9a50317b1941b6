import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { CaseCard, ScheduledChanges, loadCaseData } from "@/components/cases/case-sections";
import { EmployeeSections, type EmployeeSection } from "@/components/employees/employee-sections";
import { SECTION_ORDER, sectionOfCase, type EmployeeSectionId } from "@/components/employees/sections";
import { getFormat } from "@/components/format/server";
import { EmployeeDocuments } from "@/components/documents/employee-documents";
import { MissingDataList } from "@/components/cases/missing-data-list";
import { EditEmployeeForm } from "@/components/employees/employee-form";
import { TariffProposal } from "@/components/employees/tariff-proposal";
import { openPayslipOf, payslipWordsOf } from "@/components/results/load";
import { PayslipPreview } from "@/components/results/payslip-preview";
import { ButtonLink } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { consoleCan, requireConsoleTenant } from "@/server/auth/console-session";
import { employeeMissingData } from "@/server/cases/missing-data";
import { getEmployee } from "@/server/employees/get-employee";
import { NotFound } from "@/server/errors";
import { etagOf } from "@/server/http/etag";
import { isUuid } from "@/server/ids";
import { listPayrolls } from "@/server/payrolls/get-payroll";
import { employeeDocuments } from "@/server/documents/read-documents";

type Params = { params: Promise<{ orgId: string; employeeId: string }> };

async function employeeOf(orgId: string, employeeId: string) {
  const ctx = await requireConsoleTenant(orgId);
  if (!isUuid(employeeId)) notFound();
  const found = await getEmployee({ ctx, employeeId }).catch((error: unknown) => {
    if (error instanceof NotFound) return null;
    throw error;
  });
  if (!found) notFound();
  return { ctx, found };
}

/** The page is named after the employee (browser tab, history, bookmarks). */
export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { orgId, employeeId } = await params;
  const { found } = await employeeOf(orgId, employeeId);
  return { title: `${found.employee.firstName} ${found.employee.lastName}` };
}

export default async function EmployeePage({ params }: Params) {
  const { orgId, employeeId } = await params;
  const { ctx, found } = await employeeOf(orgId, employeeId);
  const { employee, version } = found;
  const [t, format] = await Promise.all([getTranslations("employees.page"), getFormat()]);
  const sectionLabel = (id: EmployeeSectionId) => t(`sections.${id}`);
  const { items: payrolls } = await listPayrolls({ ctx, input: { limit: 50 } });
  const payroll = payrolls.find((p) => p.divisionId === employee.divisionId) ?? null;
  const base = `/tenants/${orgId}/employees/${employee.id}`;

  let missingSection = null;
  let payslip = null;
  let documents = null;
  if (payroll && consoleCan(ctx, "document.read")) {
    const { items } = await employeeDocuments({ ctx, payrollId: payroll.id, employeeId: employee.id });
    documents = (
      <Card title={t("documents")} description={t("documentsDescription")}>
        <EmployeeDocuments orgId={orgId} payrollId={payroll.id} items={items} />
      </Card>
    );
  }
  if (payroll && consoleCan(ctx, "payroll.read")) {
    const { period, entry, blockingItems } = await openPayslipOf(ctx, payroll.id, employee.id);
    const words = await payslipWordsOf(ctx, payroll.id, period, entry);
    payslip = (
      <section id="payslip" className="scroll-mt-16">
        <Card
          title={t("payslip")}
          description={
            period
              ? t("payslipDescription", { start: format.date(period.periodStart), end: format.date(period.periodEnd) })
              : undefined
          }
        >
          <PayslipPreview
            entry={entry}
            period={period}
            blockingItems={blockingItems}
            words={words}
            controlHref={`/tenants/${orgId}/payroll-control#employee-${employee.id}`}
          />
        </Card>
      </section>
    );
  }

  const record = (
    <Card title={t("record")} description={t("recordDescription")}>
      <EditEmployeeForm
        orgId={orgId}
        employee={employee}
        etag={etagOf({ id: employee.id, version })}
        canWrite={consoleCan(ctx, "employee.write")}
        backHref={`/tenants/${orgId}/employees`}
      />
    </Card>
  );
  // The one-time link that brings the employee into the portal (an invitation with role Self Service for this record).
  const selfService = consoleCan(ctx, "membership.write") ? (
    <Card title={t("selfService.title")} description={t("selfService.description")}>
      <ButtonLink variant="secondary" href={`/tenants/${orgId}/people?employee=${employee.id}#invite`}>
        {t("selfService.invite")}
      </ButtonLink>
    </Card>
  ) : null;
  const sections: EmployeeSection[] = [];
  if (payroll) {
    const missing = await employeeMissingData({ ctx, payrollId: payroll.id, employeeId: employee.id });
    const data = await loadCaseData({ ctx, payroll, employeeId: employee.id, valueDate: missing.valueDate });
    // Self Service fills only their own ESS/ECT cases: the rest is for the payroll office.
    const visible = new Set(data.cases.map((c) => c.name));
    const items = missing.items.filter((item) => visible.has(item.caseName));
    missingSection = (
      <Card title={t("missing")} description={t("missingDescription", { date: format.date(missing.valueDate) })}>
        <MissingDataList items={items} hrefOf={(item) => `${base}#case-${item.caseName}`} />
      </Card>
    );
    const controlHref = consoleCan(ctx, "payroll.read")
      ? `/tenants/${orgId}/payroll-control#employee-${employee.id}`
      : undefined;
    sections.push({
      id: "overview",
      label: sectionLabel("overview"),
      content: (
        <>
          {record}
          {selfService}
          <ScheduledChanges data={data} hrefOf={(caseName) => `${base}#case-${caseName}`} />
          {payslip}
        </>
      ),
    });
    const grouped = new Map<EmployeeSectionId, typeof data.cases>();
    for (const definition of data.cases) {
      const id = sectionOfCase(definition.name);
      grouped.set(id, [...(grouped.get(id) ?? []), definition]);
    }
    for (const id of SECTION_ORDER) {
      const cases = grouped.get(id);
      if (!cases?.length) continue;
      sections.push({
        id,
        label: sectionLabel(id),
        content: (
          <>
            <p className="text-sm text-slate-600">{t("changesNote")}</p>
            {cases.map((definition) => (
              <CaseCard key={definition.name} data={data} definition={definition} controlHref={controlHref} />
            ))}
            {id === "tax" ? <TariffProposal data={data} /> : null}
          </>
        ),
      });
    }
  } else {
    sections.push({
      id: "overview",
      label: sectionLabel("overview"),
      content: (
        <>
          {record}
          {selfService}
        </>
      ),
    });
  }
  if (documents) sections.push({ id: "documents", label: sectionLabel("documents"), content: documents });

  return (
    <>
      <PageHeader
        title={`${employee.firstName} ${employee.lastName}`}
        description={[
          t("identifier", { identifier: employee.identifier }),
          employee.employed ? t("employed") : t("notEmployed"),
          ...(employee.entryDate ? [t("since", { date: format.date(employee.entryDate) })] : []),
        ].join(" · ")}
      />
      <div className="space-y-6">
        {missingSection}
        <EmployeeSections sections={sections} label={t("sectionsLabel")} />
      </div>
    </>
  );
}
