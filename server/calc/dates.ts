/** Date arithmetic on YYYY-MM-DD strings (UTC, never a time zone); no clock. */

const DAY_MS = 86_400_000;

// The same dates come back for every employee and period: each conversion is done once (bounded).
const KEPT = 20_000;
const utcOf = new Map<string, number>();
const isoOf = new Map<number, string>();

const utc = (date: string) => {
  let ms = utcOf.get(date);
  if (ms === undefined) {
    const [y, m, d] = date.split("-").map(Number) as [number, number, number];
    ms = Date.UTC(y, m - 1, d);
    if (utcOf.size >= KEPT) utcOf.clear();
    utcOf.set(date, ms);
  }
  return ms;
};
const iso = (ms: number) => {
  let date = isoOf.get(ms);
  if (date === undefined) {
    date = new Date(ms).toISOString().slice(0, 10);
    if (isoOf.size >= KEPT) isoOf.clear();
    isoOf.set(ms, date);
  }
  return date;
};

export const yearOf = (date: string) => Number(date.slice(0, 4));
export const monthOf = (date: string) => Number(date.slice(5, 7));
export const maxDate = (a: string, b: string) => (a > b ? a : b);
export const minDate = (a: string, b: string) => (a < b ? a : b);

/** Calendar days from a to b, both included (0 when b is before a). */
export function daysInclusive(a: string, b: string): number {
  return b < a ? 0 : (utc(b) - utc(a)) / DAY_MS + 1;
}

export const addDays = (date: string, days: number) => iso(utc(date) + days * DAY_MS);

/** The first day of the month that is `months` after the month of date. */
export function firstOfMonthAfter(date: string, months: number): string {
  return iso(Date.UTC(yearOf(date), monthOf(date) - 1 + months, 1));
}

/** date plus whole months, the day kept (clamped to the month's last day: 31 Jan + 1 month = 28/29 Feb). */
export function addMonthsToDate(date: string, months: number): string {
  const key = `${date}${months}`;
  let found = monthsAdded.get(key);
  if (found === undefined) {
    found = addMonthsOnce(date, months);
    if (monthsAdded.size >= KEPT) monthsAdded.clear();
    monthsAdded.set(key, found);
  }
  return found;
}
const monthsAdded = new Map<string, string>();

function addMonthsOnce(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const first = Date.UTC(y, m - 1 + months, 1);
  const lastDay = new Date(Date.UTC(y, m + months, 0)).getUTCDate();
  return iso(first + (Math.min(d, lastDay) - 1) * DAY_MS);
}

/** Completed years of age on date. */
export function ageOn(birthDate: string, date: string): number {
  const years = yearOf(date) - yearOf(birthDate);
  return date.slice(5) < birthDate.slice(5) ? years - 1 : years;
}
