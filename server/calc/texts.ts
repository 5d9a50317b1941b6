/**
 * The calculation's texts as data (issue 12): every Payroll Control item and every line's "why?"
 * carries a key (an issue's code, an explanation's key) and its figures as plain strings, so that the
 * console says it in the person's language (messages/<locale>/calc.json, one ICU message per key)
 * with Swiss formats. The English `message` / `text` stays what the API returns.
 * No server-only: the console's components read the kinds below to format the figures.
 */

/** The figures of a text by name: ISO dates, decimal CHF ("6500.00"), percent ("5.3"), numbers, internal names, choices. */
export type TextParams = Record<string, string>;

/**
 * How the console shows a figure, by its name (the same name means the same kind in every text):
 * date "2026-01-31" as 31.01.2026; chf "6500.00" as 6'500.00 (fr-CH 6 500,00); percent "5.3" as
 * 5.3 % (fr-CH 5,3 %); number "42.5" with the language's decimal sign; name an internal name
 * ("MonthlySalary", "FamilyAllowanceAmounts[ZH]") as the regulation's display name; segments
 * "6500.00 2026-01-01..2026-01-14, ..." as amounts and date ranges; text and choice as they are
 * (a choice is what an ICU select reads: "yes", "no", "exit", ...).
 */
export type ParamKind =
  "date" | "chf" | "percent" | "number" | "name" | "segments" | "tariffShares" | "text" | "choice";

export const PARAM_KINDS = {
  // dates
  from: "date",
  to: "date",
  entryDate: "date",
  exitDate: "date",
  reached: "date",
  validFrom: "date",
  periodStart: "date",
  // CHF amounts
  amount: "chf",
  wage: "chf",
  hourlyWage: "chf",
  perChild: "chf",
  yearWage: "chf",
  paid: "chf",
  allowance: "chf",
  ceilingYear: "chf",
  ceiling: "chf",
  liableSoFar: "chf",
  baseSoFar: "chf",
  base: "chf",
  maxYear: "chf",
  premium: "chf",
  employee: "chf",
  employer: "chf",
  maxSalary: "chf",
  regular: "chf",
  annual: "chf",
  upper: "chf",
  deduction: "chf",
  minimumCoordinated: "chf",
  coordinated: "chf",
  income: "chf",
  bracketFrom: "chf",
  bracketTo: "chf",
  rateIncome: "chf",
  periodic: "chf",
  aperiodic: "chf",
  otherIncome: "chf",
  yearIncome: "chf",
  due: "chf",
  withheld: "chf",
  gross: "chf",
  deductions: "chf",
  unrounded: "chf",
  difference: "chf",
  net: "chf",
  should: "chf",
  booked: "chf",
  price: "chf",
  limit: "chf",
  minimum: "chf",
  perMonth: "chf",
  // percentages
  rate: "percent",
  share: "percent",
  credit: "percent",
  holidayRate: "percent",
  ownRate: "percent",
  totalRate: "percent",
  // numbers
  days: "number",
  hours: "number",
  rateHours: "number",
  hourlyRate: "chf",
  weeks: "number",
  minimumWeeks: "number",
  count: "number",
  age: "number",
  months: "number",
  year: "text",
  // internal names
  field: "name",
  name: "name",
  table: "name",
  // lists
  segments: "segments",
  tariffShares: "tariffShares",
  // as they are
  value: "text",
  fund: "text",
  canton: "text",
  tariff: "text",
  permit: "text",
  number: "text",
  descriptions: "text",
  // ICU selects
  kind: "choice",
  expected: "choice",
  reason: "choice",
  prorated: "choice",
  capped: "choice",
  when: "choice",
  allowanceKind: "choice",
  openEnded: "choice",
  rounded: "choice",
  entry: "choice",
  known: "choice",
  partMonth: "choice",
  oneOff: "choice",
  other: "choice",
  hourly: "choice",
  earlier: "choice",
} as const satisfies Record<string, ParamKind>;

export type ParamName = keyof typeof PARAM_KINDS;

/** The kind of a figure by its name; an unknown name is shown as it is. */
export const kindOfParam = (name: string): ParamKind => (PARAM_KINDS as Record<string, ParamKind>)[name] ?? "text";

/** "yes" / "no" for an ICU select. */
export const yesNo = (value: boolean) => (value ? "yes" : "no");
