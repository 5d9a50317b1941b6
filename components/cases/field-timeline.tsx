import { Cell, HeaderCell, Table, TableBody, TableHead, TableRow } from "@/components/ui/table";
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
          <Table
            variant="plain"
            className="mt-1 min-w-full"
            caption={t("timeline.label", { name: localized(field.displayName, language) })}
          >
            <TableHead variant="plain">
              <TableRow>
                <HeaderCell size="tight">{t("timeline.value")}</HeaderCell>
                <HeaderCell size="tight">{t("timeline.valid")}</HeaderCell>
                <HeaderCell size="tight">{t("timeline.inForce")}</HeaderCell>
                <HeaderCell size="tight">{t("timeline.recorded")}</HeaderCell>
                <HeaderCell size="tight">{t("timeline.reason")}</HeaderCell>
              </TableRow>
            </TableHead>
            <TableBody className="text-xs text-slate-700">
              {timelines.get(field.name)!.map((entry) => (
                <TableRow key={entry.id} className={entry.inForce.length ? undefined : "text-slate-400"}>
                  <Cell size="tight" className="font-medium">
                    {displayValue(field, entry.value, words, lookups)}
                  </Cell>
                  <Cell size="tight">{span(entry)}</Cell>
                  <Cell size="tight">
                    {entry.inForce.length ? entry.inForce.map(span).join("; ") : t("timeline.overridden")}
                  </Cell>
                  <Cell size="tight">
                    {t("timeline.recordedBy", { at: format.instant(entry.recordedAt), name: entry.recordedBy })}
                  </Cell>
                  <Cell size="tight">{entry.reason ?? "—"}</Cell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ))}
    </div>
  );
}
