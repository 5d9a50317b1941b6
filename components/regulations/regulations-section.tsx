import { getLocale, getTranslations } from "next-intl/server";
import type { TenantCtx } from "@/server/context";
import { consoleCan } from "@/server/auth/console-session";
import type { Payroll } from "@/server/payrolls/schemas";
import { getPayrollRegulations } from "@/server/payrolls/regulations";
import { availableRegulations } from "@/server/regulations/available";
import { qstTariffFilesInForce } from "@/server/regulations/qst/stored";
import { storedRegulations, versionInForce } from "@/server/regulations/store";
import { lastRegulationUpdate } from "@/server/regulations/update";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { getFormat } from "@/components/format/server";
import { displayName, type Language } from "./display-name";
import { RegulationsForm } from "./regulations-form";

/** What is assigned, what can still change and what cannot, with the form to change it. */
export async function RegulationsSection({
  ctx,
  payroll,
  nextHref,
  submitLabel,
  explain = true,
}: {
  ctx: TenantCtx;
  payroll: Payroll;
  nextHref?: string;
  submitLabel?: string;
  explain?: boolean;
}) {
  const [available, assigned, stored, lastUpdate, tariffFiles] = await Promise.all([
    availableRegulations(),
    getPayrollRegulations({ ctx, payrollId: payroll.id }),
    storedRegulations(),
    lastRegulationUpdate(),
    qstTariffFilesInForce(),
  ]);
  const refusedTariffs = lastUpdate?.tariffs?.refused ?? [];
  const today = new Date().toISOString().slice(0, 10);
  const inForce = [assigned.countryRegulation, ...assigned.industries].map((name) => {
    const regulation = stored.get(name);
    return { name, validFrom: (regulation && versionInForce(regulation, today)?.validFrom) ?? null };
  });
  const country = available.items.find((c) => c.name === assigned.countryRegulation);
  const t = await getTranslations("regulations");
  const locale = await getLocale();
  const format = await getFormat();
  if (!country) return <Alert tone="error">{t("notInCatalog", { name: assigned.countryRegulation })}</Alert>;
  const nameOf = (list: { name: string; displayName: Partial<Record<Language, string>> }[], name: string | null) =>
    name ? `${displayName(list.find((r) => r.name === name)?.displayName, locale) || name} (${name})` : t("none");
  return (
    <div className="space-y-6">
      {explain ? (
        <Card title={t("assigned")} description={t("assignedDescription")}>
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[14rem_1fr]" data-testid="assigned-regulations">
            <dt className="text-slate-500">{t("country")}</dt>
            <dd>
              <span className="font-medium text-slate-900">{nameOf([country], country.name)}</span>
              <span className="block text-xs text-slate-500">{t("countryFixed")}</span>
            </dd>
            <dt className="text-slate-500">{t("industries")}</dt>
            <dd>
              <span className="font-medium text-slate-900">
                {assigned.industries.length
                  ? assigned.industries.map((n) => nameOf(country.industries, n)).join(", ")
                  : t("none")}
              </span>
              <span className="block text-xs text-slate-500">{t("industriesRule")}</span>
            </dd>
            <dt className="text-slate-500">{t("versionInForce")}</dt>
            <dd data-testid="regulation-versions">
              {inForce.map((v) => (
                <span key={v.name} className="block font-medium text-slate-900">
                  {v.validFrom
                    ? t("validFrom", { name: v.name, date: format.date(v.validFrom) })
                    : t("noVersion", { name: v.name })}
                </span>
              ))}
              <span className="block text-xs text-slate-500" data-testid="regulations-updated">
                {lastUpdate
                  ? t("lastUpdated", {
                      date: format.instant(lastUpdate.ranAt.toISOString()),
                      trigger: lastUpdate.trigger === "schedule" ? "schedule" : "command",
                      added: lastUpdate.added,
                      updated: lastUpdate.updated,
                    })
                  : t("neverUpdated")}{" "}
                {t("nightly")}
              </span>
            </dd>
            <dt className="text-slate-500">{t("qstTariffs")}</dt>
            <dd data-testid="qst-tariffs">
              {tariffFiles.length ? (
                <span className="block font-medium text-slate-900">
                  {tariffFiles
                    .map((file) =>
                      t("qstTariffFile", {
                        canton: file.canton,
                        year: file.year,
                        date: format.date(file.creationDate),
                        fetched: String(file.fetched),
                      }),
                    )
                    .join(" · ")}
                </span>
              ) : (
                <span className="block font-medium text-slate-900">{t("qstTariffsNone")}</span>
              )}
              {refusedTariffs.length ? (
                <span className="block text-xs text-amber-700">
                  {t("qstTariffsRefused", {
                    files: refusedTariffs.map((r) => `${r.file} (${r.reason})`).join("; "),
                  })}
                </span>
              ) : null}
              <span className="block text-xs text-slate-500">{t("qstTariffsFetched")}</span>
            </dd>
            <dt className="text-slate-500">{t("accountingDocument")}</dt>
            <dd>
              <span className="font-medium text-slate-900">
                {nameOf(country.accountingDocument, assigned.accountingDocument)}
              </span>
              <span className="block text-xs text-slate-500">{t("replaceable")}</span>
            </dd>
            <dt className="text-slate-500">{t("chartOfAccounts")}</dt>
            <dd>
              <span className="font-medium text-slate-900">
                {nameOf(country.accountingData, assigned.accountingData)}
              </span>
              <span className="block text-xs text-slate-500">{t("chartReplaceable")}</span>
            </dd>
          </dl>
        </Card>
      ) : null}
      <Card title={explain ? t("change") : t("title")} description={t("changeDescription")}>
        <RegulationsForm
          orgId={ctx.tenantId}
          payrollId={payroll.id}
          country={country}
          assigned={assigned}
          canUpdate={consoleCan(ctx, "payroll.update")}
          nextHref={nextHref}
          submitLabel={submitLabel}
        />
      </Card>
    </div>
  );
}
