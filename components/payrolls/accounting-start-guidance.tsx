import { useTranslations } from "next-intl";

/** The interface's rules for accountingStartDate, as guidance beside the date. */
export function AccountingStartGuidance({ creating = false }: { creating?: boolean }) {
  const t = useTranslations("payroll.guidance");
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
      <p className="font-medium text-slate-900">{creating ? t("choosing") : t("about")}</p>
      <p className="mt-1">{t("earliest")}</p>
      <ol className="mt-2 list-decimal space-y-1 pl-5">
        <li>{t("fixed")}</li>
        <li>{t("rebase")}</li>
        <li>{t("existing")}</li>
        <li>{t("founded")}</li>
      </ol>
    </div>
  );
}
