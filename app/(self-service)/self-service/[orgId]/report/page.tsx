import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { listCases } from "@/server/cases/read-cases";
import { languageOf, localized } from "@/components/cases/labels";
import { PORTAL_CASES, REVIEWED_CASES, portalRecord } from "@/components/self-service/load";
import { Alert } from "@/components/ui/alert";
import { requirePortalTenant } from "@/server/auth/console-session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("portal.report");
  return { title: t("title") };
}

/** What the person may report: their own personal data, address, bank account, partner, children and absences. */
export default async function PortalReportIndex({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const ctx = await requirePortalTenant(orgId);
  const { employee, payroll } = await portalRecord(ctx);
  const [t, locale] = await Promise.all([getTranslations("portal.report"), getLocale()]);
  if (!payroll) return <Alert tone="info">{t("noPayroll")}</Alert>;
  const { items } = await listCases({ ctx, payrollId: payroll.id, input: { employeeId: employee.id } });
  const language = languageOf(locale);
  const cases = PORTAL_CASES.flatMap((name) => items.filter((c) => c.name === name));
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight text-slate-900">{t("title")}</h1>
      <p className="text-sm text-slate-600">{t("description")}</p>
      <ul className="space-y-2" aria-label={t("title")}>
        {cases.map((definition) => (
          <li key={definition.name}>
            <Link
              href={`/self-service/${orgId}/report/${definition.name}`}
              className="flex min-h-14 items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-2 shadow-xs hover:border-slate-400"
            >
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">{localized(definition.displayName, language)}</span>
                <span className="block text-xs text-slate-500">
                  {REVIEWED_CASES.includes(definition.name as (typeof REVIEWED_CASES)[number])
                    ? t("reviewed")
                    : definition.name === "EmployeePersonalData"
                      ? t("civilStatusReviewed")
                      : t("atOnce")}
                </span>
              </span>
              <span aria-hidden="true">→</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
