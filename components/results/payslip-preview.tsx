import Link from "next/link";
import type { getEntry } from "@/server/results/read-entries";
import { CONSOLE_LANGUAGE, displayValue, type CaseFieldDefinition, type LookupChoices } from "@/components/cases/labels";
import { formatChf } from "@/components/periods/labels";
import { Alert } from "@/components/ui/alert";
import { formatDate as swissDate } from "@/server/documents/pdf/i18n";
import { COLLECTOR_LABEL, lineKindOf, nameOf, parameterValue, plainText, swissDay, toRappen, type LineKind, type Vocabulary } from "./labels";
import type { ParameterUnits } from "./load";
import { StateBadge } from "./state-badge";

type Entry = Awaited<ReturnType<typeof getEntry>>;
type Line = Entry["wageTypes"][number];

const SECTIONS: { kind: LineKind; title: string }[] = [
  { kind: "earning", title: "Earnings" },
  { kind: "allowance", title: "Allowances" },
  { kind: "deduction", title: "Deductions" },
  { kind: "net", title: "Net" },
  { kind: "expense", title: "Expenses and other payments" },
  { kind: "employer", title: "Employer contributions (not deducted)" },
];

const PAYSLIP_COLLECTORS = ["GrossWage", "EmployeeDeductions", "NetWage", "PayableAmount", "EmployerContributions"];

/** What the "why?" of a line needs to name things as people read them (components/results/load.ts). */
export type PayslipWords = {
  words: Vocabulary;
  fields: ReadonlyMap<string, CaseFieldDefinition>;
  units: ParameterUnits;
  lookups: LookupChoices;
  /** When each case change behind a value was recorded (ISO instants), by id. */
  recorded: ReadonlyMap<string, string>;
};

/** The API's CHF ("6500.00") as the console shows amounts ("6'500.00"). */
const chf = (amount: string) => formatChf(toRappen(amount));

/** Deductions (5xxx) carry positive amounts: on the payslip they subtract. */
const signed = (line: Line) => (lineKindOf(line.number) === "deduction" && !line.amount.startsWith("-") ? `− ${chf(line.amount)}` : chf(line.amount));

/** A case value behind a line: "Salary type: Monthly salary (recorded 12.01.2026)". */
function caseValueText(v: { field: string; value: string; caseChangeId: string }, words: PayslipWords) {
  const recorded = words.recorded.get(v.caseChangeId);
  return `${nameOf(v.field, words.words)}: ${displayValue(words.fields.get(v.field), v.value, CONSOLE_LANGUAGE, words.lookups)}${recorded ? ` (recorded ${swissDay(recorded)})` : ""}`;
}

/** A parameter behind a line: "AHV employee rate: 5.3 %"; a field's default as "Salary type (regulation default): Monthly salary". */
function parameterText(p: { key: string; value: string }, words: PayslipWords) {
  const fieldDefault = / \(default\)$/.test(p.key) ? p.key.replace(/ \(default\)$/, "") : null;
  if (fieldDefault) return `${nameOf(fieldDefault, words.words)} (regulation default): ${displayValue(words.fields.get(fieldDefault), p.value, CONSOLE_LANGUAGE, words.lookups)}`;
  return `${nameOf(p.key, words.words)}: ${parameterValue(p.value, words.units.get(p.key))}`;
}

function Why({ line, words }: { line: Line; words: PayslipWords }) {
  const explanation = line.explanation;
  if (!explanation) return null;
  return (
    <details className="mt-1 text-xs text-slate-600" data-testid="why">
      <summary className="cursor-pointer text-sky-700 hover:underline">why?</summary>
      <div className="mt-1 space-y-1 rounded border border-slate-200 bg-slate-50 p-2">
        <p>{plainText(explanation.text, words.words)}</p>
        {line.retro && line.retroPeriodStart ? <p>Retro correction of the period starting {swissDate(line.retroPeriodStart)}.</p> : null}
        {explanation.caseValues.length ? (
          <div>
            <p className="font-medium text-slate-700">Recorded data</p>
            <ul className="list-inside list-disc">
              {explanation.caseValues.map((v) => (
                <li key={`${v.field}-${v.caseChangeId}`}>{caseValueText(v, words)}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {explanation.parameters.length ? (
          <div>
            <p className="font-medium text-slate-700">Figures of the regulation</p>
            <ul className="list-inside list-disc">
              {explanation.parameters.map((p) => (
                <li key={p.key}>{parameterText(p, words)}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </details>
  );
}

/**
 * The open period's entry of one employee as a payslip: wage type lines by kind (deductions as
 * deductions), the collectors, and per line "why?" with the case values and parameters behind it.
 * A server component: the case forms' router.refresh() after a save renders it anew.
 */
export function PayslipPreview({
  entry,
  period,
  controlHref,
  blockingItems,
  words,
}: {
  entry: Entry | null;
  period: { periodStart: string; periodEnd: string } | null;
  controlHref: string;
  blockingItems: number;
  words: PayslipWords;
}) {
  if (!period) return <Alert tone="info">There is no open payrun period.</Alert>;
  if (!entry) {
    return (
      <div data-testid="payslip-preview" data-state="none">
        <Alert tone="info">No entry in this period: the employee is not employed in it (record the Employment case with the entry date).</Alert>
      </div>
    );
  }
  const collector = (name: string) => entry.collectors.find((c) => c.name === name)?.amount;
  return (
    <div data-testid="payslip-preview" data-state={entry.controlState} data-gross={entry.gross} data-net={entry.net} className="space-y-4">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <StateBadge state={entry.controlState} />
        <span className="text-slate-600">
          Gross <strong data-testid="payslip-gross" className="text-slate-900">{chf(entry.gross)}</strong> · Net <strong data-testid="payslip-net" className="text-slate-900">{chf(entry.net)}</strong> · Open amount{" "}
          <strong className="text-slate-900">{chf(entry.openAmount)}</strong> CHF
        </span>
        {blockingItems > 0 ? (
          <Link href={controlHref} className="text-red-800 underline underline-offset-2">
            {blockingItems} blocking item{blockingItems === 1 ? "" : "s"} in Payroll control
          </Link>
        ) : null}
      </div>
      {entry.wageTypes.length ? (
        <table className="w-full text-sm" aria-label="Payslip lines">
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
              <th className="py-1 pr-2 font-medium">No.</th>
              <th className="py-1 pr-2 font-medium">Wage type</th>
              <th className="py-1 pr-2 text-right font-medium">Base</th>
              <th className="py-1 pr-2 text-right font-medium">Rate</th>
              <th className="py-1 text-right font-medium">Amount (CHF)</th>
            </tr>
          </thead>
          {SECTIONS.map(({ kind, title }) => {
            const lines = entry.wageTypes.filter((l) => lineKindOf(l.number) === kind);
            if (!lines.length) return null;
            return (
              <tbody key={kind} className={kind === "employer" ? "text-slate-500" : undefined}>
                <tr>
                  <th colSpan={5} className="pt-3 pb-1 text-left text-xs font-semibold text-slate-700">
                    {title}
                  </th>
                </tr>
                {lines.map((line, i) => (
                  <tr key={`${line.number}-${line.retroPeriodStart ?? ""}-${i}`} data-testid="payslip-line" data-number={line.number} data-kind={kind} className={`border-t border-slate-100 align-top ${kind === "net" ? "font-semibold" : ""}`}>
                    <td className="py-1 pr-2 font-mono text-xs">{line.number}</td>
                    <td className="py-1 pr-2">
                      {line.name}
                      {line.retro ? <span className="ml-2 rounded bg-amber-100 px-1 text-xs text-amber-900">retro {swissDate(line.retroPeriodStart ?? "")}</span> : null}
                      <Why line={line} words={words} />
                    </td>
                    <td className="py-1 pr-2 text-right tabular-nums">{line.base === null ? "" : chf(line.base)}</td>
                    <td className="py-1 pr-2 text-right tabular-nums">{line.rate === null ? "" : `${line.rate} %`}</td>
                    <td className="py-1 text-right tabular-nums" data-testid="payslip-amount">
                      {signed(line)}
                    </td>
                  </tr>
                ))}
              </tbody>
            );
          })}
        </table>
      ) : (
        <p className="text-sm text-slate-600">No wage type lines yet: record the salary (or hours) to see the payslip.</p>
      )}
      <dl className="grid gap-x-6 gap-y-1 border-t border-slate-200 pt-3 text-sm sm:grid-cols-2" aria-label="Collectors">
        {PAYSLIP_COLLECTORS.filter((name) => collector(name) !== undefined).map((name) => (
          <div key={name} className="flex justify-between" data-testid="collector" data-name={name}>
            <dt className="text-slate-600">{COLLECTOR_LABEL[name] ?? name}</dt>
            <dd className="font-medium tabular-nums text-slate-900">{chf(collector(name)!)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
