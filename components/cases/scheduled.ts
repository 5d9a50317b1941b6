import type { TimelineEntry } from "./timeline";

/** A value that comes into force after the date the form shows: a raise from 1 September. */
export type Scheduled = { value: string; start: string };

/**
 * Each field's changes that start after valueDate, in date order: the starts of the spans in which a
 * recorded value is in force (so a change that a later record overrides is not announced).
 */
export function scheduledChanges(timelines: Map<string, TimelineEntry[]>, valueDate: string): Map<string, Scheduled[]> {
  const scheduled = new Map<string, Scheduled[]>();
  for (const [field, entries] of timelines) {
    const upcoming = entries.flatMap((entry) =>
      entry.inForce.filter((span) => span.start > valueDate).map((span) => ({ value: entry.value, start: span.start })),
    );
    if (upcoming.length)
      scheduled.set(
        field,
        upcoming.sort((a, b) => a.start.localeCompare(b.start)),
      );
  }
  return scheduled;
}
