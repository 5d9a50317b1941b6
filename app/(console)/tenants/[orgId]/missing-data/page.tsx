import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { consolePage } from "@/components/console/page";
import { MissingDataList } from "@/components/cases/missing-data-list";
import { getFormat } from "@/components/format/server";
import { Card, PageHeader } from "@/components/ui/card";
import { payrollMissingData } from "@/server/cases/missing-data";
import { employeeNames } from "@/components/periods/load";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("cases.missing.page");
  return { title: t("title") };
}

export default async function MissingDataPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { ctx, orgId, payroll } = await consolePage(params, { permission: "payroll.read", needsPayroll: true });
  const [t, format] = await Promise.all([getTranslations("cases.missing.page"), getFormat()]);
  const missing = await payrollMissingData({ ctx, payrollId: payroll.id });
  const names = new Map(Object.entries(await employeeNames(ctx)));
  const company = missing.items.filter((i) => i.employeeId === null);
  const employees = missing.items.filter((i) => i.employeeId !== null);
  return (
    <>
      <PageHeader title={t("title")} description={t("description", { date: format.date(missing.valueDate) })} />
      <div className="space-y-6">
        <Card title={t("company")}>
          <MissingDataList
            items={company}
            hrefOf={(item) => `/tenants/${orgId}/company#case-${item.caseName}`}
            label={t("companyLabel")}
          />
        </Card>
        <Card title={t("employees")}>
          <MissingDataList
            items={employees}
            names={names}
            hrefOf={(item) => `/tenants/${orgId}/employees/${item.employeeId}#case-${item.caseName}`}
            label={t("employeesLabel")}
          />
        </Card>
      </div>
    </>
  );
}
