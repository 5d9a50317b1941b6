import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { type SearchParams, consolePage, singleParam } from "@/components/console/page";
import { CaseSections } from "@/components/cases/case-sections";
import { MissingDataList } from "@/components/cases/missing-data-list";
import { ChartOfAccountsSection, CostCentersSection } from "@/components/lookups/sections";
import { CreatePayrollForm } from "@/components/payrolls/create-payroll-form";
import { getFormat } from "@/components/format/server";
import { tenantPayroll } from "@/components/payrolls/tenant-payroll";
import { displayName, languageOf } from "@/components/regulations/display-name";
import { RegulationsSection } from "@/components/regulations/regulations-section";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { consoleCan } from "@/server/auth/console-session";
import { payrollMissingData } from "@/server/cases/missing-data";
import { listEmployees } from "@/server/employees/list-employees";
import { todayInZurich } from "@/server/dates";
import { listLookupValues } from "@/server/lookups/list-lookup-values";
import { listWageTypes } from "@/server/lookups/list-wage-types";
import { getPayrollRegulations } from "@/server/payrolls/regulations";
import { availableRegulations } from "@/server/regulations/available";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("payroll.onboarding");
  return { title: t("title") };
}

/** The steps in order; their titles are payroll.onboarding.steps.<id>. */
const STEPS = [
  { id: "details" },
  { id: "regulations" },
  { id: "chart" },
  { id: "company" },
  { id: "cost-centers" },
  { id: "employees" },
] as const;
type StepId = (typeof STEPS)[number]["id"];
/** A checklist line: done or not, and in a few words what the payroll has now. */
type StepState = { done: boolean; detail: string };
type Translate = Awaited<ReturnType<typeof getTranslations<"payroll.onboarding">>>;

/**
 * Onboarding of a new payroll as a checklist: each step says whether it is done and what the payroll
 * has (read from the service verbs, as it is now), and leads to the next one. The console sends an Administrator here while the tenant has no payroll.
 */
export default async function OnboardingPage({
  params,
  searchParams,
}: {
  params: Promise<{ orgId: string }>;
  searchParams: SearchParams;
}) {
  // A setting of the tenant: Administrators only (a Manager has no link here and gets 404).
  const { ctx, orgId } = await consolePage(params, { permission: "payroll.update" });
  const base = `/tenants/${orgId}/onboarding`;
  const href = (step: StepId) => `${base}?step=${step}`;
  const found = await tenantPayroll(ctx);
  const t = await getTranslations("payroll.onboarding");
  const tPayroll = await getTranslations("payroll");
  const locale = await getLocale();
  const format = await getFormat();

  if (!found) {
    const countries = (await availableRegulations()).items.map((c) => ({
      name: c.name,
      label: `${displayName(c.displayName, locale) || c.name} (${c.name})`,
    }));
    return (
      <>
        <PageHeader title={t("title")} description={t("noPayrollYet", { total: STEPS.length })} />
        <Progress current="details" states={null} href={href} enabled={false} t={t} />
        <Card title={t("steps.details")} description={t("detailsDescription")}>
          {consoleCan(ctx, "payroll.create") ? (
            <CreatePayrollForm
              orgId={orgId}
              suggestedStart={`${todayInZurich().slice(0, 4)}-01-01`}
              countries={countries}
              nextHref={href("regulations")}
            />
          ) : (
            <Alert tone="info">{tPayroll("settings.adminCreates")}</Alert>
          )}
        </Card>
      </>
    );
  }

  const { payroll } = found;
  const tReg = await getTranslations("regulations");
  const [missing, costCenters, accounts, staff, assigned, available, wageTypes] = await Promise.all([
    payrollMissingData({ ctx, payrollId: payroll.id }),
    listLookupValues({ ctx, payrollId: payroll.id, input: { limit: 1, lookupName: "CostCenters" } }),
    listLookupValues({ ctx, payrollId: payroll.id, input: { limit: 500, lookupName: "Accounts" } }),
    listEmployees({ ctx, input: { limit: 1, includeFormer: true } }),
    getPayrollRegulations({ ctx, payrollId: payroll.id }),
    availableRegulations(),
    listWageTypes({ ctx, payrollId: payroll.id }),
  ]);
  const companyMissing = missing.items.filter((i) => i.employeeId === null);
  const employeeMissing = missing.items.filter((i) => i.employeeId !== null);
  // What is assigned and in the catalog is what the payroll calculates with: nothing to review first.
  const country = available.items.find((c) => c.name === assigned.countryRegulation);
  const offered = (list: { name: string }[] | undefined, name: string | null) =>
    name !== null && !!list?.some((r) => r.name === name);
  const regulationsDone =
    !!country &&
    offered(country.accountingDocument, assigned.accountingDocument) &&
    offered(country.accountingData, assigned.accountingData);
  const mapped = wageTypes.items.filter((w) => w.debitAccount && w.creditAccount).length;
  const chartDone =
    offered(country?.accountingData, assigned.accountingData) && accounts.items.length > 0 && mapped > 0;
  const employeesWithMissing = new Set(employeeMissing.map((i) => i.employeeId)).size;
  const states: Record<StepId, StepState> = {
    details: { done: true, detail: t("detail.from", { date: format.date(payroll.accountingStartDate) }) },
    regulations: {
      done: regulationsDone,
      detail: regulationsDone
        ? [country, ...country.industries.filter((i) => assigned.industries.includes(i.name))]
            .map((r) => displayName(r.displayName, locale) || r.name)
            .join(", ")
        : t("detail.regulationsMissing"),
    },
    chart: {
      done: chartDone,
      detail: assigned.accountingData
        ? t("detail.chart", {
            accounts: accounts.nextCursor ? "500+" : String(accounts.items.length),
            mapped,
            total: wageTypes.items.length,
          })
        : t("detail.noChart"),
    },
    company: {
      done: companyMissing.length === 0,
      detail: companyMissing.length
        ? t("detail.casesMissing", { count: companyMissing.length })
        : t("detail.nothingMissing"),
    },
    "cost-centers": {
      done: costCenters.items.length > 0,
      detail: costCenters.items.length ? t("detail.inUse") : t("detail.noneOptional"),
    },
    employees: {
      done: staff.items.length > 0 && employeeMissing.length === 0,
      detail:
        staff.items.length === 0
          ? t("detail.noneYet")
          : employeesWithMissing
            ? t("detail.employeesMissing", { count: employeesWithMissing })
            : t("detail.nothingMissing"),
    },
  };
  const done = new Set(STEPS.filter((s) => states[s.id].done).map((s) => s.id));

  const asked = singleParam((await searchParams).step);
  const current: StepId = STEPS.some((s) => s.id === asked)
    ? (asked as StepId)
    : (STEPS.find((s) => !done.has(s.id))?.id ?? "employees");
  const index = STEPS.findIndex((s) => s.id === current);
  const next = STEPS[index + 1];
  const continueLink = next ? (
    <ButtonLink href={href(next.id)} variant="secondary">
      {t(`continue.${next.id}`)}
    </ButtonLink>
  ) : null;

  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("progress", { name: payroll.name, step: index + 1, total: STEPS.length, done: done.size })}
      />
      <Progress current={current} states={states} href={href} enabled t={t} />
      <div className="space-y-6">
        {current === "details" ? (
          <Card title={t("steps.details")} description={t("detailsDone")}>
            <dl className="grid gap-1 text-sm sm:grid-cols-[12rem_1fr]">
              <dt className="text-slate-500">{t("name")}</dt>
              <dd>{payroll.name}</dd>
              <dt className="text-slate-500">{tPayroll("form.start")}</dt>
              <dd>{t("startFixed", { date: format.date(payroll.accountingStartDate) })}</dd>
            </dl>
            <p className="mt-3 text-sm">
              {t.rich("changeLater", {
                link: (chunks) => (
                  <Link className="underline" href={`/tenants/${orgId}/settings`}>
                    {chunks}
                  </Link>
                ),
              })}
            </p>
            <div className="mt-4">{continueLink}</div>
          </Card>
        ) : null}
        {current === "regulations" ? (
          <RegulationsSection
            ctx={ctx}
            payroll={payroll}
            explain={false}
            nextHref={href("chart")}
            submitLabel={tReg("form.saveAndContinue")}
          />
        ) : null}
        {current === "chart" ? (
          <>
            <ChartOfAccountsSection ctx={ctx} payroll={payroll} />
            {continueLink}
          </>
        ) : null}
        {current === "company" ? (
          <>
            <Card
              title={tPayroll("company.missing")}
              description={tPayroll("company.missingDescription", { date: format.date(missing.valueDate) })}
            >
              <MissingDataList
                items={companyMissing}
                language={languageOf(locale)}
                hrefOf={(item) => `#case-${item.caseName}`}
                label={tPayroll("company.missing")}
              />
            </Card>
            <CaseSections ctx={ctx} payroll={payroll} employeeId={null} valueDate={missing.valueDate} />
            {continueLink}
          </>
        ) : null}
        {current === "cost-centers" ? (
          <>
            <Alert tone="info">{t("costCentersOptional")}</Alert>
            <CostCentersSection ctx={ctx} payroll={payroll} />
            {continueLink}
          </>
        ) : null}
        {current === "employees" ? (
          <Card title={t("steps.employees")} description={t("employeesDescription")}>
            <div className="space-y-4">
              <MissingDataList
                items={employeeMissing}
                language={languageOf(locale)}
                hrefOf={(item) => `/tenants/${orgId}/employees/${item.employeeId}#case-${item.caseName}`}
                label={tPayroll("company.missingEmployee")}
              />
              <div className="flex gap-2">
                <ButtonLink href={`/tenants/${orgId}/employees/new`}>{t("newEmployee")}</ButtonLink>
                <ButtonLink variant="secondary" href={`/tenants/${orgId}/missing-data`}>
                  {t("allMissing")}
                </ButtonLink>
              </div>
            </div>
          </Card>
        ) : null}
      </div>
    </>
  );
}

function Progress({
  current,
  states,
  href,
  enabled,
  t,
}: {
  current: StepId;
  states: Record<StepId, StepState> | null;
  href: (step: StepId) => string;
  enabled: boolean;
  t: Translate;
}) {
  return (
    <nav aria-label={t("stepsLabel")} className="mb-6">
      <ol className="grid gap-2 sm:grid-cols-3 lg:grid-cols-6">
        {STEPS.map((step, i) => {
          const state = states?.[step.id] ?? null;
          const isDone = state?.done ?? false;
          const label = `${i + 1}. ${t(`steps.${step.id}`)}`;
          const status = isDone ? t("done") : step.id === "cost-centers" && state ? t("optional") : t("toDo");
          const className = `block h-full rounded-md border px-3 py-2 text-xs ${step.id === current ? "border-slate-900 bg-slate-900 text-white" : isDone ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "border-slate-200 bg-white text-slate-700"}`;
          const content = (
            <>
              <span className="font-medium">{label}</span>
              <span className="block" data-testid="step-status">
                {status}
              </span>
              {state ? (
                <span className="block opacity-80" data-testid="step-detail">
                  {state.detail}
                </span>
              ) : null}
            </>
          );
          return (
            <li key={step.id} data-step={step.id} data-done={isDone ? "true" : "false"}>
              {enabled ? (
                <Link
                  href={href(step.id)}
                  className={className}
                  aria-current={step.id === current ? "step" : undefined}
                >
                  {content}
                </Link>
              ) : (
                <span className={className}>{content}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
