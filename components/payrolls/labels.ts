import type { Payroll } from "@/server/payrolls/schemas";

type DocumentLanguage = Payroll["documentLanguage"];

export const DOCUMENT_LANGUAGE_LABELS: Record<DocumentLanguage, string> = {
  de: "German (Deutsch)",
  fr: "French (Français)",
  it: "Italian (Italiano)",
  en: "English",
};

/** 2026-03-01 as "1 March 2026"; business dates never pass through a time zone. */
export function formatDate(date: string) {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, d)));
}
