import "server-only";
import { getLocale } from "next-intl/server";
import { languageOf, type Language, type Localized } from "@/components/cases/labels";
import { vocabularyOf } from "@/components/results/vocabulary";
import { listCaseChanges } from "@/server/cases/read-cases";
import { caseChangesRecordedAt, payrollNames } from "@/server/results/vocabulary";
import { todayInZurich } from "@/server/dates";
import { lookupChoicesOf } from "@/components/cases/case-sections";
import type { PayslipWords } from "@/components/results/payslip-preview";
import type { TenantCtx } from "@/server/context";
import { NotFound } from "@/server/errors";
import { allPages, MAX_PAGE } from "@/server/http/pagination";
import { getPayrunPeriod } from "@/server/periods/list-periods";
import { controlling, getEntry, listEntries } from "@/server/results/read-entries";

/** The open payrun period, or null when there is none. */
export async function openPeriodOf(ctx: TenantCtx, payrollId: string) {
  return getPayrunPeriod({ ctx, payrollId, payrunPeriodId: "open" }).catch((error: unknown) => {
    if (error instanceof NotFound) return null;
    throw error;
  });
}

/** One employee's entry of the open period with explanations, and the number of its blocking items. */
export async function openPayslipOf(ctx: TenantCtx, payrollId: string, employeeId: string) {
  const period = await openPeriodOf(ctx, payrollId);
  if (!period) return { period: null, entry: null, blockingItems: 0 };
  const [{ items }, control] = await Promise.all([
    listEntries({ ctx, payrollId, payrunPeriodId: period.id }),
    controlling({ ctx, payrollId, payrunPeriodId: period.id }),
  ]);
  const summary = items.find((e) => e.employeeId === employeeId);
  const entry = summary
    ? await getEntry({ ctx, payrollId, payrunPeriodId: period.id, entryId: summary.id, explain: true })
    : null;
  const blockingItems =
    control.items.find((i) => i.employeeId === employeeId)?.items.filter((i) => i.blocking).length ?? 0;
  return { period, entry, blockingItems };
}

/** What the payslip preview's "why?" needs to name an entry's case values and parameters as people read them. */
export async function payslipWordsOf(
  ctx: TenantCtx,
  payrollId: string,
  period: { periodStart: string } | null,
  entry: Awaited<ReturnType<typeof getEntry>> | null,
  language?: Language,
): Promise<PayslipWords> {
  const ids = entry ? entry.wageTypes.flatMap((l) => l.explanation?.caseValues.map((v) => v.caseChangeId) ?? []) : [];
  const [vocabulary, recorded, lookups] = await Promise.all([
    payrollVocabulary(ctx, payrollId, period?.periodStart ?? todayInZurich(), language),
    caseChangesRecordedAt({ ctx, payrollId, caseChangeIds: ids }),
    lookupChoicesOf(ctx, payrollId),
  ]);
  return { ...vocabulary, recorded, lookups };
}

export type { ParameterUnits } from "./vocabulary";

/** The language of a locale ("fr-CH" as "fr"): the regulations' display names are per language. */
export const languageOfLocale = (locale: string): Language => {
  const language = locale.slice(0, 2);
  return language === "de" || language === "fr" || language === "it" || language === "en" ? language : "de";
};

/** A regulation's display name in the language; where the regulation lacks it, German (issue 12 item 3), then English. */
export const displayNameIn = (name: Localized | null | undefined, language: Language) =>
  name ? name[language] || name.de || name.en : "";

/**
 * What the console needs to speak of a payroll's internal names: each case, field, lookup and
 * parameter name with its display name in the person's language (words; German where the regulation
 * lacks the language), the fields (to show their values), the parameters' units, and the names of
 * the wage types (by number) and collectors, from the payroll's regulations in force on date
 * (vocabularyOf, components/results/vocabulary.ts).
 */
export async function payrollVocabulary(ctx: TenantCtx, payrollId: string, date: string, language?: Language) {
  const [names, locale] = await Promise.all([payrollNames({ ctx, payrollId, date }), language ? null : getLocale()]);
  return vocabularyOf(names, language ?? languageOf(locale ?? "de-CH"));
}

/**
 * Who confirmed which Payroll Control item of the period, and when: by `${employeeId} ${code}`, the
 * latest confirmation. Every confirmation is read (`pageSize` a page): they add up over the periods.
 */
export async function confirmationsOf(
  ctx: TenantCtx,
  payrollId: string,
  period: { periodStart: string; periodEnd: string },
  pageSize = MAX_PAGE,
) {
  const confirmed = new Map<string, { by: string; at: string }>();
  const changes = await allPages((cursor) =>
    listCaseChanges({
      ctx,
      payrollId,
      input: { caseName: "ControlConfirmation", scope: "employee", limit: pageSize, cursor },
    }),
  );
  for (const change of changes) {
    for (const value of change.values) {
      if (
        value.caseFieldName !== "ControlCode" ||
        value.start > period.periodEnd ||
        (value.end !== null && value.end < period.periodStart)
      )
        continue;
      const key = `${change.employeeId} ${value.value}`;
      if (!confirmed.has(key)) confirmed.set(key, { by: change.createdBy.name, at: change.createdAt });
    }
  }
  return confirmed;
}
