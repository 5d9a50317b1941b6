import { formatChf } from "@/components/periods/labels";
import { formatDate as swissDate } from "@/server/documents/pdf/i18n";
import type { ParameterUnit } from "@/server/regulations/catalog";
import type { ControlState } from "@/server/results/read-entries";

export type { ControlState };

export const CONTROL_STATE_LABEL: Record<ControlState, string> = {
  EmployedWithoutWage: "Employed without wage",
  ReadyToPayOut: "Ready to pay out",
  PaidOut: "Paid out",
  Blocked: "Blocked",
};

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
export const PLAUSIBILITY_CODES = new Set(["calc.hourly_without_hours", "calc.negative_net_wage", "calc.pay_after_exit", "calc.pay_before_entry", "calc.wage_type_not_in_regulation"]);

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

export const COLLECTOR_LABEL: Record<string, string> = {
  GrossWage: "Gross wage",
  AhvWage: "AHV-liable wage",
  AlvWage: "ALV-liable wage",
  UvgWage: "UVG-liable wage",
  BvgWage: "BVG wage",
  QstWage: "Withholding-tax-liable wage",
  EmployeeDeductions: "Employee deductions",
  EmployerContributions: "Employer contributions",
  NetWage: "Net wage",
  PayableAmount: "Payable amount",
};

/**
 * Payroll Control findings by code, in plain English: the one place that names them for people (the
 * code itself is for support: a tooltip, never text). Codes: server/calc/issues.ts and
 * server/results (control.*).
 */
export const FINDING_TITLE: Record<string, string> = {
  "calc.missing_entry_date": "No entry date",
  "calc.missing_birth_date": "No birth date",
  "calc.missing_sex": "No sex recorded",
  "calc.missing_ahv_number": "No AHV number",
  "calc.missing_salary_type": "No salary type",
  "calc.missing_monthly_salary": "No monthly salary",
  "calc.missing_hourly_wage": "No hourly wage",
  "calc.missing_company_uvg": "The company's UVG rates are missing",
  "calc.missing_fak_rate": "The company's FAK rate is missing",
  "calc.missing_bvg_fixed_amounts": "The pension plan's fixed contributions are missing",
  "calc.missing_industry_rate": "An industry fund rate is missing",
  "calc.missing_tax_at_source_tariff": "No withholding-tax tariff",
  "calc.missing_tax_at_source_canton": "No withholding-tax canton",
  "calc.qst_tariff_not_available": "Withholding-tax tariff not available",
  "calc.qst_annual_model_not_supported": "Annual withholding-tax model not supported",
  "calc.invalid_value": "A value cannot be read",
  "calc.regulation_incomplete": "The regulation lacks a figure",
  "calc.hourly_without_hours": "Paid by the hour, but no hours",
  "calc.negative_net_wage": "Negative net wage",
  "calc.pay_after_exit": "A payment after the exit",
  "calc.pay_before_entry": "A payment before the entry",
  "calc.family_allowance_canton_not_shipped": "Family allowances of the canton not available",
  "calc.bvg_employer_below_half": "Employer's BVG contribution below half",
  "calc.bvg_risk_premium_not_calculated": "BVG risk premium not calculated",
  "calc.holiday_weeks_below_minimum": "Holidays below the legal minimum",
  "calc.thirteenth_salary_mandatory": "The 13th salary is mandatory",
  "calc.wage_type_not_in_regulation": "A wage type is not in the regulation",
  "control.missing_bank_account": "No bank account",
  "control.missing_cost_center": "No cost center",
  "control.not_in_payroll": "Not in payroll yet",
};

/** A finding's code as its plain title ("control.missing_cost_center" as "No cost center"). */
export function findingTitle(code: string) {
  const known = FINDING_TITLE[code];
  if (known) return known;
  const words = code.replace(/^[a-z]+\./, "").replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Internal names (case fields, cases, parameters) -> their English display names. */
export type Vocabulary = ReadonlyMap<string, string>;

/** Abbreviations kept in capitals when an internal name is spelled out. */
const ABBREVIATIONS = new Set(["AHV", "IV", "EO", "ALV", "UVG", "NBU", "BU", "BVG", "KTG", "FAK", "QST", "GAV", "CHF", "IBAN", "AHVIV", "UVGZ"]);

/** "AhvEmployeeRate" as "AHV employee rate": an internal name without a display name, in words. */
export function spellOut(name: string) {
  const [base = name, key] = name.split(/[[\]]/);
  const words = base
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i) => (ABBREVIATIONS.has(word.toUpperCase()) ? word.toUpperCase() : i === 0 ? word.charAt(0).toUpperCase() + word.slice(1).toLowerCase() : word.toLowerCase()));
  return `${words.join(" ")}${key ? ` (${key})` : ""}`;
}

/** An internal name as people read it: its display name, else spelled out; a lookup's key ("FamilyAllowanceAmounts[ZH]") in parentheses. */
export function nameOf(name: string, words: Vocabulary) {
  const lookup = /^([^[\]]+)\[([^\]]*)\]$/.exec(name);
  if (lookup) return `${words.get(lookup[1]!) ?? spellOut(lookup[1]!)} (${lookup[2]})`;
  return words.get(name) ?? spellOut(name);
}

const PER: Partial<Record<ParameterUnit, string>> = { chfPerMonth: " per month", chfPerYear: " per year", chfPerDay: " per day" };
const UNIT_WORD: Partial<Record<ParameterUnit, string>> = { years: "years", months: "months", weeks: "weeks", hoursPerWeek: "hours per week" };

/** A regulation parameter's value as people read it: "5.3 %", "CHF 2'520.00 per month", "65 years". */
export function parameterValue(value: string, unit: ParameterUnit | undefined) {
  if (!unit) return value;
  if (unit === "percent") return `${value} %`;
  if ((unit === "chf" || unit in PER) && /^-?\d+(\.\d+)?$/.test(value)) return `CHF ${formatChf(toRappen(value))}${PER[unit] ?? ""}`;
  const word = UNIT_WORD[unit];
  return word ? `${value} ${word}` : value;
}

/** An instant (ISO) as the Swiss date of that day in Zurich: "12.01.2026". */
export const swissDay = (iso: string) => new Intl.DateTimeFormat("de-CH", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "Europe/Zurich" }).format(new Date(iso));

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
 * A text of the calculation (a finding, a line's explanation) in the words people read: internal
 * names as their display names, references to them in parentheses left out, dates as 01.09.2026,
 * amounts as 6'500.00.
 */
export function plainText(text: string, words: Vocabulary) {
  return text
    .replace(/\b(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})\b/g, (_, from: string, to: string) => `${swissDate(from)} to ${swissDate(to)}`)
    .replace(ISO_DATE, (iso: string) => swissDate(iso))
    .replace(NAME_REFERENCE, "")
    .replace(DOTTED_NAME, (_, field: string) => nameOf(field, words))
    .replace(INTERNAL_NAME, (name) => nameOf(name, words))
    .replace(AMOUNT, (amount) => formatChf(toRappen(amount)));
}

/** Findings whose calculation text does not read well even in display names: their sentence, from the text's figures. */
const FINDING_SENTENCE: Record<string, (message: string) => string> = {
  "calc.holiday_weeks_below_minimum": (m) => {
    const [, recorded, minimum] = /(\d+(?:\.\d+)?) is below the legal minimum of (\d+(?:\.\d+)?)/.exec(m) ?? [];
    return recorded && minimum
      ? `The holiday entitlement of ${recorded} weeks is below the legal minimum of ${minimum} weeks up to age 20 (OR 329a).`
      : "The holiday entitlement is below the legal minimum up to age 20 (OR 329a).";
  },
  "calc.thirteenth_salary_mandatory": () => "The industry regulation makes the 13th salary part of the wage, but no 13th salary is recorded.",
  "calc.missing_bvg_fixed_amounts": () => "The pension plan uses fixed amounts: record both the employee's and the employer's fixed BVG contribution.",
  "calc.bvg_risk_premium_not_calculated": (m) => {
    const age = /BVG age (\d+)/.exec(m)?.[1];
    return `${age ? `BVG age ${age}: risk` : "Risk"} cover only, whose premium the pension fund sets; record the premium as fixed contributions of the pension plan.`;
  },
};

/** A Payroll Control item as a plain sentence. */
export function findingSentence(item: { code: string; message: string }, words: Vocabulary) {
  const sentence = FINDING_SENTENCE[item.code]?.(item.message) ?? item.message;
  return plainText(sentence, words) || findingTitle(item.code);
}
