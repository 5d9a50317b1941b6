import { formatDate } from "@/server/documents/pdf/i18n";
import { displayValue, formatInstant, localized, type CaseDefinition, type Language, type LookupChoices } from "./labels";
import type { TimelineEntry } from "./timeline";

const span = (s: { start: string; end: string | null }) => `${formatDate(s.start)} – ${s.end ? formatDate(s.end) : "open"}`;

/** The history of each field of a case: values over time, where each is in force, who recorded it and when. */
export function CaseTimeline({ definition, timelines, language, lookups }: { definition: CaseDefinition; timelines: Map<string, TimelineEntry[]>; language: Language; lookups: LookupChoices }) {
  const fields = definition.fields.filter((f) => timelines.get(f.name)?.length);
  if (!fields.length) return <p className="text-sm text-slate-500">No values recorded yet.</p>;
  return (
    <div className="space-y-4">
      {fields.map((field) => (
        <div key={field.name}>
          <h4 className="text-sm font-semibold text-slate-800">{localized(field.displayName, language)}</h4>
          <table className="mt-1 min-w-full text-left text-xs" aria-label={`Timeline of ${localized(field.displayName, language)}`}>
            <thead className="text-slate-500">
              <tr>
                <th className="py-1 pr-3 font-medium">Value</th>
                <th className="py-1 pr-3 font-medium">Valid (as recorded)</th>
                <th className="py-1 pr-3 font-medium">In force</th>
                <th className="py-1 pr-3 font-medium">Recorded</th>
                <th className="py-1 font-medium">Reason</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 text-slate-700">
              {timelines.get(field.name)!.map((entry) => (
                <tr key={entry.id} className={entry.inForce.length ? "" : "text-slate-400"}>
                  <td className="py-1 pr-3 font-medium">{displayValue(field, entry.value, language, lookups)}</td>
                  <td className="py-1 pr-3">{span(entry)}</td>
                  <td className="py-1 pr-3">{entry.inForce.length ? entry.inForce.map(span).join("; ") : "overridden by a later change"}</td>
                  <td className="py-1 pr-3">
                    {formatInstant(entry.recordedAt)} by {entry.recordedBy}
                  </td>
                  <td className="py-1">{entry.reason ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
