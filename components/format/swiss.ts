import type { Locale } from "@/i18n/locales";

/**
 * Swiss formats, the one module every screen, chart and table uses (contract section 9c): amounts as
 * 1'234.50 and dates as 31.01.2026 in every culture of the console, French included (the contract
 * names one form, the one Swiss francs are written in across the country, not Intl's fr-CH 1 234,50).
 * Amounts are formatted from their exact decimal text or integer Rappen, never through a float.
 */
const NARROW_NBSP = "\u202f";
const GROUP = "'";

function groupDigits(digits: string, group: string) {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

/** A CHF amount given as decimal text ("-1234.5", "6500.00") or integer Rappen (123450): "1'234.50". */
export function formatAmount(
  value: string | number,
  locale: Locale,
  { decimals = true }: { decimals?: boolean } = {},
): string {
  const text = typeof value === "number" ? rappenToText(value) : value.trim();
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const [, minus = "", whole = "0", fraction = ""] = match;
  const cents = fraction.padEnd(2, "0").slice(0, 2);
  const isZero = /^0*$/.test(whole) && /^0*$/.test(cents);
  const sign = minus && !isZero ? "-" : "";
  const integer = groupDigits(whole.replace(/^0+(?=\d)/, ""), GROUP);
  return decimals ? `${sign}${integer}.${cents}` : `${sign}${integer}`;
}

function rappenToText(rappen: number) {
  if (!Number.isSafeInteger(rappen)) return String(rappen);
  const minus = rappen < 0 ? "-" : "";
  const abs = Math.abs(rappen);
  return `${minus}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "CHF 1'234.50" */
export function formatChf(value: string | number, locale: Locale, options?: { decimals?: boolean }) {
  return `CHF ${formatAmount(value, locale, options)}`;
}

/** A percentage given as decimal text ("5.3"): "5.3 %" (with a narrow no-break space). */
export function formatPercent(value: string) {
  return `${value}${NARROW_NBSP}%`;
}

/** A calendar date (YYYY-MM-DD, or the date part of an ISO instant read in Zurich): "31.01.2026". */
export function formatDate(value: string) {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : zurichParts(value).date;
  const [y, m, d] = day.split("-");
  return `${d}.${m}.${y}`;
}

/** An instant in Europe/Zurich: "31.01.2026 14:05". */
export function formatInstant(iso: string) {
  const { date, time } = zurichParts(iso);
  return `${formatDate(date)} ${time}`;
}

function zurichParts(iso: string) {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Zurich",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { date: `${part("year")}-${part("month")}-${part("day")}`, time: `${part("hour")}:${part("minute")}` };
}

/** A month of a period (its first day, YYYY-MM-DD): "Januar 2026", "janvier 2026", "gennaio 2026", "January 2026". */
export function formatMonth(periodStart: string, locale: Locale) {
  const [y, m] = periodStart.split("-").map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
}

/** A weekday of a date (YYYY-MM-DD) in the locale: "Montag". */
export function formatWeekday(date: string, locale: Locale) {
  return new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * A number a person typed as the service reads it: the apostrophes and spaces the screens group
 * thousands with are left out ("6'600.00", "6 600.00"), and a decimal comma is a point ("6600,50").
 * With a point as well, commas are taken as grouping ("6,600.50"). Anything else stays as typed,
 * for the check to name.
 */
export function plainNumberInput(input: string): string {
  const ungrouped = input.trim().replace(/['’\s\u00a0\u202f]/g, "");
  return ungrouped.includes(".") ? ungrouped.replace(/,/g, "") : ungrouped.replace(",", ".");
}

/**
 * A date a person typed: "31.01.2026", "31.1.2026" or "2026-01-31" (what a date input sends), as
 * YYYY-MM-DD; null when it is not a real calendar date.
 */
export function parseDateInput(input: string): string | null {
  const text = input.trim();
  let y: number, m: number, d: number;
  const swiss = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (swiss) [d, m, y] = [Number(swiss[1]), Number(swiss[2]), Number(swiss[3])];
  else if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** The formatters bound to one locale: what screens use (useFormat in the browser, getFormat on the server). */
export function formatterFor(locale: Locale) {
  return {
    locale,
    amount: (value: string | number, options?: { decimals?: boolean }) => formatAmount(value, locale, options),
    chf: (value: string | number, options?: { decimals?: boolean }) => formatChf(value, locale, options),
    percent: formatPercent,
    date: formatDate,
    instant: formatInstant,
    month: (periodStart: string) => formatMonth(periodStart, locale),
    weekday: (date: string) => formatWeekday(date, locale),
  };
}
export type Formatter = ReturnType<typeof formatterFor>;

/**
 * A date and time a person typed: "31.01.2026 14:30", "2026-01-31T14:30" (what a datetime-local
 * input sends) or a date alone (midnight), as YYYY-MM-DDTHH:mm; null when it is not a real moment.
 */
export function parseDateTimeInput(input: string): string | null {
  const match = /^(\S+?)(?:[ T]+(\d{1,2})[:.](\d{2}))?$/.exec(input.trim());
  if (!match) return null;
  const date = parseDateInput(match[1]!);
  const [hour, minute] = [Number(match[2] ?? 0), Number(match[3] ?? 0)];
  if (!date || hour > 23 || minute > 59) return null;
  return `${date}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

/** A moment as YYYY-MM-DDTHH:mm (no zone) the way a person types it back: "31.01.2026 14:30". */
export function formatDateTimeInput(value: string) {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value);
  return match ? `${formatDate(match[1]!)} ${match[2]}` : value;
}
