import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { defaultStartOf } from "@/components/cases/case-sections";
import { languageOf, localized } from "@/components/cases/labels";
import { EFFECT_CASES, REVIEWED_CASES, isPortalCase, portalRecord } from "@/components/self-service/load";
import { ReportForm } from "@/components/self-service/report-form";
import { Alert } from "@/components/ui/alert";
import { requirePortalTenant } from "@/server/auth/console-session";
import { listCases, valuesInTime } from "@/server/cases/read-cases";

type Params = { params: Promise<{ orgId: string; caseName: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("portal.report");
  return { title: t("title") };
}

/** One case to report a change of, filled with the values in force; wage data is a 404 here. */
export default async function PortalReportPage({ params }: Params) {
  const { orgId, caseName } = await params;
  if (!isPortalCase(caseName)) notFound();
  const ctx = await requirePortalTenant(orgId);
  const { employee, payroll } = await portalRecord(ctx);
  const [t, locale] = await Promise.all([getTranslations("portal.report"), getLocale()]);
  if (!payroll) return <Alert tone="info">{t("noPayroll")}</Alert>;
  const [{ items }, inForce, defaultStart] = await Promise.all([
    listCases({ ctx, payrollId: payroll.id, input: { employeeId: employee.id } }),
    valuesInTime({ ctx, payrollId: payroll.id, input: { employeeId: employee.id } }),
    defaultStartOf(ctx, payroll),
  ]);
  const definition = items.find((c) => c.name === caseName);
  if (!definition) notFound();
  const current = Object.fromEntries(
    inForce.items.filter((v) => v.caseName === caseName).map((v) => [v.caseFieldName, v.value]),
  );
  const dataHref = `/self-service/${orgId}/data`;
  const reviewed = REVIEWED_CASES.includes(caseName);
  return (
    <>
      <Link
        href={`/self-service/${orgId}/report`}
        className="inline-flex min-h-11 items-center text-sm font-medium text-sky-800 underline"
      >
        {t("back")}
      </Link>
      <h1 className="text-xl font-semibold tracking-tight text-slate-900">
        {localized(definition.displayName, languageOf(locale))}
      </h1>
      <p className="text-sm text-slate-600">
        {reviewed
          ? t("reviewedLong")
          : caseName === "EmployeePersonalData"
            ? t("civilStatusReviewedLong")
            : t("atOnceLong")}
      </p>
      <ReportForm
        orgId={orgId}
        payrollId={payroll.id}
        employeeId={employee.id}
        definition={definition}
        current={current}
        defaultStart={defaultStart}
        showsEffect={EFFECT_CASES.includes(caseName)}
        dataHref={dataHref}
      />
    </>
  );
}
