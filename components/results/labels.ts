import { formatAmount, formatDate, type Formatter } from "@/components/format/swiss";
import type { Locale } from "@/i18n/locales";
import english from "@/messages/en-CH/results.json";
import type { ParameterUnit } from "@/server/regulations/catalog";
import type { ControlState } from "@/server/results/payroll-control";

export type { ControlState };

/**
 * The "results" namespace of the catalogs (messages/<locale>/results.json) as a function:
 * `useTranslations("results")` or `await getTranslations("results")`. Its keys: states.<State>,
 * collectors.<Name>, findings.<code> (titles), sentences.<code>, units.*, control.* (the screen).
 */
export type ResultsTranslator = {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
};

/** A Payroll Control state in words: t(`states.${state}`); "NotInPayroll" for an employee outside the period's payroll. */
export const stateKey = (state: ControlState | "NotInPayroll") => `states.${state}`;

export const CONTROL_STATE_TONE: Record<ControlState, string> = {
  EmployedWithoutWage: "border-slate-300 bg-slate-100 text-slate-700",
  ReadyToPayOut: "border-emerald-300 bg-emerald-50 text-emerald-800",
  PaidOut: "border-sky-300 bg-sky-50 text-sky-800",
  Blocked: "border-red-300 bg-red-50 text-red-800",
};

/**
 * Plausibility findings: the data is there but looks wrong. They are meant to be confirmed through a
 * ControlConfirmation (Payroll Control, cluster P) case when they are right (server/calc/issues.ts).
 */
export const PLAUSIBILITY_CODES = new Set([
  "calc.hourly_without_hours",
  "calc.negative_net_wage",
  "calc.pay_after_exit",
  "calc.pay_before_entry",
  "calc.wage_type_not_in_regulation",
]);

/** "6500.00" (the API's CHF with two decimals) as integer Rappen. */
export function toRappen(amount: string) {
  const negative = amount.trim().startsWith("-");
  const [whole = "0", fraction = ""] = amount.trim().replace(/^[-+]/, "").split(".");
  const rappen = Number(whole) * 100 + Number((fraction + "00").slice(0, 2));
  return negative ? -rappen : rappen;
}

/** What a payslip line is, by its wage type number (CH regulation: 1xxx earnings ... 8xxx employer). */
export type LineKind = "earning" | "allowance" | "deduction" | "expense" | "net" | "employer";

export function lineKindOf(number: string): LineKind {
  const n = Number(number);
  if (n >= 8000) return "employer";
  if (n === 6500) return "net";
  if (n >= 6000) return "expense";
  if (n >= 5000) return "deduction";
  if (n >= 3000 && n < 4000) return "allowance";
  return "earning";
}

/** A finding code's catalog key ("control.missing_cost_center" as "findings.control.missing_cost_center"), null for a code no key can hold. */
const findingKey = (group: "findings" | "sentences", code: string) =>
  /^[a-z]+\.[a-z0-9_]+$/.test(code) ? `${group}.${code}` : null;

/** The English catalog's text of a key, for callers without a translator. */
function englishOf(key: string | null): string | undefined {
  if (!key) return undefined;
  const found = key
    .split(".")
    .reduce<unknown>(
      (node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined),
      english,
    );
  return typeof found === "string" ? found : undefined;
}

/**
 * A finding's code as its plain title ("control.missing_cost_center" as "No cost center"), in the
 * person's language with t (the "results" namespace), else in English. The code itself is for
 * support: a tooltip, never text. Codes: server/calc/issues.ts and server/results (control.*).
 */
export function findingTitle(code: string, t?: ResultsTranslator) {
  const key = findingKey("findings", code);
  if (t && key && t.has(key)) return t(key);
  const known = englishOf(key);
  if (known) return known;
  const words = code.replace(/^[a-z]+\./, "").replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Internal names (case fields, cases, parameters) -> their English display names. */
export type Vocabulary = ReadonlyMap<string, string>;

/** Abbreviations kept in capitals when an internal name is spelled out. */
const ABBREVIATIONS = new Set([
  "AHV",
  "IV",
  "EO",
  "ALV",
  "UVG",
  "NBU",
  "BU",
  "BVG",
  "KTG",
  "FAK",
  "QST",
  "GAV",
  "CHF",
  "IBAN",
  "AHVIV",
  "UVGZ",
]);

/** "AhvEmployeeRate" as "AHV employee rate": an internal name without a display name, in words. */
export function spellOut(name: string) {
  const [base = name, key] = name.split(/[[\]]/);
  const words = base
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i) =>
      ABBREVIATIONS.has(word.toUpperCase())
        ? word.toUpperCase()
        : i === 0
          ? word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()
          : word.toLowerCase(),
    );
  return `${words.join(" ")}${key ? ` (${key})` : ""}`;
}

/** An internal name as people read it: its display name, else spelled out; a lookup's key ("FamilyAllowanceAmounts[ZH]") in parentheses. */
export function nameOf(name: string, words: Vocabulary) {
  const lookup = /^([^[\]]+)\[([^\]]*)\]$/.exec(name);
  if (lookup) return `${words.get(lookup[1]!) ?? spellOut(lookup[1]!)} (${lookup[2]})`;
  return words.get(name) ?? spellOut(name);
}

const PER: Partial<Record<ParameterUnit, string>> = {
  chfPerMonth: "units.perMonth",
  chfPerYear: "units.perYear",
  chfPerDay: "units.perDay",
};
const UNIT_WORD: Partial<Record<ParameterUnit, string>> = {
  years: "units.years",
  months: "units.months",
  weeks: "units.weeks",
  hoursPerWeek: "units.hoursPerWeek",
  hoursPerMonth: "units.hoursPerMonth",
};

/**
 * A regulation parameter's value as people read it: "5.3 %", "CHF 2'520.00 per month", "65 years";
 * in the person's language and format with t (the "results" namespace) and format (useFormat/getFormat).
 */
export function parameterValue(
  value: string,
  unit: ParameterUnit | undefined,
  t?: ResultsTranslator,
  format?: Formatter,
) {
  if (!unit) return value;
  const say = (key: string, values: Record<string, string>) =>
    t ? t(key, values) : (englishOf(key) ?? key).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "");
  if (unit === "percent") return format ? format.percent(value) : `${value} %`;
  if ((unit === "chf" || unit in PER) && /^-?\d+(\.\d+)?$/.test(value)) {
    const amount = format ? format.chf(value) : `CHF ${formatAmount(value, "en-CH")}`;
    const per = PER[unit];
    return per ? say(per, { amount }) : amount;
  }
  const word = UNIT_WORD[unit];
  return word ? say(word, { value }) : value;
}

const ISO_DATE = /\b(\d{4}-\d{2}-\d{2})\b/g;
/** An internal name: CamelCase ("MonthlySalary", "NbuRate"), optionally with a lookup key ("FamilyAllowanceAmounts[ZH]"). */
const INTERNAL_NAME = /\b[A-Z][a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+(?:\[[^\]\s]*\])?/g;
const IDENTIFIER = "(?:[A-Z][A-Za-z0-9]*\\.)?[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*";
/** "(Salary.MonthlySalary)", "(CompanyUvg.NbuRate, BuRate)": a reference to internal names only, in parentheses. */
const NAME_REFERENCE = new RegExp(`\\s*\\((?:${IDENTIFIER})(?:,\\s*${IDENTIFIER})*\\)`, "g");
/** "Salary.MonthlySalary": a case's field. */
const DOTTED_NAME = /\b[A-Z][A-Za-z0-9]+\.([A-Z][A-Za-z0-9]+)\b/g;
/** "6500.00": a CHF amount as the calculation writes it. */
const AMOUNT = /(?<![\d.'])-?\d{4,}\.\d{2}(?![\d])/g;

/**
 * A text of the calculation (a finding, a line's explanation; the calculation writes English) in the
 * words people read: internal names as their display names, references to them in parentheses left
 * out, dates as 01.09.2026, amounts as 6'500.00 (in the locale's format when given).
 */
export function plainText(text: string, words: Vocabulary, locale: Locale = "en-CH") {
  return text
    .replace(
      /\b(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})\b/g,
      (_, from: string, to: string) => `${formatDate(from)} to ${formatDate(to)}`,
    )
    .replace(ISO_DATE, (iso: string) => formatDate(iso))
    .replace(NAME_REFERENCE, "")
    .replace(DOTTED_NAME, (_, field: string) => nameOf(field, words))
    .replace(INTERNAL_NAME, (name) => nameOf(name, words))
    .replace(AMOUNT, (amount) => formatAmount(amount, locale));
}

/** Findings whose calculation text does not read well even in display names: their sentence, from the text's figures. */
const FINDING_SENTENCE: Record<string, (message: string) => string> = {
  "calc.holiday_weeks_below_minimum": (m) => {
    const [, recorded, minimum] = /(\d+(?:\.\d+)?) is below the legal minimum of (\d+(?:\.\d+)?)/.exec(m) ?? [];
    return recorded && minimum
      ? `The holiday entitlement of ${recorded} weeks is below the legal minimum of ${minimum} weeks up to age 20 (OR 329a).`
      : "The holiday entitlement is below the legal minimum up to age 20 (OR 329a).";
  },
  "calc.thirteenth_salary_mandatory": () =>
    "The industry regulation makes the 13th salary part of the wage, but no 13th salary is recorded.",
  "calc.missing_bvg_fixed_amounts": () =>
    "The pension plan uses fixed amounts: record both the employee's and the employer's fixed BVG contribution.",
  "calc.bvg_risk_premium_not_calculated": (m) => {
    const age = /BVG age (\d+)/.exec(m)?.[1];
    return `${age ? `BVG age ${age}: risk` : "Risk"} cover only, whose premium the pension fund sets; record the premium as fixed contributions of the pension plan.`;
  },
};

/**
 * A Payroll Control item as a plain sentence. The calculation writes English: in English its text
 * (with its figures, in plain words); in another language (t of the "results" namespace and a locale
 * other than en-CH) the code's sentence from the catalog, else its title.
 */
export function findingSentence(
  item: { code: string; message: string },
  words: Vocabulary,
  t?: ResultsTranslator,
  locale: Locale = "en-CH",
) {
  if (t && locale !== "en-CH") {
    const key = findingKey("sentences", item.code);
    return key && t.has(key) ? t(key) : `${findingTitle(item.code, t)}.`;
  }
  const sentence = FINDING_SENTENCE[item.code]?.(item.message) ?? item.message;
  return plainText(sentence, words) || findingTitle(item.code);
}
