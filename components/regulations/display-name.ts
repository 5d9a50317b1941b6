import type { Locale } from "@/i18n/locales";

export type Language = "de" | "fr" | "it" | "en";

/** The language of a regulation's display names for a locale: de-CH -> de. */
export const languageOf = (locale: Locale | string): Language => {
  const language = locale.slice(0, 2);
  return language === "fr" || language === "it" || language === "en" ? language : "de";
};

/**
 * A regulation's display name (of a regulation, case, field, wage type or option) in the person's
 * language; German where the regulation lacks that language (contract 9c), never the internal name.
 */
export function displayName(
  name: Partial<Record<Language, string>> | null | undefined,
  locale: Locale | string,
): string {
  if (!name) return "";
  return name[languageOf(locale)] || name.de || "";
}
