import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { caseWords, loadCaseData, scheduledLabel } from "@/components/cases/case-sections";
import { displayValue, localized, nameInSentence } from "@/components/cases/labels";
import { ChangeStatus } from "@/components/self-service/change-status";
import {
  PORTAL_CASES,
  changesOf,
  isPortalCase,
  portalRecord,
  type ReportedChange,
} from "@/components/self-service/load";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { requirePortalTenant } from "@/server/auth/console-session";
import { employeeMissingData } from "@/server/cases/missing-data";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("portal.data");
  return { title: t("title") };
}

/**
 * Their data: what is missing that only they can give, first; then their reports with HR's answer;
 * then each case with the values in force, what is pending and what is scheduled, and a way to report a change.
 */
export default async function PortalDataPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const ctx = await requirePortalTenant(orgId);
  const { employee, payroll } = await portalRecord(ctx);
  const [t, words] = await Promise.all([getTranslations("portal.data"), caseWords()]);
  if (!payroll) return <Alert tone="info">{t("noPayroll")}</Alert>;
  const { language, format } = words;
  const missing = await employeeMissingData({ ctx, payrollId: payroll.id, employeeId: employee.id });
  const [data, changes] = await Promise.all([
    loadCaseData({ ctx, payroll, employeeId: employee.id, valueDate: missing.valueDate }),
    changesOf(ctx, payroll.id, employee.id, "all"),
  ]);
  const definitions = PORTAL_CASES.flatMap((name) => data.cases.filter((c) => c.name === name));
  const base = `/self-service/${orgId}`;
  const missingFields = missing.items
    .filter((item) => isPortalCase(item.caseName))
    .flatMap((item) => item.fields.map((field) => ({ caseName: item.caseName, field })));
  const reports = changes
    .filter((c) => c.status === "pending" || c.status === "approved" || c.status === "rejected")
    .slice(0, 20);
  const pending = reports.filter((c) => c.status === "pending");
  const fieldOf = (caseName: string, fieldName: string) =>
    data.cases.find((c) => c.name === caseName)?.fields.find((f) => f.name === fieldName);
  const valuesOf = (change: ReportedChange) =>
    change.values.map((v) => {
      const field = fieldOf(change.caseName, v.caseFieldName);
      return {
        name: field ? localized(field.displayName, language) : v.caseFieldName,
        value: displayValue(field, v.value, words, data.lookups),
      };
    });
  const caseTitle = (caseName: string) =>
    localized(data.cases.find((c) => c.name === caseName)?.displayName, language) || caseName;

  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight text-slate-900">{t("title")}</h1>
      {missingFields.length ? (
        <section aria-labelledby="portal-missing" className="space-y-2">
          <h2 id="portal-missing" className="text-base font-semibold text-slate-900">
            {t("missingTitle")}
          </h2>
          <ul className="space-y-2" data-testid="portal-missing">
            {missingFields.map(({ caseName, field }) => (
              <li key={`${caseName}-${field.name}`}>
                <Link
                  href={`${base}/report/${caseName}`}
                  className="flex min-h-12 items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-2 text-sm font-medium text-amber-950"
                >
                  <span>
                    {t("missingField", { field: nameInSentence(localized(field.displayName, language), language) })}
                  </span>
                  <span className="shrink-0 underline">{t("complete")}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {reports.length ? (
        <section aria-labelledby="portal-reports" className="space-y-2">
          <h2 id="portal-reports" className="text-base font-semibold text-slate-900">
            {t("reportsTitle")}
          </h2>
          <ul className="space-y-2" aria-label={t("reportsTitle")}>
            {reports.map((change) => (
              <li
                key={change.id}
                data-testid="portal-report"
                data-case={change.caseName}
                className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm"
              >
                <div className="flex items-start justify-between gap-3">
                  <span className="min-w-0">
                    <span className="block font-medium text-slate-900">{caseTitle(change.caseName)}</span>
                    <span className="block text-xs text-slate-500">
                      {t("reportedOn", { date: format.instant(change.createdAt) })}
                    </span>
                  </span>
                  {change.status ? <ChangeStatus status={change.status} /> : null}
                </div>
                <dl className="mt-2 space-y-1">
                  {valuesOf(change).map((v) => (
                    <div key={v.name} className="flex flex-wrap justify-between gap-x-3">
                      <dt className="text-slate-500">{v.name}</dt>
                      <dd className="break-all font-medium text-slate-900">{v.value}</dd>
                    </div>
                  ))}
                </dl>
                {change.decision ? (
                  <p className="mt-2 text-xs text-slate-600">
                    {change.decision.resolution === "approved"
                      ? t("approvedBy", {
                          name: change.decision.decidedBy,
                          date: format.instant(change.decision.decidedAt),
                        })
                      : t("rejectedBy", {
                          name: change.decision.decidedBy,
                          date: format.instant(change.decision.decidedAt),
                        })}
                    {change.decision.reason ? (
                      <span className="block font-medium text-slate-800" data-testid="decision-reason">
                        {t("hrReason", { reason: change.decision.reason })}
                      </span>
                    ) : null}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {definitions.map((definition) => {
        const title = localized(definition.displayName, language);
        const waiting = pending.filter((c) => c.caseName === definition.name);
        const fields = definition.fields.filter((f) => !f.moment);
        // A field shows as a row when it has a value, or something is scheduled or pending for it.
        const hasNews = (name: string) =>
          data.current.has(name) ||
          data.scheduled.has(name) ||
          waiting.some((c) => c.values.some((v) => v.caseFieldName === name));
        const shown = fields.filter((f) => hasNews(f.name));
        const unset = fields.filter((f) => !hasNews(f.name));
        return (
          <section
            key={definition.name}
            id={`case-${definition.name}`}
            aria-label={title}
            className="rounded-lg border border-slate-200 bg-white shadow-xs"
          >
            <header className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
              <h2 className="text-base font-semibold text-slate-900">{title}</h2>
              <Link
                href={`${base}/report/${definition.name}`}
                className={`${buttonClass("secondary")} min-h-11 shrink-0`}
              >
                {t("change")}
              </Link>
            </header>
            <dl className="divide-y divide-slate-100 px-4 text-sm">
              {shown.map((field) => {
                const value = data.current.get(field.name);
                const scheduled = data.scheduled.get(field.name) ?? [];
                const reported = waiting.flatMap((c) => c.values.filter((v) => v.caseFieldName === field.name));
                return (
                  <div key={field.name} className="py-2" data-testid={`field-${field.name}`}>
                    <dt className="text-slate-500">{localized(field.displayName, language)}</dt>
                    <dd className="break-all font-medium text-slate-900" data-testid="in-force">
                      {value !== undefined ? (
                        displayValue(field, value, words, data.lookups)
                      ) : (
                        <span className="font-normal text-slate-400">{t("notSet")}</span>
                      )}
                    </dd>
                    {scheduled.map((s) => (
                      <dd key={`${s.start}-${s.value}`} className="text-xs font-medium text-sky-800">
                        {scheduledLabel(field, s, data.lookups, words, { currency: true })}
                      </dd>
                    ))}
                    {reported.map((v) => (
                      <dd
                        key={v.id}
                        className="break-all text-xs font-medium text-amber-800"
                        data-testid="pending-value"
                      >
                        {t("pendingValue", {
                          value: displayValue(field, v.value, words, data.lookups),
                          date: format.date(v.start),
                        })}
                      </dd>
                    ))}
                  </div>
                );
              })}
            </dl>
            {/* Short pages: what is not given yet is one line, not a row each. */}
            {unset.length ? (
              <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-500" data-testid="not-given">
                {t("notGiven", { fields: unset.map((f) => localized(f.displayName, language)).join(", ") })}
              </p>
            ) : null}
          </section>
        );
      })}
    </>
  );
}
