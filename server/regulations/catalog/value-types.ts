import { isValidDate } from "@/server/dates";
import { formatRappen, parseChf } from "@/server/money/rappen";
import { invisibleProblem } from "@/server/http/text";
import { isCountryCode } from "./countries";
import {
  type Checked,
  CANTON_CODES,
  checkAhvNumber,
  checkIban,
  checkTaxAtSourceTariff,
  checkUid,
  isCantonCode,
} from "./identifiers";

/**
 * The value types of case fields (contract section 5). A client writes every value as a JSON
 * string ("6500.00", "2026-01-01", "true", "A0N"); JSON numbers and booleans are accepted too.
 * parseCaseValue turns such a value into the one normalized string the service stores, or says
 * precisely what is wrong with it. Normalized forms:
 *
 * | type              | stored as                              | example              |
 * |-------------------|----------------------------------------|----------------------|
 * | text              | trimmed text                           | "Bahnhofstrasse"     |
 * | date              | YYYY-MM-DD                             | "2026-01-01"         |
 * | decimal           | shortest decimal, no exponent          | "42.5"               |
 * | integer           | digits, optional minus                 | "2"                  |
 * | money             | CHF with two decimals                  | "6500.00"            |
 * | percent           | percent units, shortest decimal        | "5.3" (= 5.3 %)      |
 * | boolean           | "true" or "false"                      | "true"               |
 * | enum              | one of the field's options, verbatim   | "monthly"            |
 * | lookup            | a key of the field's lookup            | "CC-100"             |
 * | iban              | no spaces, upper case                  | "CH9300762011623852957" |
 * | ahvNumber         | 756.dddd.dddd.dd                       | "756.9217.0769.85"   |
 * | uid               | CHE-ddd.ddd.ddd                        | "CHE-999.999.996"    |
 * | canton            | two capital letters, one of the 26     | "ZH"                 |
 * | country           | ISO 3166-1 alpha-2, upper case         | "CH"                 |
 * | taxAtSourceTariff | [A-Z][0-9][YN]                         | "A0N"                |
 * | bfsNumber         | municipality number, no leading zeros  | "261"                |
 */
export const CASE_VALUE_TYPES = [
  "text",
  "date",
  "decimal",
  "integer",
  "money",
  "percent",
  "boolean",
  "enum",
  "lookup",
  "iban",
  "ahvNumber",
  "uid",
  "canton",
  "country",
  "taxAtSourceTariff",
  "bfsNumber",
] as const;

export type CaseValueType = (typeof CASE_VALUE_TYPES)[number];

export interface ValueConstraints {
  /** enum: the allowed values, compared exactly. */
  readonly options?: readonly string[];
  /** lookup: the keys of the lookup the field refers to, when the caller knows them. */
  readonly lookupKeys?: readonly string[];
  /** decimal, integer, money, percent: inclusive bounds as exact decimal strings (money in CHF, percent in percent units). */
  readonly min?: string;
  readonly max?: string;
  /** iban: refuse QR-IBANs (salary accounts). */
  readonly refuseQrIban?: boolean;
  /** text: the longest accepted text (default 1000 characters). */
  readonly maxLength?: number;
}

export type ValueResult = Checked;

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;
const MAX_DECIMALS = 6;
const DEFAULT_MAX_TEXT = 1000;

export function parseCaseValue(
  valueType: CaseValueType,
  given: unknown,
  constraints: ValueConstraints = {},
): ValueResult {
  if (given === null || given === undefined) return fail("A value is required.");
  if (typeof given !== "string" && typeof given !== "number" && typeof given !== "boolean") {
    return fail("A value must be a JSON string (numbers and booleans are accepted too).");
  }
  if (typeof given === "number" && !Number.isFinite(given)) return fail("A number value must be finite.");
  // Read as names and identifiers are (server/http/text.ts): "７５６.９２１７.０７６９.８５" is the AHV number it shows.
  const raw = typeof given === "string" ? given.normalize("NFKC") : given;

  switch (valueType) {
    case "text":
      return parseText(String(raw), constraints.maxLength ?? DEFAULT_MAX_TEXT);
    case "date":
      return parseDate(raw);
    case "decimal":
      return withinBounds(parseDecimal(raw, MAX_DECIMALS), constraints);
    case "integer":
      return withinBounds(parseInteger(raw), constraints);
    case "money":
      return withinBounds(parseMoney(raw), constraints);
    case "percent":
      return withinBounds(
        parseDecimal(raw, MAX_DECIMALS, 'percentage (in percent units: "5.3" is 5.3 %)'),
        constraints,
      );
    case "boolean":
      return parseBoolean(raw);
    case "enum":
      return parseEnum(raw, constraints.options ?? []);
    case "lookup":
      return parseLookup(raw, constraints.lookupKeys);
    case "iban":
      return typeof raw === "string"
        ? checkIban(raw, { refuseQrIban: constraints.refuseQrIban })
        : fail("An IBAN must be a string.");
    case "ahvNumber":
      return typeof raw === "string"
        ? checkAhvNumber(raw)
        : fail('An AHV number must be a string such as "756.9217.0769.85".');
    case "uid":
      return typeof raw === "string" ? checkUid(raw) : fail('A UID must be a string such as "CHE-999.999.996".');
    case "canton":
      return parseCanton(raw);
    case "country":
      return parseCountry(raw);
    case "taxAtSourceTariff":
      return typeof raw === "string"
        ? checkTaxAtSourceTariff(raw)
        : fail('A tariff code must be a string such as "A0N".');
    case "bfsNumber":
      return parseBfsNumber(raw);
  }
}

function fail(message: string): ValueResult {
  return { ok: false, message };
}

function parseText(text: string, maxLength: number): ValueResult {
  const trimmed = text.trim();
  if (trimmed === "" || invisibleProblem(trimmed, { identifier: false }))
    return fail("The text is empty (or only invisible characters); to remove a value, end it instead.");
  if (trimmed.length > maxLength)
    return fail(`The text is ${trimmed.length} characters long; at most ${maxLength} are allowed.`);
  return { ok: true, value: trimmed };
}

function parseDate(raw: string | number | boolean): ValueResult {
  if (typeof raw !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(raw))
    return fail(`${JSON.stringify(raw)} is not a date; use the format YYYY-MM-DD.`);
  if (!isValidDate(raw)) return fail(`"${raw}" is not a calendar date.`);
  return { ok: true, value: raw };
}

/** The text of a number given as JSON number or string; numbers through their shortest decimal form. */
function numberText(raw: string | number | boolean): string | null {
  if (typeof raw === "boolean") return null;
  const text = typeof raw === "number" ? String(raw) : raw;
  return /e/i.test(text) ? null : text;
}

function parseDecimal(raw: string | number | boolean, maxDecimals: number, what = "decimal number"): ValueResult {
  const text = numberText(raw);
  const match = text === null ? null : DECIMAL.exec(text);
  if (!match) return fail(`${JSON.stringify(raw)} is not a ${what}; write it with digits and a point, e.g. "42.5".`);
  const [, minus, whole = "", fraction = ""] = match;
  if (fraction.length > maxDecimals) return fail(`${JSON.stringify(raw)} has more than ${maxDecimals} decimals.`);
  if (whole.replace(/^0+/, "").length > 12) return fail(`${JSON.stringify(raw)} is too large.`);
  return { ok: true, value: canonicalDecimal(minus === "-", whole, fraction) };
}

function canonicalDecimal(negative: boolean, whole: string, fraction: string) {
  const w = whole.replace(/^0+(?=\d)/, "");
  const f = fraction.replace(/0+$/, "");
  const body = f ? `${w}.${f}` : w;
  return negative && body !== "0" ? `-${body}` : body;
}

function parseInteger(raw: string | number | boolean): ValueResult {
  const text = numberText(raw);
  if (text === null || !/^-?\d+$/.test(text)) return fail(`${JSON.stringify(raw)} is not a whole number.`);
  if (text.replace(/^-?0*/, "").length > 12) return fail(`${JSON.stringify(raw)} is too large.`);
  return { ok: true, value: canonicalDecimal(text.startsWith("-"), text.replace(/^-/, ""), "") };
}

function parseMoney(raw: string | number | boolean): ValueResult {
  if (typeof raw === "boolean") return fail('An amount must be a decimal string such as "6500.00".');
  const parsed = parseChf(raw);
  return parsed.ok ? { ok: true, value: formatRappen(parsed.value) } : parsed;
}

/** Exact comparison of two decimal strings. */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const [x, y] = [a, b].map((text) => {
    const match = DECIMAL.exec(text);
    if (!match) throw new RangeError(`"${text}" is not a decimal.`);
    return { negative: match[1] === "-", whole: match[2] ?? "0", fraction: match[3] ?? "" };
  }) as [
    { negative: boolean; whole: string; fraction: string },
    { negative: boolean; whole: string; fraction: string },
  ];
  const scale = Math.max(x.fraction.length, y.fraction.length);
  const value = (d: typeof x) => BigInt(d.whole + d.fraction.padEnd(scale, "0")) * (d.negative ? -1n : 1n);
  const [vx, vy] = [value(x), value(y)];
  return vx === vy ? 0 : vx < vy ? -1 : 1;
}

function withinBounds(result: ValueResult, constraints: ValueConstraints): ValueResult {
  if (!result.ok) return result;
  if (constraints.min !== undefined && compareDecimals(result.value, constraints.min) < 0) {
    return fail(`${result.value} is below the minimum of ${constraints.min}.`);
  }
  if (constraints.max !== undefined && compareDecimals(result.value, constraints.max) > 0) {
    return fail(`${result.value} is above the maximum of ${constraints.max}.`);
  }
  return result;
}

function parseBoolean(raw: string | number | boolean): ValueResult {
  if (typeof raw === "boolean") return { ok: true, value: String(raw) };
  if (typeof raw === "string" && /^(true|false)$/i.test(raw)) return { ok: true, value: raw.toLowerCase() };
  return fail(`${JSON.stringify(raw)} is not a boolean; use "true" or "false".`);
}

function parseEnum(raw: string | number | boolean, options: readonly string[]): ValueResult {
  const value = String(raw);
  if (options.includes(value)) return { ok: true, value };
  return fail(`"${value}" is not one of the allowed values: ${options.join(", ")}.`);
}

function parseLookup(raw: string | number | boolean, keys: readonly string[] | undefined): ValueResult {
  const value = String(raw).trim();
  if (value === "") return fail("The lookup key is empty.");
  const invisible = invisibleProblem(value, { identifier: true });
  if (invisible) return fail(invisible);
  if (keys && !keys.includes(value)) {
    const shown = keys.slice(0, 10).join(", ");
    return fail(
      `"${value}" is not a value of this lookup${keys.length ? ` (known: ${shown}${keys.length > 10 ? ", ..." : ""})` : " (the lookup is empty)"}.`,
    );
  }
  return { ok: true, value };
}

function parseCanton(raw: string | number | boolean): ValueResult {
  const value = String(raw).trim().toUpperCase();
  if (isCantonCode(value)) return { ok: true, value };
  return fail(`"${String(raw)}" is not a canton; use one of ${CANTON_CODES.join(", ")}.`);
}

function parseCountry(raw: string | number | boolean): ValueResult {
  const value = String(raw).trim().toUpperCase();
  if (/^[A-Z]{2}$/.test(value) && isCountryCode(value)) return { ok: true, value };
  return fail(`"${String(raw)}" is not a country; use an ISO 3166-1 alpha-2 code such as CH, DE or FR.`);
}

/** Swiss municipality numbers (BFS-Gemeindenummer) have one to four digits. */
function parseBfsNumber(raw: string | number | boolean): ValueResult {
  const text = typeof raw === "boolean" ? "" : String(raw).trim();
  if (!/^\d{1,4}$/.test(text) || Number(text) === 0)
    return fail(`${JSON.stringify(raw)} is not a BFS municipality number (1 to 4 digits, e.g. 261 for Zurich).`);
  return { ok: true, value: String(Number(text)) };
}
