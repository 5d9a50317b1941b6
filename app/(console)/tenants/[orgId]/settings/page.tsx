import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { consolePage } from "@/components/console/page";
import { AccountingStartGuidance } from "@/components/payrolls/accounting-start-guidance";
import { CreatePayrollForm } from "@/components/payrolls/create-payroll-form";
import { availableRegulations } from "@/server/regulations/available";
import { GoLiveForm } from "@/components/payrolls/go-live-form";
import { getFormat } from "@/components/format/server";
import { displayName } from "@/components/regulations/display-name";
import { PayrollSettingsForm } from "@/components/payrolls/payroll-settings-form";
import { Alert } from "@/components/ui/alert";
import { Card, PageHeader } from "@/components/ui/card";
import { consoleCan } from "@/server/auth/console-session";
import { todayInZurich } from "@/server/dates";
import { etagOf } from "@/server/http/etag";
import { getPayroll, listPayrolls } from "@/server/payrolls/get-payroll";
import { listPayrunPeriods } from "@/server/periods/list-periods";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("payroll.settings");
  return { title: t("title") };
}

export default async function SettingsPage({ params }: { params: Promise<{ orgId: string }> }) {
  // A setting of the tenant: Administrators only (a Manager has no link here and gets 404).
  const { ctx, orgId } = await consolePage(params, { permission: "payroll.update" });
  const { items } = await listPayrolls({ ctx, input: { limit: 1 } });
  const first = items[0];
  const t = await getTranslations("payroll.settings");
  const format = await getFormat();
  const locale = await getLocale();

  if (!first && consoleCan(ctx, "payroll.create")) redirect(`/tenants/${orgId}/onboarding`);
  if (!first) {
    return (
      <>
        <PageHeader title={t("title")} description={t("noPayroll")} />
        <Card title={t("createTitle")} description={t("createDescription")}>
          {consoleCan(ctx, "payroll.create") ? (
            <CreatePayrollForm
              orgId={orgId}
              suggestedStart={`${todayInZurich().slice(0, 4)}-01-01`}
              countries={(await availableRegulations()).items.map((c) => ({
                name: c.name,
                label: `${displayName(c.displayName, locale) || c.name} (${c.name})`,
              }))}
            />
          ) : (
            <Alert tone="info">{t("adminCreates")}</Alert>
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
      <PageHeader title={t("title")} description={payroll.name} />
      <div className="space-y-6">
        <Card title={t("payroll")}>
          <PayrollSettingsForm orgId={orgId} payroll={payroll} etag={etag} canUpdate={canUpdate} />
        </Card>

        <Card title={t("startTitle")} description={t("startFixed")}>
          <dl className="mb-4 grid gap-1 text-sm">
            <dt className="text-slate-500">{t("startTitle")}</dt>
            <dd className="text-lg font-semibold text-slate-900" data-testid="accounting-start-date">
              {format.date(payroll.accountingStartDate)}
            </dd>
          </dl>
          <AccountingStartGuidance />
        </Card>

        <Card title={t("goLiveTitle")} description={t("goLiveDescription")}>
          {payroll.transmissionStartDate ? (
            <Alert tone="success" title={t("liveSince", { date: format.date(payroll.transmissionStartDate) })}>
              {t("oneWay")}
            </Alert>
          ) : canUpdate ? (
            <div className="space-y-4">
              <p className="text-sm text-slate-700">
                {t("notLive")} {open ? t("openPeriodStarts", { date: format.date(open.periodStart) }) : null}{" "}
                {t("closeCatchUp")}
              </p>
              <GoLiveForm orgId={orgId} payroll={payroll} etag={etag} openPeriodStart={open?.periodStart ?? null} />
            </div>
          ) : (
            <p className="text-sm text-slate-700">{t("adminSetsGoLive")}</p>
          )}
        </Card>
      </div>
    </>
  );
}
