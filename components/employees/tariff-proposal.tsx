import { getTranslations } from "next-intl/server";
import type { CaseData } from "@/components/cases/case-sections";
import { caseWords } from "@/components/cases/case-sections";
import { localized } from "@/components/cases/labels";
import { Card } from "@/components/ui/card";
import { PERMITS_TAXED_AT_SOURCE } from "@/server/calc";
import { proposeTariffCode } from "@/server/regulations/qst/tariff-code";

/**
 * The withholding-tax code the recorded facts point to (civil status, partner's work, children, permit and
 * residence), beside the Tax section's forms: a proposal for HR, who record the code themselves.
 */
export async function TariffProposal({ data }: { data: CaseData }) {
  const values = data.current;
  const recorded = values.get("TaxAtSourceTariff");
  const permit = values.get("WorkPermit");
  if (!recorded && !(permit && PERMITS_TAXED_AT_SOURCE.includes(permit))) return null;
  const [t, words] = await Promise.all([getTranslations("employees.tariffProposal"), caseWords()]);
  const proposal = proposeTariffCode(values);
  const fieldName = (name: string) => {
    for (const definition of data.cases) {
      const field = definition.fields.find((f) => f.name === name);
      if (field) return localized(field.displayName, words.language) || name;
    }
    return name;
  };
  return (
    <Card title={t("title")} description={t("description")}>
      <div data-testid="tariff-proposal" data-code={proposal.code ?? ""} className="space-y-2 text-sm">
        {proposal.code === null ? (
          <p className="text-slate-700">{t("missing", { fields: proposal.missing.map(fieldName).join(", ") })}</p>
        ) : (
          <>
            {proposal.frenchAgreementCanton ? (
              <p className="font-medium text-slate-900">
                {t("frenchAgreement", { canton: proposal.frenchAgreementCanton })}
              </p>
            ) : (
              <>
                <p className="font-medium text-slate-900">
                  {t("proposed", {
                    code: proposal.code,
                    household: proposal.household ?? "single",
                    partner: proposal.partnerEmployed ? "yes" : "no",
                    children: proposal.children,
                    german: proposal.germanCrossBorder ? "yes" : "no",
                  })}
                </p>
                <p className="text-slate-600">{t(proposal.churchTaxFromCode ? "churchFromCode" : "churchAssumed")}</p>
              </>
            )}
            <p className="text-slate-600" data-testid="tariff-proposal-recorded">
              {recorded
                ? recorded === proposal.code
                  ? t("matches", { code: recorded })
                  : t("differs", { code: recorded })
                : t("noneRecorded")}
            </p>
          </>
        )}
      </div>
    </Card>
  );
}
