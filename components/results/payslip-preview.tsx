import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { getEntry } from "@/server/results/read-entries";
import type { ParameterUnit } from "@/server/regulations/catalog";
import { caseWords } from "@/components/cases/case-sections";
import { displayValue, type CaseFieldDefinition, type CaseWords, type LookupChoices } from "@/components/cases/labels";
import { Alert } from "@/components/ui/alert";
import { Cell, HeaderCell, RowHeader, Table, TableBody, TableHead, TableRow } from "@/components/ui/table";
import { explanationSentence, type CalcTranslator } from "./calc-text";
import { lineKindOf, nameOf, plainText, type LineKind, type Vocabulary } from "./labels";
import type { ParameterUnits } from "./load";
import { StateBadge } from "./state-badge";

type Entry = Awaited<ReturnType<typeof getEntry>>;
type Line = Entry["wageTypes"][number];

/** The payslip's parts in order; their titles are `payslip.sections.<kind>`. */
const SECTIONS: LineKind[] = ["earning", "allowance", "deduction", "net", "expense", "employer"];

const PAYSLIP_COLLECTORS = ["GrossWage", "EmployeeDeductions", "NetWage", "PayableAmount", "EmployerContributions"];

/** What the "why?" of a line needs to name things as people read them (components/results/load.ts). */
export type PayslipWords = {
  words: Vocabulary;
  fields: ReadonlyMap<string, CaseFieldDefinition>;
  units: ParameterUnits;
  lookups: LookupChoices;
  /** When each case change behind a value was recorded (ISO instants), by id. */
  recorded: ReadonlyMap<string, string>;
  /** Wage type names by number and collector names, in the person's language. */
  wageTypes: ReadonlyMap<string, string>;
  collectors: ReadonlyMap<string, string>;
};

type Speech = CaseWords & { p: CaseWords["t"]; calc: CalcTranslator };

/** The API's CHF ("6500.00") as the console shows amounts ("6'500.00", fr "6 500,00"). */
const chf = (amount: string, speech: Speech) => speech.format.amount(amount);

/** Deductions (5xxx) carry positive amounts: on the payslip they subtract. */
const signed = (line: Line, speech: Speech) =>
  lineKindOf(line.number) === "deduction" && !line.amount.startsWith("-")
    ? `− ${chf(line.amount, speech)}`
    : chf(line.amount, speech);

const PER_UNIT = new Set<ParameterUnit>([
  "chfPerMonth",
  "chfPerYear",
  "chfPerDay",
  "years",
  "months",
  "weeks",
  "hoursPerWeek",
  "hoursPerMonth",
]);

/** A regulation parameter's value as people read it: "5.3 %", "CHF 2'520.00 per month", "65 years". */
function parameterValue(value: string, unit: ParameterUnit | undefined, speech: Speech) {
  if (!unit) return value;
  const number = /^-?\d+(\.\d+)?$/.test(value);
  if (unit === "percent") return number ? speech.format.percent(value) : value;
  if (!number) return value;
  if (unit === "chf") return speech.format.chf(value);
  if (unit.startsWith("chf")) return speech.p(`units.${unit}`, { value: speech.format.chf(value) });
  return PER_UNIT.has(unit) ? speech.p(`units.${unit}`, { value }) : value;
}

/** A case value behind a line: "Salary type: Monthly salary (recorded 12.01.2026)". */
function caseValueText(v: { field: string; value: string; caseChangeId: string }, words: PayslipWords, speech: Speech) {
  const recorded = words.recorded.get(v.caseChangeId);
  const text = speech.p("why.value", {
    name: nameOf(v.field, words.words),
    value: displayValue(words.fields.get(v.field), v.value, speech, words.lookups),
  });
  return recorded ? speech.p("why.recorded", { text, date: speech.format.date(recorded) }) : text;
}

/** A parameter behind a line: "AHV employee rate: 5.3 %"; a field's default as "Salary type (regulation default): Monthly salary". */
function parameterText(p: { key: string; value: string }, words: PayslipWords, speech: Speech) {
  const fieldDefault = / \(default\)$/.test(p.key) ? p.key.replace(/ \(default\)$/, "") : null;
  if (fieldDefault)
    return speech.p("why.default", {
      name: nameOf(fieldDefault, words.words),
      value: displayValue(words.fields.get(fieldDefault), p.value, speech, words.lookups),
    });
  return speech.p("why.value", {
    name: nameOf(p.key, words.words),
    value: parameterValue(p.value, words.units.get(p.key), speech),
  });
}

function Why({ line, words, speech }: { line: Line; words: PayslipWords; speech: Speech }) {
  const explanation = line.explanation;
  if (!explanation) return null;
  const { p } = speech;
  return (
    <details className="mt-1 text-xs text-slate-600" data-testid="why">
      <summary className="cursor-pointer text-sky-700 hover:underline">{p("why.summary")}</summary>
      <div className="mt-1 space-y-1 rounded border border-slate-200 bg-slate-50 p-2">
        <p data-testid="why-text">
          {explanationSentence(explanation, { t: speech.calc, format: speech.format, words: words.words }) ??
            plainText(explanation.text, words.words)}
        </p>
        {line.retro && line.retroPeriodStart ? (
          <p>{p("why.retro", { date: speech.format.date(line.retroPeriodStart) })}</p>
        ) : null}
        {explanation.caseValues.length ? (
          <div>
            <p className="font-medium text-slate-700">{p("why.caseValues")}</p>
            <ul className="list-inside list-disc">
              {explanation.caseValues.map((v) => (
                <li key={`${v.field}-${v.caseChangeId}`}>{caseValueText(v, words, speech)}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {explanation.parameters.length ? (
          <div>
            <p className="font-medium text-slate-700">{p("why.parameters")}</p>
            <ul className="list-inside list-disc">
              {explanation.parameters.map((item) => (
                <li key={item.key}>{parameterText(item, words, speech)}</li>
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
/**
 * The withholding tax of the period at a glance (issue 39): canton, tariff code, rate and the model, with the
 * reason the rate was chosen (the line's "why?" sentence: the rate-determining income and what converted it).
 */
function WithholdingTaxSummary({ entry, speech, words }: { entry: Entry; speech: Speech; words: PayslipWords }) {
  const line = entry.wageTypes.find((l) => l.number === "5060" && !l.retro);
  const params = line?.explanation?.params;
  if (!line || !params?.canton || !params.tariff) return null;
  const annual = line.explanation?.key === "withholdingTaxAnnual";
  const reason =
    explanationSentence(line.explanation!, { t: speech.calc, format: speech.format, words: words.words }) ??
    plainText(line.explanation!.text, words.words);
  return (
    <section
      data-testid="withholding-tax"
      data-canton={params.canton}
      data-tariff={params.tariff}
      data-rate={line.rate ?? ""}
      className="rounded border border-slate-200 bg-slate-50 p-3 text-sm"
      aria-label={speech.p("withholdingTax.title")}
    >
      <p className="font-medium text-slate-900">
        {speech.p("withholdingTax.summary", {
          canton: params.canton,
          tariff: params.tariff,
          rate: line.rate ? speech.format.percent(line.rate) : "",
          model: annual ? "annual" : "monthly",
          amount: speech.format.chf(line.amount),
        })}
      </p>
      <p className="mt-1 text-xs text-slate-600" data-testid="withholding-tax-reason">
        {reason}
      </p>
    </section>
  );
}

export async function PayslipPreview({
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
  const [cases, p, calc] = await Promise.all([caseWords(), getTranslations("payslip"), getTranslations("calc")]);
  const speech: Speech = { ...cases, p: p as CaseWords["t"], calc: calc as unknown as CalcTranslator };
  if (!period) return <Alert tone="info">{p("noPeriod")}</Alert>;
  if (!entry) {
    return (
      <div data-testid="payslip-preview" data-state="none">
        <Alert tone="info">{p("noEntry")}</Alert>
      </div>
    );
  }
  const collector = (name: string) => entry.collectors.find((c) => c.name === name)?.amount;
  return (
    <div
      data-testid="payslip-preview"
      data-state={entry.controlState}
      data-gross={entry.gross}
      data-net={entry.net}
      className="space-y-4"
    >
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <StateBadge state={entry.controlState} />
        <span className="text-slate-600">
          {p.rich("totals", {
            gross: () => (
              <strong data-testid="payslip-gross" className="text-slate-900">
                {chf(entry.gross, speech)}
              </strong>
            ),
            net: () => (
              <strong data-testid="payslip-net" className="text-slate-900">
                {chf(entry.net, speech)}
              </strong>
            ),
            open: () => <strong className="text-slate-900">{chf(entry.openAmount, speech)}</strong>,
          })}
        </span>
        {blockingItems > 0 ? (
          <Link href={controlHref} className="text-red-800 underline underline-offset-2">
            {p("blocking", { count: blockingItems })}
          </Link>
        ) : null}
      </div>
      <WithholdingTaxSummary entry={entry} speech={speech} words={words} />
      {entry.wageTypes.length ? (
        <Table className="w-full" caption={p("lines")}>
          <TableHead variant="plain">
            <TableRow>
              <HeaderCell size="tight">{p("columns.number")}</HeaderCell>
              <HeaderCell size="tight">{p("columns.wageType")}</HeaderCell>
              <HeaderCell size="tight" numeric>
                {p("columns.base")}
              </HeaderCell>
              <HeaderCell size="tight" numeric>
                {p("columns.rate")}
              </HeaderCell>
              <HeaderCell size="tight" numeric>
                {p("columns.amount")}
              </HeaderCell>
            </TableRow>
          </TableHead>
          {SECTIONS.map((kind) => {
            const lines = entry.wageTypes.filter((l) => lineKindOf(l.number) === kind);
            if (!lines.length) return null;
            return (
              <TableBody key={kind} className={kind === "employer" ? "text-slate-500" : undefined}>
                <TableRow>
                  <RowHeader
                    scope="rowgroup"
                    colSpan={5}
                    size="tight"
                    className="pt-3 text-xs font-semibold text-slate-700"
                  >
                    {p(`sections.${kind}`)}
                  </RowHeader>
                </TableRow>
                {lines.map((line, i) => (
                  <TableRow
                    key={`${line.number}-${line.retroPeriodStart ?? ""}-${i}`}
                    data-testid="payslip-line"
                    data-number={line.number}
                    data-kind={kind}
                    className={kind === "net" ? "align-top font-semibold" : "align-top"}
                  >
                    <Cell size="tight" className="font-mono text-xs">
                      {line.number}
                    </Cell>
                    <Cell size="tight">
                      {words.wageTypes.get(line.number) || line.name}
                      {line.retro ? (
                        <span className="ml-2 rounded bg-amber-100 px-1 text-xs text-amber-900">
                          {p("retro", { date: line.retroPeriodStart ? speech.format.date(line.retroPeriodStart) : "" })}
                        </span>
                      ) : null}
                      <Why line={line} words={words} speech={speech} />
                    </Cell>
                    <Cell size="tight" numeric className="tabular-nums">
                      {line.base === null ? "" : chf(line.base, speech)}
                    </Cell>
                    <Cell size="tight" numeric className="tabular-nums">
                      {line.rate === null ? "" : speech.format.percent(line.rate)}
                    </Cell>
                    <Cell size="tight" numeric className="tabular-nums" data-testid="payslip-amount">
                      {signed(line, speech)}
                    </Cell>
                  </TableRow>
                ))}
              </TableBody>
            );
          })}
        </Table>
      ) : (
        <p className="text-sm text-slate-600">{p("noLines")}</p>
      )}
      <dl
        className="grid gap-x-6 gap-y-1 border-t border-slate-200 pt-3 text-sm sm:grid-cols-2"
        aria-label={p("collectors")}
      >
        {PAYSLIP_COLLECTORS.filter((name) => collector(name) !== undefined).map((name) => (
          <div key={name} className="flex justify-between" data-testid="collector" data-name={name}>
            <dt className="text-slate-600">{words.collectors.get(name) || name}</dt>
            <dd className="font-medium tabular-nums text-slate-900">{chf(collector(name)!, speech)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
