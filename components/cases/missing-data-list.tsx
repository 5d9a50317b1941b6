import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import type { z } from "zod";
import type { MissingCase } from "@/server/cases/schemas";
import { Alert } from "@/components/ui/alert";
import { languageOf, localized, type Language } from "./labels";

type Missing = z.infer<typeof MissingCase>;

/**
 * Required fields without a value, grouped by case, each case linking to its form; cases and fields
 * by their display names in the person's language. `language` is no longer used (the person's
 * language applies, contract section 9c): kept so that callers need not change at once.
 */
export async function MissingDataList({
  items,
  hrefOf,
  label,
  names,
}: {
  items: Missing[];
  language?: Language;
  hrefOf: (item: Missing) => string;
  label?: string;
  names?: Map<string, string>;
}) {
  const [t, locale] = await Promise.all([getTranslations("cases.missing"), getLocale()]);
  const language = languageOf(locale);
  if (!items.length) {
    return (
      <div data-testid="missing-data" data-count="0">
        <Alert tone="success">{t("nothing")}</Alert>
      </div>
    );
  }
  return (
    <ul
      data-testid="missing-data"
      data-count={items.length}
      aria-label={label ?? t("label")}
      className="divide-y divide-slate-100 rounded-md border border-amber-200 bg-amber-50"
    >
      {items.map((item) => (
        <li key={`${item.employeeId ?? "company"}-${item.caseName}`} className="px-4 py-2 text-sm">
          <Link href={hrefOf(item)} className="font-medium text-amber-900 underline-offset-2 hover:underline">
            {item.employeeId && names ? t("whose", { name: names.get(item.employeeId) ?? t("employee") }) : ""}
            {localized(item.displayName, language)}
          </Link>
          <span className="text-amber-900">
            {" "}
            —{" "}
            {item.fields
              .map((f) =>
                f.requiredFor === "payment"
                  ? t("forPayment", { name: localized(f.displayName, language) })
                  : localized(f.displayName, language),
              )
              .join(", ")}
          </span>
        </li>
      ))}
    </ul>
  );
}
