import { displayValue, localized, type CaseDefinition, type CaseWords, type LookupChoices } from "./labels";
import type { TimelineEntry } from "./timeline";

/** The history of each field of a case: values over time, where each is in force, who recorded it and when. */
export function CaseTimeline({
  definition,
  timelines,
  words,
  lookups,
}: {
  definition: CaseDefinition;
  timelines: Map<string, TimelineEntry[]>;
  words: CaseWords;
  lookups: LookupChoices;
}) {
  const { language, t, format } = words;
  const span = (s: { start: string; end: string | null }) =>
    t("timeline.span", { start: format.date(s.start), end: s.end ? format.date(s.end) : t("timeline.open") });
  const fields = definition.fields.filter((f) => timelines.get(f.name)?.length);
  if (!fields.length) return <p className="text-sm text-slate-500">{t("timeline.none")}</p>;
  return (
    <div className="space-y-4">
      {fields.map((field) => (
        <div key={field.name}>
          <h4 className="text-sm font-semibold text-slate-800">{localized(field.displayName, language)}</h4>
          <table
            className="mt-1 min-w-full text-left text-xs"
            aria-label={t("timeline.label", { name: localized(field.displayName, language) })}
          >
            <thead className="text-slate-500">
              <tr>
                <th className="py-1 pr-3 font-medium">{t("timeline.value")}</th>
                <th className="py-1 pr-3 font-medium">{t("timeline.valid")}</th>
                <th className="py-1 pr-3 font-medium">{t("timeline.inForce")}</th>
                <th className="py-1 pr-3 font-medium">{t("timeline.recorded")}</th>
                <th className="py-1 font-medium">{t("timeline.reason")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 text-slate-700">
              {timelines.get(field.name)!.map((entry) => (
                <tr key={entry.id} className={entry.inForce.length ? "" : "text-slate-400"}>
                  <td className="py-1 pr-3 font-medium">{displayValue(field, entry.value, words, lookups)}</td>
                  <td className="py-1 pr-3">{span(entry)}</td>
                  <td className="py-1 pr-3">
                    {entry.inForce.length ? entry.inForce.map(span).join("; ") : t("timeline.overridden")}
                  </td>
                  <td className="py-1 pr-3">
                    {t("timeline.recordedBy", { at: format.instant(entry.recordedAt), name: entry.recordedBy })}
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
