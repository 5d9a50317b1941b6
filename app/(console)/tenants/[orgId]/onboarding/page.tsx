import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CaseSections } from "@/components/cases/case-sections";
import { localized } from "@/components/cases/labels";
import { MissingDataList } from "@/components/cases/missing-data-list";
import { ChartOfAccountsSection, CostCentersSection } from "@/components/lookups/sections";
import { CreatePayrollForm } from "@/components/payrolls/create-payroll-form";
import { formatDate } from "@/components/payrolls/labels";
import { tenantPayroll } from "@/components/payrolls/tenant-payroll";
import { RegulationsSection } from "@/components/regulations/regulations-section";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { consoleCan, requireConsoleTenant } from "@/server/auth/console-session";
import { payrollMissingData } from "@/server/cases/missing-data";
import { listEmployees } from "@/server/employees/list-employees";
import { todayInZurich } from "@/server/dates";
import { listLookupValues } from "@/server/lookups/list-lookup-values";
import { listWageTypes } from "@/server/lookups/list-wage-types";
import { availableRegulations, getPayrollRegulations } from "@/server/regulations/assignment";

export const metadata: Metadata = { title: "Set up the payroll" };

const STEPS = [
  { id: "details", title: "Company and start date" },
  { id: "regulations", title: "Regulations" },
  { id: "chart", title: "Chart of accounts" },
  { id: "company", title: "Company data" },
  { id: "cost-centers", title: "Cost centers" },
  { id: "employees", title: "Employees" },
] as const;
type StepId = (typeof STEPS)[number]["id"];
/** A checklist line: done or not, and in a few words what the payroll has now. */
type StepState = { done: boolean; detail: string };
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Onboarding of a new payroll as a checklist: each step says whether it is done and what the payroll
 * has (read from the service verbs, as it is now), and leads to the next one. The console sends an Administrator here while the tenant has no payroll.
 */
export default async function OnboardingPage({ params, searchParams }: { params: Promise<{ orgId: string }>; searchParams: Promise<{ step?: string }> }) {
  const { orgId } = await params;
  const ctx = await requireConsoleTenant(orgId);
  // A setting of the tenant: Administrators only (a Manager has no link here and gets 404).
  if (!consoleCan(ctx, "payroll.update")) notFound();
  const base = `/tenants/${orgId}/onboarding`;
  const href = (step: StepId) => `${base}?step=${step}`;
  const found = await tenantPayroll(ctx);

  if (!found) {
    const countries = (await availableRegulations()).items.map((c) => ({ name: c.name, label: `${c.displayName.en} (${c.name})` }));
    return (
      <>
        <PageHeader title="Set up the payroll" description="Step 1 of 6. The company has no payroll yet." />
        <Progress current="details" states={null} href={href} enabled={false} />
        <Card title="Company and start date" description="One payroll per tenant. Its first payrun period opens in the month of the accounting start date.">
          {consoleCan(ctx, "payroll.create") ? (
            <CreatePayrollForm orgId={orgId} suggestedStart={`${todayInZurich().slice(0, 4)}-01-01`} countries={countries} nextHref={href("regulations")} />
          ) : (
            <Alert tone="info">An administrator of this tenant creates the payroll.</Alert>
          )}
        </Card>
      </>
    );
  }

  const { payroll } = found;
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
  const offered = (list: { name: string }[] | undefined, name: string | null) => name !== null && !!list?.some((r) => r.name === name);
  const regulationsDone = !!country && offered(country.accountingDocument, assigned.accountingDocument) && offered(country.accountingData, assigned.accountingData);
  const mapped = wageTypes.items.filter((w) => w.debitAccount && w.creditAccount).length;
  const chartDone = offered(country?.accountingData, assigned.accountingData) && accounts.items.length > 0 && mapped > 0;
  const employeesWithMissing = new Set(employeeMissing.map((i) => i.employeeId)).size;
  const states: Record<StepId, StepState> = {
    details: { done: true, detail: `from ${formatDate(payroll.accountingStartDate)}` },
    regulations: {
      done: regulationsDone,
      detail: regulationsDone
        ? [country, ...country.industries.filter((i) => assigned.industries.includes(i.name))].map((r) => localized(r.displayName, payroll.documentLanguage) || r.name).join(", ")
        : "accounting template or chart missing",
    },
    chart: {
      done: chartDone,
      detail: assigned.accountingData
        ? `${accounts.nextCursor ? "500+" : accounts.items.length} accounts, ${mapped} of ${wageTypes.items.length} wage types mapped`
        : "no chart of accounts assigned",
    },
    company: { done: companyMissing.length === 0, detail: companyMissing.length ? `${count(companyMissing.length, "case", "cases")} missing data` : "nothing missing" },
    "cost-centers": { done: costCenters.items.length > 0, detail: costCenters.items.length ? "in use" : "none (optional)" },
    employees: {
      done: staff.items.length > 0 && employeeMissing.length === 0,
      detail: staff.items.length === 0 ? "none yet" : employeesWithMissing ? `${count(employeesWithMissing, "employee", "employees")} with missing data` : "nothing missing",
    },
  };
  const done = new Set(STEPS.filter((s) => states[s.id].done).map((s) => s.id));

  const asked = (await searchParams).step;
  const current: StepId = STEPS.some((s) => s.id === asked) ? (asked as StepId) : (STEPS.find((s) => !done.has(s.id))?.id ?? "employees");
  const index = STEPS.findIndex((s) => s.id === current);
  const next = STEPS[index + 1];
  const continueLink = next ? (
    <ButtonLink href={href(next.id)} variant="secondary">
      Continue: {next.title.toLowerCase()}
    </ButtonLink>
  ) : null;

  return (
    <>
      <PageHeader title="Set up the payroll" description={`${payroll.name} · step ${index + 1} of ${STEPS.length} · ${done.size} of ${STEPS.length} done`} />
      <Progress current={current} states={states} href={href} enabled />
      <div className="space-y-6">
        {current === "details" ? (
          <Card title="Company and start date" description="Done: the payroll exists.">
            <dl className="grid gap-1 text-sm sm:grid-cols-[12rem_1fr]">
              <dt className="text-slate-500">Name</dt>
              <dd>{payroll.name}</dd>
              <dt className="text-slate-500">Accounting start date</dt>
              <dd>{formatDate(payroll.accountingStartDate)} (fixed)</dd>
            </dl>
            <p className="mt-3 text-sm">
              Name and document language can change any time in the{" "}
              <Link className="underline" href={`/tenants/${orgId}/settings`}>
                company settings
              </Link>
              .
            </p>
            <div className="mt-4">{continueLink}</div>
          </Card>
        ) : null}
        {current === "regulations" ? (
          <RegulationsSection ctx={ctx} payroll={payroll} explain={false} nextHref={href("chart")} submitLabel="Save and continue" />
        ) : null}
        {current === "chart" ? (
          <>
            <ChartOfAccountsSection ctx={ctx} payroll={payroll} />
            {continueLink}
          </>
        ) : null}
        {current === "company" ? (
          <>
            <Card title="Missing company data" description={`Required fields without a value on ${formatDate(missing.valueDate)}.`}>
              <MissingDataList items={companyMissing} language={payroll.documentLanguage} hrefOf={(item) => `#case-${item.caseName}`} label="Missing company data" />
            </Card>
            <CaseSections ctx={ctx} payroll={payroll} employeeId={null} valueDate={missing.valueDate} />
            {continueLink}
          </>
        ) : null}
        {current === "cost-centers" ? (
          <>
            <Alert tone="info">Optional. A payroll without cost centers needs none; once it has one, every employee needs a cost center.</Alert>
            <CostCentersSection ctx={ctx} payroll={payroll} />
            {continueLink}
          </>
        ) : null}
        {current === "employees" ? (
          <Card title="Employees" description="Create the employees, then record their personal data, employment and salary on each employee's page.">
            <div className="space-y-4">
              <MissingDataList
                items={employeeMissing}
                language={payroll.documentLanguage}
                hrefOf={(item) => `/tenants/${orgId}/employees/${item.employeeId}#case-${item.caseName}`}
                label="Missing employee data"
              />
              <div className="flex gap-2">
                <ButtonLink href={`/tenants/${orgId}/employees/new`}>New employee</ButtonLink>
                <ButtonLink variant="secondary" href={`/tenants/${orgId}/missing-data`}>
                  All missing data
                </ButtonLink>
              </div>
            </div>
          </Card>
        ) : null}
      </div>
    </>
  );
}

function Progress({ current, states, href, enabled }: { current: StepId; states: Record<StepId, StepState> | null; href: (step: StepId) => string; enabled: boolean }) {
  return (
    <nav aria-label="Onboarding steps" className="mb-6">
      <ol className="grid gap-2 sm:grid-cols-3 lg:grid-cols-6">
        {STEPS.map((step, i) => {
          const state = states?.[step.id] ?? null;
          const isDone = state?.done ?? false;
          const label = `${i + 1}. ${step.title}`;
          const status = isDone ? "✓ done" : step.id === "cost-centers" && state ? "optional" : "to do";
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
                <Link href={href(step.id)} className={className} aria-current={step.id === current ? "step" : undefined}>
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
