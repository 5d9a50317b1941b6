import { z } from "zod";

/** Business dates are `YYYY-MM-DD` strings; they are compared as strings and never pass through a time zone. */
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use the format YYYY-MM-DD.")
  .refine(isValidDate, "This is not a calendar date.");

export function isValidDate(value: string) {
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export const isFirstOfMonth = (date: string) => date.endsWith("-01");

export function monthEnd(firstOfMonth: string) {
  const [y, m] = firstOfMonth.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${firstOfMonth.slice(0, 8)}${String(last).padStart(2, "0")}`;
}

export function addMonths(firstOfMonth: string, months: number) {
  const [y, m] = firstOfMonth.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(y, m - 1 + months, 1));
  return date.toISOString().slice(0, 10);
}

// Made once: building a formatter with a time zone costs more than a whole small API read.
const zurichDate = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Zurich",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/**
 * The date of the last minute asked for. Zurich's offset from UTC is whole hours, so its date changes
 * only at a UTC minute's start: within one UTC minute, one formatting answers for all (it cost about
 * 20 µs of every employee read).
 */
let lastMinute = { minute: Number.NaN, date: "" };

/** Today in the business time zone, Europe/Zurich. */
export function todayInZurich(now = new Date()) {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastMinute.minute) lastMinute = { minute, date: zurichDate.format(now) };
  return lastMinute.date;
}
