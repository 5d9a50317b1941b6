import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import type { TenantCtx } from "@/server/context";
import { consoleCan } from "@/server/auth/console-session";
import { listCaseChanges, listCases, valuesInTime } from "@/server/cases/read-cases";
import type { CaseChange } from "@/server/cases/schemas";
import { getFormat } from "@/components/format/server";
import { allPages, MAX_PAGE } from "@/server/http/pagination";
import { listLookupValues } from "@/server/lookups/list-lookup-values";
import type { Payroll } from "@/server/payrolls/schemas";
import { listPayrunPeriods } from "@/server/periods/list-periods";
import { Card } from "@/components/ui/card";
import { CaseForm } from "./case-form";
import { CaseTimeline } from "./field-timeline";
import {
  displayValue,
  languageOf,
  localized,
  nameInSentence,
  type CaseDefinition,
  type CaseWords,
  type LookupChoices,
} from "./labels";
import { scheduledChanges, type Scheduled } from "./scheduled";
import { fieldTimelines, type TimelineEntry } from "./timeline";

/** The payroll's own lookup values as choices for lookup fields (cost centers); none for roles that cannot read them. */
export async function lookupChoicesOf(ctx: TenantCtx, payrollId: string): Promise<LookupChoices> {
  if (!consoleCan(ctx, "payroll.read")) return {};
  const items = await allPages((cursor) => listLookupValues({ ctx, payrollId, input: { limit: MAX_PAGE, cursor } }));
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

/** Everything the case forms of one subject (an employee, or the company with null) show, read once. */
export type CaseData = {
  orgId: string;
  payrollId: string;
  employeeId: string | null;
  valueDate: string;
  cases: CaseDefinition[];
  timelines: Map<string, TimelineEntry[]>;
  current: Map<string, string>;
  scheduled: Map<string, Scheduled[]>;
  lookups: LookupChoices;
  defaultStart: string;
  canWrite: boolean;
};

const allCaseChanges = (ctx: TenantCtx, payrollId: string, employeeId: string | null): Promise<CaseChange[]> =>
  allPages((cursor) =>
    listCaseChanges({
      ctx,
      payrollId,
      input: { ...(employeeId ? { employeeId } : {}), scope: employeeId ? "all" : "company", limit: MAX_PAGE, cursor },
    }),
  );

/** The cases of a subject, the values in force on valueDate, each field's history and what is scheduled after valueDate. */
export async function loadCaseData({
  ctx,
  payroll,
  employeeId,
  valueDate,
}: {
  ctx: TenantCtx;
  payroll: Payroll;
  employeeId: string | null;
  valueDate: string;
}): Promise<CaseData> {
  const subject = employeeId ? { employeeId } : {};
  const [cases, changes, inForce, lookups, defaultStart] = await Promise.all([
    listCases({ ctx, payrollId: payroll.id, input: subject, scope: "company" }),
    allCaseChanges(ctx, payroll.id, employeeId),
    valuesInTime({ ctx, payrollId: payroll.id, input: { ...subject, valueDate } }),
    lookupChoicesOf(ctx, payroll.id),
    defaultStartOf(ctx, payroll),
  ]);
  const timelines = fieldTimelines(changes);
  return {
    orgId: ctx.tenantId,
    payrollId: payroll.id,
    employeeId,
    valueDate,
    cases: cases.items,
    timelines,
    current: new Map(inForce.items.map((v) => [v.caseFieldName, v.value])),
    scheduled: scheduledChanges(timelines, valueDate),
    lookups,
    defaultStart,
    // Company data (employeeId null) is the tenant's setting: written only by who holds company.write.
    canWrite: consoleCan(ctx, "case.write") && (employeeId !== null || consoleCan(ctx, "company.write")),
  };
}

/** The person's language, the `cases` catalog and the Swiss formats, for the case screens rendered on the server. */
export async function caseWords(): Promise<CaseWords> {
  const [locale, t, format] = await Promise.all([getLocale(), getTranslations("cases"), getFormat()]);
  return { language: languageOf(locale), t: t as CaseWords["t"], format };
}

/** "7'000.00 from 01.09.2026": a scheduled value as the form and the overview show it. */
export function scheduledLabel(
  field: CaseDefinition["fields"][number] | undefined,
  s: Scheduled,
  lookups: LookupChoices,
  words: CaseWords,
  { currency = false } = {},
) {
  return words.t("scheduledValue", {
    value: displayValue(field, s.value, words, lookups, { currency }),
    date: words.format.date(s.start),
  });
}

/** One case as its entry form (the values in force, what is scheduled) with the history of its fields. */
export async function CaseCard({
  data,
  definition,
  controlHref,
}: {
  data: CaseData;
  definition: CaseDefinition;
  controlHref?: string;
}) {
  const [words, rich] = await Promise.all([caseWords(), getTranslations("cases")]);
  const { language, t } = words;
  const title = localized(definition.displayName, language);
  const fieldsOf = definition.fields.filter((f) => !f.moment);
  const current = Object.fromEntries(
    fieldsOf.filter((f) => data.current.has(f.name)).map((f) => [f.name, data.current.get(f.name)!]),
  );
  const scheduled = Object.fromEntries(
    fieldsOf
      .filter((f) => data.scheduled.has(f.name))
      .map((f) => [f.name, data.scheduled.get(f.name)!.map((s) => scheduledLabel(f, s, data.lookups, words))]),
  );
  // A Payroll Control confirmation names a finding of one period: it is given where Payroll Control lists the finding.
  const confirmation = definition.cluster === "P";
  return (
    <section id={`case-${definition.name}`} className="scroll-mt-16">
      <Card
        title={title}
        description={
          confirmation
            ? rich.rich("confirmationNote", {
                control: (chunks) =>
                  controlHref ? (
                    <Link href={controlHref} className="font-medium text-sky-800 underline underline-offset-2">
                      {chunks}
                    </Link>
                  ) : (
                    chunks
                  ),
              })
            : definition.cluster === "ESS" || definition.cluster === "ECT"
              ? t("selfServiceNote")
              : undefined
        }
      >
        {confirmation ? null : (
          <CaseForm
            orgId={data.orgId}
            payrollId={data.payrollId}
            employeeId={data.employeeId}
            definition={definition}
            current={current}
            scheduled={scheduled}
            valueDate={data.valueDate}
            lookups={data.lookups}
            defaultStart={data.defaultStart}
            canWrite={data.canWrite}
          />
        )}
        <details className={confirmation ? "" : "mt-4 border-t border-slate-100 pt-3"} open={confirmation || undefined}>
          <summary className="cursor-pointer text-sm font-medium text-slate-700">
            {t("history", { name: nameInSentence(title, language) })}
          </summary>
          <div className="mt-3">
            <CaseTimeline definition={definition} timelines={data.timelines} words={words} lookups={data.lookups} />
          </div>
        </details>
      </Card>
    </section>
  );
}

/** What changes after valueDate, field by field, each linking to its case. */
export async function ScheduledChanges({ data, hrefOf }: { data: CaseData; hrefOf: (caseName: string) => string }) {
  const words = await caseWords();
  const { language, t, format } = words;
  const rows = data.cases.flatMap((definition) =>
    definition.fields
      .filter((f) => !f.moment && data.scheduled.has(f.name))
      .flatMap((f) => data.scheduled.get(f.name)!.map((s) => ({ definition, field: f, s }))),
  );
  rows.sort((a, b) => a.s.start.localeCompare(b.s.start));
  return (
    <section aria-labelledby="scheduled-changes" className="rounded-lg border border-slate-200 bg-white shadow-xs">
      <header className="border-b border-slate-100 px-5 py-4">
        <h2 id="scheduled-changes" className="text-base font-semibold text-slate-900">
          {t("scheduledTitle")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {t("scheduledDescription", { date: format.date(data.valueDate) })}
        </p>
      </header>
      <div className="px-5 py-4">
        {rows.length ? (
          <ul className="divide-y divide-slate-100 text-sm">
            {rows.map(({ definition, field, s }) => (
              <li
                key={`${field.name}-${s.start}-${s.value}`}
                className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2"
              >
                <Link
                  href={hrefOf(definition.name)}
                  className="font-medium text-slate-900 underline-offset-2 hover:underline"
                >
                  {localized(definition.displayName, language)} · {localized(field.displayName, language)}
                </Link>
                <span className="tabular-nums text-slate-800">
                  {scheduledLabel(field, s, data.lookups, words, { currency: true })}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t("nothingScheduled")}</p>
        )}
      </div>
    </section>
  );
}

/**
 * Every case of a subject (an employee, or the company with null) as a generated entry form with the
 * timeline of its fields. The values shown are those in force on valueDate.
 */
export async function CaseSections({
  ctx,
  payroll,
  employeeId,
  valueDate,
}: {
  ctx: TenantCtx;
  payroll: Payroll;
  employeeId: string | null;
  valueDate: string;
}) {
  const data = await loadCaseData({ ctx, payroll, employeeId, valueDate });
  return (
    <div className="space-y-6">
      {data.cases.map((definition) => (
        <CaseCard key={definition.name} data={data} definition={definition} />
      ))}
    </div>
  );
}
