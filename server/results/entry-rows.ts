/**
 * One employee's entry of the open period, from the inputs a recalculation loaded: the chain of
 * periods from January calculated again, the retro lines against what was booked, the issues paying
 * needs, and the row as it is written (a JSON statement's object or a line of COPY's text). Pure, no
 * database: recalculate/ runs it in its own thread for a few employees and in worker threads
 * (recalc-worker.ts) for a whole payroll; both run exactly this code.
 */
import { randomBytes } from "node:crypto";
import { v7 } from "uuid";
import { calculatePeriod, emptyYearToDate } from "../calc";
import type { CaseHistory, PeriodResult } from "../calc/types";
import { valueInForce } from "../bitemporal/in-force";
import { copyText } from "../db/copy";
import type { StoredLine } from "../db/schema/results";
import type { CaseDefinition, Lookup, Parameter, WageType } from "../regulations/catalog/types";
import type { QstTariffTable } from "../regulations/qst";

export type MergedRegulation = {
  parameters: Parameter[];
  lookups: Lookup[];
  wageTypes: WageType[];
  cases: CaseDefinition[];
};
export type ChainPeriod = { id: string; periodStart: string; periodEnd: string; status: string };

/**
 * Each employee's case values as the histories query sends them (case_values_text in drizzle/0019_case_histories.sql): one
 * text of records, each `field␟value␟start␟end␟caseChangeId` (end empty while open-ended; a value is never
 * empty), in record order: without their ids and record times, which the calculation only uses to order
 * the values of a field (valueInForce). The separators are ASCII's unit and record separators, which no
 * stored text holds (http/text.ts refuses control characters in every request); a record that does not
 * read as five parts with ISO dates is refused rather than calculated wrongly.
 */
export const VALUE_PART = "\x1f";
export const VALUE_RECORD = "\x1e";

/** One case value of a history's text, as historiesText writes it. */
export type ValueParts = [fieldName: string, value: string, start: string, end: string | null, caseChangeId: string];

/** The text of case values that historyFromText reads (the warm-up's synthetic employees, tests). */
export function historiesText(values: readonly ValueParts[]): string {
  return values
    .map(([field, value, start, end, caseChangeId]) => [field, value, start, end ?? "", caseChangeId].join(VALUE_PART))
    .join(VALUE_RECORD);
}

/**
 * The history of values sent in record order (to the millisecond, ties by id: the order valueInForce
 * gives them). Each value gets its position as record time and id, which orders them the same way; so
 * this history is for calculating without a knownAt (a recalculation reads only what was known then).
 */
export function historyFromText(text: string | null): CaseHistory {
  const history: CaseHistory = {};
  if (!text) return history;
  // Read with indexOf rather than split: half the time (about 4 µs an employee instead of 7), and no arrays.
  let position = 0;
  for (let from = 0; from <= text.length;) {
    let recordEnd = text.indexOf(VALUE_RECORD, from);
    if (recordEnd === -1) recordEnd = text.length;
    const a = text.indexOf(VALUE_PART, from);
    const b = a === -1 ? -1 : text.indexOf(VALUE_PART, a + 1);
    const c = b === -1 ? -1 : text.indexOf(VALUE_PART, b + 1);
    const d = c === -1 ? -1 : text.indexOf(VALUE_PART, c + 1);
    const fieldName = text.slice(from, a === -1 || a > recordEnd ? recordEnd : a);
    const fifth = d === -1 ? -1 : text.indexOf(VALUE_PART, d + 1);
    // Five parts: four separators inside the record and no fifth.
    if (d === -1 || d > recordEnd || (fifth !== -1 && fifth < recordEnd)) throw unreadable(fieldName);
    const value = text.slice(a + 1, b);
    const start = text.slice(b + 1, c);
    const end = text.slice(c + 1, d);
    const caseChangeId = text.slice(d + 1, recordEnd);
    if (!ISO_DATE.test(start) || (end !== "" && !ISO_DATE.test(end)) || caseChangeId.length !== 36)
      throw unreadable(fieldName);
    position++;
    (history[fieldName] ??= []).push({
      value,
      start,
      end: end === "" ? null : end,
      createdAt: new Date(position),
      id: String(position).padStart(8, "0"),
      caseChangeId,
    });
    from = recordEnd + 1;
  }
  return history;
}

const unreadable = (fieldName: string) =>
  new Error(`A case value of field ${JSON.stringify(fieldName)} could not be read for the calculation.`);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Of a closed period's entry, what bookedFor reads of its lines, in line order (recalculate/reads.ts's bookedLinesColumn). */
export type BookedLine = [
  number: string,
  name: string,
  amount: number,
  retro: boolean,
  retroPeriodStart: string | null,
];
/** A closed period's entry as loaded: its lines as the JSON text the database sent (parsed where it is used). */
export type BookedEntry = { payrunPeriodId: string; lines: string };

/** What the entries of one recalculation share: the chain of periods and what was merged and loaded once. */
export type EntryContext = {
  chain: ChainPeriod[];
  openId: string;
  regulationOf: (periodId: string) => MergedRegulation;
  company: CaseHistory;
  qst: QstTariffTable;
  usesCostCenters: boolean;
};

/**
 * The open period's entry of one employee, and the closed periods it books retro lines for. Each
 * period of the chain is calculated again with year-to-date figures chained from January.
 */
export function employeeEntry(
  context: EntryContext,
  entryOf: EntryBuilder,
  employeeId: string,
  history: CaseHistory,
  booked: BookedEntry[],
) {
  const { chain, openId, regulationOf, company, qst } = context;
  const entries = booked.map((entry) => ({
    payrunPeriodId: entry.payrunPeriodId,
    lines: JSON.parse(entry.lines) as BookedLine[],
  }));
  const open = chain.find((p) => p.id === openId)!;
  const retroPeriods: string[] = [];
  let yearToDate = emptyYearToDate();
  const retro: StoredLine[] = [];
  let current: PeriodResult | null = null;
  for (const period of chain) {
    if (period.periodStart.endsWith("-01-01")) yearToDate = emptyYearToDate();
    const result = calculatePeriod({
      periodStart: period.periodStart,
      periodEnd: period.periodEnd,
      employee: history,
      company,
      regulation: regulationOf(period.id),
      qst,
      yearToDate,
      explain: false,
    });
    yearToDate = result.yearToDate;
    if (period.id === openId) {
      current = result;
      break;
    }
    const corrections = retroLines(result, bookedFor(period, entries, chain), period.periodStart);
    if (corrections.length) retroPeriods.push(period.periodStart);
    retro.push(...corrections);
  }
  // A former employee is paid what an earlier period left open (shown-entries.ts): the bank account is asked of everyone, the cost center of those with wages to book.
  const paymentIssues = missingForPayment(history, open.periodEnd, context.usesCostCenters && current!.employed);
  return {
    entry: entryOf(employeeId, { ...current!, issues: [...current!.issues, ...paymentIssues] }, retro),
    retroPeriods,
  };
}

/**
 * Payroll Control items the calculation itself does not need but paying and booking do: the bank
 * account (to pay out) and, once the payroll uses cost centers (usesCostCenters: and the entry has
 * wages to book), the employee's cost center.
 */
function missingForPayment(history: CaseHistory, date: string, usesCostCenters: boolean): PeriodResult["issues"] {
  const has = (field: string) => valueInForce(history[field] ?? [], date) !== null;
  const issues: PeriodResult["issues"] = [];
  if (!has("Iban"))
    issues.push({
      code: "control.missing_bank_account",
      message: "No bank account (IBAN) to pay the salary to.",
      field: "Iban",
      blocking: true,
      params: {},
    });
  if (usesCostCenters && !has("CostCenter")) {
    issues.push({
      code: "control.missing_cost_center",
      message: "The payroll uses cost centers; this employee has none.",
      field: "CostCenter",
      blocking: true,
      params: {},
    });
  }
  return issues;
}

/** What was booked for a closed period: its own lines plus the retro lines later closed periods booked for it. */
function bookedFor(
  period: ChainPeriod,
  entries: { payrunPeriodId: string; lines: BookedLine[] }[],
  chain: ChainPeriod[],
) {
  const amounts = new Map<string, { amount: number; name: string }>();
  const add = ([number, name, amount]: BookedLine) => {
    const booked = amounts.get(number) ?? { amount: 0, name };
    booked.amount += amount;
    amounts.set(number, booked);
  };
  for (const entry of entries) {
    const of = chain.find((p) => p.id === entry.payrunPeriodId);
    if (!of) continue;
    if (of.id === period.id) entry.lines.filter(([, , , retro]) => !retro).forEach(add);
    else if (of.periodStart > period.periodStart)
      entry.lines
        .filter(([, , , retro, retroPeriodStart]) => retro && retroPeriodStart === period.periodStart)
        .forEach(add);
  }
  return amounts;
}

/** Per wage type, what the period should have had minus what was booked for it. */
function retroLines(
  result: PeriodResult,
  booked: Map<string, { amount: number; name: string }>,
  periodStart: string,
): StoredLine[] {
  const should = new Map(result.lines.map((line) => [line.number, line]));
  const numbers = [...new Set([...should.keys(), ...booked.keys()])].sort();
  const lines: StoredLine[] = [];
  for (const number of numbers) {
    const target = should.get(number)?.amount ?? 0;
    const was = booked.get(number)?.amount ?? 0;
    if (target === was) continue;
    lines.push({
      number,
      name: should.get(number)?.name ?? booked.get(number)!.name,
      amount: target - was,
      base: null,
      rate: null,
      retro: true,
      retroPeriodStart: periodStart,
    });
  }
  return lines;
}

/**
 * The open period's entry of one employee, as written: the result, the retro lines, and the totals
 * paid. What depends only on the regulation is worked out once per recalculation.
 */
export function entryBuilder(regulation: MergedRegulation) {
  // The case of a field, for Payroll Control: the first case of the regulation that has the field.
  const caseOf = new Map<string, string>();
  for (const definition of regulation.cases)
    for (const field of definition.fields) if (!caseOf.has(field.name)) caseOf.set(field.name, definition.name);
  // Retro lines change what is paid: the net wage line's difference plus allowances and expenses.
  const kindOf = new Map(regulation.wageTypes.map((w) => [w.number, w.kind as string]));
  return (employeeId: string, result: PeriodResult, retro: StoredLine[]) => {
    const retroSum = (kinds: string[]) =>
      retro.filter((l) => kinds.includes(kindOf.get(l.number) ?? "")).reduce((sum, l) => sum + l.amount, 0);
    return {
      employeeId,
      employed: result.employed || retro.length > 0,
      gross: (result.collectors.GrossWage ?? 0) + retroSum(["earning"]),
      net: (result.collectors.NetWage ?? 0) + retroSum(["net"]),
      payable:
        (result.collectors.PayableAmount ?? result.collectors.NetWage ?? 0) + retroSum(["net", "allowance", "expense"]),
      // Written out rather than spread ({ ...line, retro: false }): many times faster per line.
      lines: [
        ...result.lines.map((line): StoredLine => ({
          number: line.number,
          name: line.name,
          amount: line.amount,
          base: line.base,
          rate: line.rate,
          retro: false,
          retroPeriodStart: null,
        })),
        ...retro,
      ],
      collectors: result.collectors,
      yearToDate: result.yearToDate,
      issues: result.issues.map((issue) => ({
        ...issue,
        caseName: (issue.field ? caseOf.get(issue.field) : undefined) ?? null,
      })),
    };
  };
}

export type EntryBuilder = ReturnType<typeof entryBuilder>;
export type Entry = ReturnType<EntryBuilder>;

/** An entry as a row of payrun_entries' own columns (the JSON statement's object); id is used only when the row is new. */
export function entryRow(entry: Entry, id: string) {
  for (const amount of [entry.gross, entry.net, entry.payable]) integer(amount);
  return {
    id,
    employee_id: entry.employeeId,
    employed: entry.employed,
    gross: entry.gross,
    net: entry.net,
    payable: entry.payable,
    lines: entry.lines,
    collectors: entry.collectors,
    year_to_date: entry.yearToDate,
    issues: entry.issues,
    retro_from: retroFrom(entry.lines),
  };
}

/** The earliest period an entry's retro lines correct (payrun_entries.retro_from), null without retro lines. */
export function retroFrom(lines: readonly StoredLine[]): string | null {
  let first: string | null = null;
  for (const line of lines)
    if (line.retro && line.retroPeriodStart && (first === null || line.retroPeriodStart < first))
      first = line.retroPeriodStart;
  return first === null ? null : isoDate(first);
}

function isoDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new Error(`Not a date: ${value}`);
  return value;
}

export type EntryRow = ReturnType<typeof entryRow>;
/** The columns of a COPY line, in order (copyLine), before the values every row shares. */
export const STAGED_COLUMNS = [
  "id",
  "employee_id",
  "employed",
  "gross",
  "net",
  "payable",
  "lines",
  "collectors",
  "year_to_date",
  "issues",
  "retro_from",
] as const;

/** A row as one line of COPY's text format; `constants` is what every row of the copy ends with (already tab-led). */
export function copyLine(r: EntryRow, constants: string) {
  return `${r.id}\t${r.employee_id}\t${r.employed ? "t" : "f"}\t${r.gross}\t${r.net}\t${r.payable}\t${copyText(JSON.stringify(r.lines))}\t${copyText(JSON.stringify(r.collectors))}\t${copyText(JSON.stringify(r.year_to_date))}\t${copyText(JSON.stringify(r.issues))}\t${r.retro_from ?? "\\N"}${constants}\n`;
}

/** A uuid as it goes into COPY's text: only what a uuid can be, so that nothing needs escaping. */
export function uuid(value: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value))
    throw new Error(`Not a uuid: ${value}`);
  return value;
}

/**
 * Ids for the rows of a batch: UUIDv7 as newId() makes them, in order within the batch (one
 * millisecond, consecutive sequence numbers), with the random bytes drawn in one call instead of
 * one per id (which costs more than calculating the entry).
 */
export function newIds(count: number): string[] {
  const random = randomBytes(16 * count);
  const msecs = Date.now();
  const first = random.readUInt32BE(0) & 0x3fffffff; // leaves room to count up within 32 bits
  return Array.from({ length: count }, (_, i) =>
    v7({ random: random.subarray(16 * i, 16 * i + 16), msecs, seq: first + i }),
  );
}

function integer(n: number) {
  if (!Number.isSafeInteger(n)) throw new Error(`Not an amount in Rappen: ${n}`);
  return String(n);
}
