/**
 * The languages the console and the portal speak (contract section 9c). A person's culture (PUT
 * /users/{userId}) picks one; before sign-in the browser's Accept-Language does. Pure: used by the
 * server, the browser and the tests.
 */
export const LOCALES = ["de-CH", "fr-CH", "it-CH", "en-CH"] as const;
export type Locale = (typeof LOCALES)[number];

/** Swiss payroll is run in German first: the fallback when nothing else matches. */
export const DEFAULT_LOCALE: Locale = "de-CH";

/** The locale for a culture such as "fr-CH", "fr", "en-GB" or "de-AT": by its language; unknown languages fall back. */
export function localeOfCulture(culture: string | null | undefined): Locale {
  const language = (culture ?? "").trim().slice(0, 2).toLowerCase();
  return LOCALES.find((locale) => locale.startsWith(`${language}-`)) ?? DEFAULT_LOCALE;
}

/** The best locale for an Accept-Language header ("fr-CH,fr;q=0.9,en;q=0.8"), by quality, then order. */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  const wanted = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { language: tag.trim().slice(0, 2).toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((w) => w.language && w.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { language } of wanted) {
    const match = LOCALES.find((locale) => locale.startsWith(`${language}-`));
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}
