import { effectiveSpans } from "@/server/bitemporal/in-force";
import type { CaseChange } from "@/server/cases/schemas";

export type TimelineEntry = {
  id: string;
  value: string;
  start: string;
  end: string | null;
  /** Where this value is the one in force, once later changes are taken into account; empty when fully overridden. */
  inForce: { start: string; end: string | null }[];
  recordedAt: string;
  recordedBy: string;
  reason: string | null;
};

const FAR_FUTURE = "9999-12-31";

/** Each field's recorded values, newest record first, with the spans in which each one is in force. */
export function fieldTimelines(changes: CaseChange[]): Map<string, TimelineEntry[]> {
  const byField = new Map<
    string,
    { id: string; value: string; start: string; end: string | null; createdAt: Date; change: CaseChange }[]
  >();
  for (const change of changes) {
    for (const v of change.values) {
      const list = byField.get(v.caseFieldName) ?? [];
      list.push({
        id: v.id,
        value: v.value,
        start: v.start,
        end: v.end,
        createdAt: new Date(change.createdAt),
        change,
      });
      byField.set(v.caseFieldName, list);
    }
  }
  const timelines = new Map<string, TimelineEntry[]>();
  for (const [field, values] of byField) {
    const entries = values
      .map((v) => ({
        id: v.id,
        value: v.value,
        start: v.start,
        end: v.end,
        inForce: effectiveSpans(values, v, FAR_FUTURE),
        recordedAt: v.change.createdAt,
        recordedBy: v.change.createdBy.name,
        reason: v.change.reason,
      }))
      .sort((a, b) =>
        a.recordedAt === b.recordedAt ? b.id.localeCompare(a.id) : b.recordedAt.localeCompare(a.recordedAt),
      );
    timelines.set(field, entries);
  }
  return timelines;
}
