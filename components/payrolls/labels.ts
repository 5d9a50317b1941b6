/* The document languages' names are in the catalogs: payroll.documentLanguages.*. */

/**
 * 2026-03-01 as "1 March 2026"; business dates never pass through a time zone.
 * Superseded: screens use the Swiss formats of components/format (useFormat, getFormat); kept until no screen imports it.
 */
export function formatDate(date: string) {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}
