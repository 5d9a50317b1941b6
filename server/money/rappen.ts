import { type Rounding, type RoundingMode, roundFraction } from "./rounding";

/**
 * Money is an integer number of Rappen (1 CHF = 100 Rappen), held in a JavaScript number.
 *
 * Why number and not bigint: amounts must survive JSON, drizzle and arithmetic in the calculation
 * without conversions, and every payroll amount is far below Number.MAX_SAFE_INTEGER (9.0e15 Rappen,
 * 90 trillion CHF). Sums and differences of safe integers stay exact; products with rates are the
 * only place where an intermediate could overflow, so applyRate (rate.ts) multiplies in bigint and
 * converts back through toRappen(), which refuses anything unsafe. Parsing caps input at 12 integer
 * digits so that even a year of sums stays far inside the safe range.
 */
export type Rappen = number;

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const MAX_INTEGER_DIGITS = 12;
const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * Reads a CHF amount given by a client: a decimal string ("6500.00", "6500.5", "6500", "-12.30")
 * or a JSON number (6500.5). At most two decimals; no exponent, no thousands separators, no spaces.
 * A JSON number is read through its shortest decimal form (String(6500.5) is "6500.5"), so a value
 * like 0.1 + 0.2 (0.30000000000000004) is refused instead of silently rounded.
 */
export function parseChf(input: unknown): Parsed<Rappen> {
  // Salaries, ceilings and amounts repeat across employees and periods: each text is parsed once.
  if (typeof input !== "string") return parseChfOnce(input);
  let parsed = parsedChf.get(input);
  if (!parsed) {
    if (parsedChf.size >= PARSED_KEPT) parsedChf.clear();
    parsed = Object.freeze(parseChfOnce(input));
    parsedChf.set(input, parsed);
  }
  return parsed;
}

const PARSED_KEPT = 10_000;
const parsedChf = new Map<string, Parsed<Rappen>>();

function parseChfOnce(input: unknown): Parsed<Rappen> {
  let text: string;
  if (typeof input === "number") {
    if (!Number.isFinite(input)) return { ok: false, message: "The amount must be a finite number." };
    text = String(input);
    if (/e/i.test(text)) return { ok: false, message: 'Write the amount as a decimal string such as "6500.00".' };
  } else if (typeof input === "string") {
    text = input;
  } else {
    return { ok: false, message: 'The amount must be a decimal string such as "6500.00".' };
  }
  const match = DECIMAL.exec(text);
  if (!match)
    return {
      ok: false,
      message: `"${text}" is not a CHF amount; write it like "6500.00" (digits, optional minus, a point, at most two decimals).`,
    };
  const [, minus, whole = "", fraction = ""] = match;
  if (fraction.length > 2)
    return { ok: false, message: `"${text}" has more than two decimals; CHF amounts are exact to the Rappen.` };
  const digits = whole.replace(/^0+(?=\d)/, "");
  if (digits.length > MAX_INTEGER_DIGITS)
    return { ok: false, message: `"${text}" is too large (at most ${MAX_INTEGER_DIGITS} digits before the point).` };
  const rappen = Number(digits) * 100 + Number(fraction.padEnd(2, "0"));
  return { ok: true, value: minus && rappen !== 0 ? -rappen : rappen };
}

/** parseChf for amounts the program writes itself (constants, parameters): throws on bad input. */
export function chf(text: string | number): Rappen {
  const parsed = parseChf(text);
  if (!parsed.ok) throw new RangeError(parsed.message);
  return parsed.value;
}

/** Rappen as the API writes money: "6500.00", "-0.05", "0.00". */
export function formatRappen(rappen: Rappen): string {
  assertRappen(rappen);
  const negative = rappen < 0;
  const magnitude = Math.abs(rappen);
  const francs = Math.trunc(magnitude / 100);
  const cents = magnitude % 100;
  return `${negative ? "-" : ""}${francs}.${String(cents).padStart(2, "0")}`;
}

export function assertRappen(value: number): asserts value is Rappen {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${value} is not a whole, safe number of Rappen.`);
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE = -MAX_SAFE;

/** A bigint result back to Rappen; refuses values outside the safe integer range. */
export function toRappen(value: bigint): Rappen {
  if (value > MAX_SAFE || value < MIN_SAFE) {
    throw new RangeError(`${value} Rappen is outside the safe range.`);
  }
  return Number(value);
}

/**
 * Rounds whole Rappen to a step (5 = 0.05 CHF), commercial by default. Whole Rappen never tie at a
 * step of 5 (the half is 2.5 Rappen), so halfUp and halfEven agree there: 12.22 -> 12.20, 12.23 -> 12.25.
 * Rounding an exact fraction first to the Rappen (halfUp) and then to 0.05 (halfUp) gives the same
 * result as rounding it to 0.05 at once, because the 0.05 ties (x.x25, x.x75) fall on Rappen ties.
 */
export function roundRappen(rappen: Rappen, rounding: Rounding): Rappen {
  assertRappen(rappen);
  return toRappen(roundFraction(BigInt(rappen), 1n, rounding));
}

/** Commercial rounding to 0.05 CHF (half away from zero): 344.52 -> 344.50, 344.53 -> 344.55, -0.03 -> -0.05. */
export function roundTo5Rappen(rappen: Rappen, mode: RoundingMode = "halfUp"): Rappen {
  return roundRappen(rappen, { mode, step: 5 });
}

export function sumRappen(values: Iterable<Rappen>): Rappen {
  let total = 0n;
  for (const value of values) {
    assertRappen(value);
    total += BigInt(value);
  }
  return toRappen(total);
}
