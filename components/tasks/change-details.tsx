"use client";

import { useLocale, useTranslations } from "next-intl";
import { displayValue, languageOf, localized, type CaseDefinition, type CaseWords } from "@/components/cases/labels";
import { useFormat } from "@/components/format/use-format";
import { Cell, HeaderCell, RowHeader, Table, TableBody, TableHead, TableRow } from "@/components/ui/table";
import type { Task } from "./labels";

type ChangeDetails = {
  caseName?: unknown;
  start?: unknown;
  end?: unknown;
  reason?: unknown;
  before?: unknown;
  after?: unknown;
};

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown) => (typeof value === "string" ? value : null);

/** The case a selfServiceChange task is about, in the person's language (null for a hand-made task without one). */
export function useChangeCaseName(cases: CaseDefinition[]) {
  const language = languageOf(useLocale());
  return (task: Task) => {
    const name = text((task.details as ChangeDetails).caseName);
    if (!name) return null;
    return localized(cases.find((c) => c.name === name)?.displayName, language) || name;
  };
}

/**
 * An employee's reported change as HR reviews it: per field, the value in force before and the
 * reported one (display names, Swiss formats), from when it applies, and the employee's reason.
 */
export function ChangeDetailsView({ task, cases }: { task: Task; cases: CaseDefinition[] }) {
  const t = useTranslations("tasks");
  const tc = useTranslations("cases");
  const format = useFormat();
  const language = languageOf(useLocale());
  const details = task.details as ChangeDetails;
  const definition = cases.find((c) => c.name === text(details.caseName));
  const words: CaseWords = { language, t: tc, format };
  const before = record(details.before);
  const after = record(details.after);
  // The case's own field order, then any field the regulation no longer knows.
  const known = definition?.fields.map((f) => f.name).filter((name) => name in after) ?? [];
  const fields = [
    ...known,
    ...Object.keys(after)
      .filter((name) => !known.includes(name))
      .sort(),
  ];
  const shown = (fieldName: string, value: unknown) => {
    const raw = text(value);
    if (raw === null) return <span className="text-slate-500">{t("change.none")}</span>;
    return displayValue(
      definition?.fields.find((f) => f.name === fieldName),
      raw,
      words,
    );
  };
  const start = text(details.start);
  const end = text(details.end);
  const reason = text(details.reason);

  return (
    <div className="mt-2 space-y-2 text-xs" data-testid="task-change">
      {fields.length ? (
        <Table variant="plain" className="w-full max-w-2xl" caption={t("change.caption")}>
          <TableHead variant="plain">
            <TableRow>
              <HeaderCell size="tight">{t("change.field")}</HeaderCell>
              <HeaderCell size="tight">{t("details.before")}</HeaderCell>
              <HeaderCell size="tight">{t("details.after")}</HeaderCell>
            </TableRow>
          </TableHead>
          <TableBody className="text-xs">
            {fields.map((name) => {
              const field = definition?.fields.find((f) => f.name === name);
              return (
                <TableRow key={name} data-testid="task-change-field" data-field={name} className="align-top">
                  <RowHeader size="tight" className="font-medium text-slate-700">
                    {field ? localized(field.displayName, language) || name : name}
                  </RowHeader>
                  <Cell size="tight" data-testid="task-change-before" className="break-all text-slate-600">
                    {shown(name, before[name])}
                  </Cell>
                  <Cell size="tight" data-testid="task-change-after" className="break-all font-medium text-slate-900">
                    {shown(name, after[name])}
                  </Cell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      ) : null}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5">
        {start ? (
          <div className="contents">
            <dt className="text-slate-500">{t("change.validFrom")}</dt>
            <dd data-testid="task-change-start" className="text-slate-800">
              {end ? t("change.period", { start: format.date(start), end: format.date(end) }) : format.date(start)}
            </dd>
          </div>
        ) : null}
        <div className="contents">
          <dt className="text-slate-500">{t("details.reason")}</dt>
          <dd data-testid="task-change-reason" className="whitespace-pre-line text-slate-800">
            {reason ?? <span className="text-slate-500">{t("change.noReason")}</span>}
          </dd>
        </div>
      </dl>
    </div>
  );
}
