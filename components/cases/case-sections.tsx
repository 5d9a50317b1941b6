import type { TenantCtx } from "@/server/context";
import { consoleCan } from "@/server/auth/console-session";
import { listCaseChanges, listCases, valuesInTime } from "@/server/cases/read-cases";
import { listLookupValues } from "@/server/lookups/list-lookup-values";
import type { Payroll } from "@/server/payrolls/schemas";
import { listPayrunPeriods } from "@/server/periods/list-periods";
import { Card } from "@/components/ui/card";
import { CaseForm } from "./case-form";
import { CaseTimeline } from "./field-timeline";
import { localized, type CaseDefinition, type Language, type LookupChoices } from "./labels";
import { fieldTimelines } from "./timeline";

/** The payroll's own lookup values as choices for lookup fields (cost centers); none for roles that cannot read them. */
export async function lookupChoicesOf(ctx: TenantCtx, payrollId: string): Promise<LookupChoices> {
  if (!consoleCan(ctx, "payroll.read")) return {};
  const { items } = await listLookupValues({ ctx, payrollId, input: { limit: 500 } });
  const choices: LookupChoices = {};
  for (const item of items) (choices[item.lookupId] ??= []).push({ key: item.key, value: item.value });
  for (const list of Object.values(choices)) list.sort((a, b) => a.key.localeCompare(b.key, "en", { numeric: true }));
  return choices;
}

/** Where a new value starts by default: the open payrun period (or the accounting start date). */
export async function defaultStartOf(ctx: TenantCtx, payroll: Payroll) {
  const { items } = await listPayrunPeriods({ ctx, payrollId: payroll.id });
  return items.find((p) => p.status === "open")?.periodStart ?? payroll.accountingStartDate;
}

/**
 * Every case of a subject (an employee, or the company with null) as a generated entry form with the
 * timeline of its fields. The values shown are those in force on valueDate.
 */
export async function CaseSections({ ctx, payroll, employeeId, valueDate }: { ctx: TenantCtx; payroll: Payroll; employeeId: string | null; valueDate: string }) {
  const language: Language = payroll.documentLanguage;
  const subject = employeeId ? { employeeId } : {};
  const [cases, changes, inForce, lookups, defaultStart] = await Promise.all([
    listCases({ ctx, payrollId: payroll.id, input: subject }),
    listCaseChanges({ ctx, payrollId: payroll.id, input: { ...subject, scope: employeeId ? "all" : "company", limit: 500 } }),
    valuesInTime({ ctx, payrollId: payroll.id, input: { ...subject, valueDate } }),
    lookupChoicesOf(ctx, payroll.id),
    defaultStartOf(ctx, payroll),
  ]);
  const timelines = fieldTimelines(changes.items);
  const current = new Map(inForce.items.map((v) => [v.caseFieldName, v.value]));
  // Company data (employeeId null) is the tenant's setting: written only by who holds company.write.
  const canWrite = consoleCan(ctx, "case.write") && (employeeId !== null || consoleCan(ctx, "company.write"));
  const currentOf = (definition: CaseDefinition) =>
    Object.fromEntries(definition.fields.filter((f) => !f.moment && current.has(f.name)).map((f) => [f.name, current.get(f.name)!]));

  return (
    <div className="space-y-6">
      {cases.items.map((definition) => (
        <section key={definition.name} id={`case-${definition.name}`} className="scroll-mt-6">
          <Card
            title={localized(definition.displayName, language)}
            description={definition.cluster ? `${definition.cluster === "P" ? "Payroll control" : definition.cluster === "ESS" ? "Employee self service" : "Employee contract"} case (${definition.cluster})` : undefined}
          >
            <CaseForm
              orgId={ctx.tenantId}
              payrollId={payroll.id}
              employeeId={employeeId}
              definition={definition}
              language={language}
              current={currentOf(definition)}
              lookups={lookups}
              defaultStart={defaultStart}
              canWrite={canWrite}
            />
            <details className="mt-4 border-t border-slate-100 pt-3">
              <summary className="cursor-pointer text-sm font-medium text-slate-700">History of {localized(definition.displayName, language).toLowerCase()}</summary>
              <div className="mt-3">
                <CaseTimeline definition={definition} timelines={timelines} language={language} lookups={lookups} />
              </div>
            </details>
          </Card>
        </section>
      ))}
    </div>
  );
}
