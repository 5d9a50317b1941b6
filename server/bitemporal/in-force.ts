/**
 * Case values have two time axes: valid time (start, end) and record time (createdAt, when the
 * service learned the value). Which value is in force for a date, as known at a moment, is decided
 * here and nowhere else: among the values whose validity covers the date and that were recorded by
 * that moment, the one recorded last wins. So a later change with an earlier start overrides
 * everything from its start on, and the whole history stays.
 */
export type VersionedValue = {
  start: string;
  /** Inclusive last day of validity; null while open-ended. */
  end: string | null;
  createdAt: Date;
  /** Orders values recorded in the same instant (ids are time-ordered). */
  id: string;
};

export const covers = (value: Pick<VersionedValue, "start" | "end">, date: string) =>
  value.start <= date && (value.end === null || date <= value.end);

const recordedAfter = (a: VersionedValue, b: VersionedValue) =>
  a.createdAt.getTime() !== b.createdAt.getTime() ? a.createdAt.getTime() > b.createdAt.getTime() : a.id > b.id;

/** The value recorded last, whatever its validity (for a date recorded ahead of its validity). */
export function lastRecorded<V extends VersionedValue>(values: readonly V[]): V | null {
  let last: V | null = null;
  for (const value of values) if (!last || recordedAfter(value, last)) last = value;
  return last;
}

export function valueInForce<V extends VersionedValue>(values: readonly V[], date: string, knownAt?: Date): V | null {
  let best: V | null = null;
  for (const value of values) {
    if (!covers(value, date)) continue;
    if (knownAt && value.createdAt > knownAt) continue;
    if (!best || recordedAfter(value, best)) best = value;
  }
  return best;
}

/**
 * The value's effective validity once later records are taken into account: the periods (start, end)
 * in which it is the one in force. Used for timelines.
 */
export function effectiveSpans<V extends VersionedValue>(
  values: readonly V[],
  value: V,
  until: string,
): { start: string; end: string | null }[] {
  const boundaries = new Set<string>([value.start]);
  for (const other of values) {
    if (other.start > value.start && (value.end === null || other.start <= value.end)) boundaries.add(other.start);
    if (other.end && other.end >= value.start && (value.end === null || other.end < value.end))
      boundaries.add(nextDay(other.end));
  }
  const starts = [...boundaries].filter((d) => d <= until).sort();
  const spans: { start: string; end: string | null }[] = [];
  starts.forEach((start, i) => {
    const next = starts[i + 1];
    const end = next ? previousDay(next) : value.end;
    if (valueInForce(values, start) === value) {
      const last = spans[spans.length - 1];
      if (last && last.end !== null && nextDay(last.end) === start) last.end = end;
      else spans.push({ start, end });
    }
  });
  return spans;
}

function shift(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
export const nextDay = (date: string) => shift(date, 1);
export const previousDay = (date: string) => shift(date, -1);
