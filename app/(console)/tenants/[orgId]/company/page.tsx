import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { consolePage } from "@/components/console/page";
import { CaseSections } from "@/components/cases/case-sections";
import { MissingDataList } from "@/components/cases/missing-data-list";
import { getFormat } from "@/components/format/server";
import { languageOf } from "@/components/regulations/display-name";
import { Alert } from "@/components/ui/alert";
import { Card, PageHeader } from "@/components/ui/card";
import { consoleCan } from "@/server/auth/console-session";
import { payrollMissingData } from "@/server/cases/missing-data";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("payroll.company");
  return { title: t("title") };
}

export default async function CompanyDataPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { ctx, payroll } = await consolePage(params, { permission: "payroll.read", needsPayroll: true });
  const missing = await payrollMissingData({ ctx, payrollId: payroll.id });
  const canWrite = consoleCan(ctx, "company.write");
  const t = await getTranslations("payroll.company");
  const format = await getFormat();
  const locale = await getLocale();
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        {canWrite ? null : (
          <Alert tone="info" title={t("readOnly")}>
            {t("readOnlyBody")}
          </Alert>
        )}
        <Card title={t("missing")} description={t("missingDescription", { date: format.date(missing.valueDate) })}>
          <MissingDataList
            items={missing.items.filter((i) => i.employeeId === null)}
            language={languageOf(locale)}
            hrefOf={(item) => `#case-${item.caseName}`}
            label={t("missing")}
          />
        </Card>
        <CaseSections ctx={ctx} payroll={payroll} employeeId={null} valueDate={missing.valueDate} />
      </div>
    </>
  );
}
