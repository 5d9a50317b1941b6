import { type Rappen, type Parsed, assertRappen, toRappen } from "./rappen";
import { type Rounding, type RoundingMode, divideRounded, roundFraction } from "./rounding";

/**
 * A rate is an exact fraction of the whole, never a float: 5.3 % is 53/1000, the holiday
 * compensation for 5 weeks is 5/47. Fractions are kept reduced with a positive denominator, so two
 * equal rates have equal fields. Percent strings from clients ("5.3") become fractions with a
 * power-of-ten denominator; ppm (parts per million of the whole, 5.3 % = 53_000 ppm) is the
 * shorthand for constants in code.
 */
export interface Rate {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

const MAX_PERCENT_DECIMALS = 6;
const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

function gcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

export function rateFraction(numerator: bigint | number, denominator: bigint | number): Rate {
  let n = BigInt(numerator);
  let d = BigInt(denominator);
  if (d === 0n) throw new RangeError("A rate's denominator must not be 0.");
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const g = gcd(n, d) || 1n;
  return { numerator: n / g, denominator: d / g };
}

/** Parts per million of the whole: ratePpm(53_000) is 5.3 %. */
export function ratePpm(ppm: number): Rate {
  if (!Number.isSafeInteger(ppm)) throw new RangeError(`${ppm} ppm must be a whole number.`);
  return rateFraction(BigInt(ppm), 1_000_000n);
}

/**
 * Reads a percent value given by a client, in percent units: "5.3" (or 5.3) is 5.3 %.
 * At most six decimals, no exponent. Negative values are refused unless allowNegative.
 */
export function parsePercent(input: unknown, options: { allowNegative?: boolean } = {}): Parsed<Rate> {
  // The same few rates are read for every employee and period: each text is parsed once.
  if (typeof input !== "string") return parsePercentOnce(input, options);
  const cache = options.allowNegative ? parsedSigned : parsedUnsigned;
  let parsed = cache.get(input);
  if (!parsed) {
    if (cache.size >= PARSED_KEPT) cache.clear();
    parsed = Object.freeze(parsePercentOnce(input, options));
    cache.set(input, parsed);
  }
  return parsed;
}

const PARSED_KEPT = 10_000;
const parsedSigned = new Map<string, Parsed<Rate>>();
const parsedUnsigned = new Map<string, Parsed<Rate>>();

function parsePercentOnce(input: unknown, options: { allowNegative?: boolean }): Parsed<Rate> {
  let text: string;
  if (typeof input === "number") {
    if (!Number.isFinite(input)) return { ok: false, message: "The percentage must be a finite number." };
    text = String(input);
    if (/e/i.test(text)) return { ok: false, message: 'Write the percentage as a decimal string such as "5.3".' };
  } else if (typeof input === "string") {
    text = input;
  } else {
    return { ok: false, message: 'The percentage must be a decimal string such as "5.3" (percent units).' };
  }
  const match = DECIMAL.exec(text);
  if (!match)
    return { ok: false, message: `"${text}" is not a percentage; write it in percent units like "5.3" (5.3 %).` };
  const [, minus, whole = "", fraction = ""] = match;
  if (fraction.length > MAX_PERCENT_DECIMALS)
    return { ok: false, message: `"${text}" has more than ${MAX_PERCENT_DECIMALS} decimals.` };
  if (whole.replace(/^0+/, "").length > 9) return { ok: false, message: `"${text}" is too large for a percentage.` };
  const scaled = BigInt(whole + fraction) * (minus ? -1n : 1n);
  if (scaled < 0n && !options.allowNegative)
    return { ok: false, message: `"${text}" is negative; a percentage here must be 0 or more.` };
  return { ok: true, value: rateFraction(scaled, 100n * 10n ** BigInt(fraction.length)) };
}

/** parsePercent for constants the program writes itself: throws on bad input. */
export function percent(text: string | number): Rate {
  const parsed = parsePercent(text, { allowNegative: true });
  if (!parsed.ok) throw new RangeError(parsed.message);
  return parsed.value;
}

/** a x b, e.g. the NBU premium rate times the employee's share of it. */
export function multiplyRates(a: Rate, b: Rate): Rate {
  return rateFraction(a.numerator * b.numerator, a.denominator * b.denominator);
}

export function addRates(a: Rate, b: Rate): Rate {
  return rateFraction(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator);
}

export function subtractRates(a: Rate, b: Rate): Rate {
  return addRates(a, rateFraction(-b.numerator, b.denominator));
}

export function compareRates(a: Rate, b: Rate): -1 | 0 | 1 {
  const left = a.numerator * b.denominator;
  const right = b.numerator * a.denominator;
  return left === right ? 0 : left < right ? -1 : 1;
}

export function isZeroRate(rate: Rate) {
  return rate.numerator === 0n;
}

/**
 * amount x rate, rounded as named: applyRate(650_000, percent("5.3"), ROUND_5_RAPPEN) is 34_450
 * (344.50 CHF). The product is formed in bigint, so no intermediate loses precision.
 */
export function applyRate(amount: Rappen, rate: Rate, rounding: Rounding): Rappen {
  assertRappen(amount);
  return toRappen(roundFraction(BigInt(amount) * rate.numerator, rate.denominator, rounding));
}

/** 10^n as a bigint, the usual few made once (a calculation formats rates for every line). */
const POWERS_OF_TEN = Array.from({ length: 13 }, (_, n) => 10n ** BigInt(n));
const powerOfTen = (n: number) => POWERS_OF_TEN[n] ?? 10n ** BigInt(n);

/**
 * amount x rate before any rounding, as an exact decimal string of CHF when it terminates within
 * `decimals` places, otherwise rounded to them with the named mode; for the audit trail ("explain").
 */
export function applyRateUnrounded(amount: Rappen, rate: Rate, decimals = 6, mode: RoundingMode = "halfUp"): string {
  assertRappen(amount);
  const scale = powerOfTen(decimals);
  // CHF x 10^decimals = Rappen x rate x 10^decimals / 100
  const scaled = divideRounded(BigInt(amount) * rate.numerator * scale, rate.denominator * 100n, mode);
  return trimDecimal(formatScaled(scaled, decimals), 2);
}

/** A rate in percent units, e.g. "5.3", "10.638298" (5/47 at six decimals, rounded as named). */
export function formatPercent(rate: Rate, decimals = 6, mode: RoundingMode = "halfUp"): string {
  const scale = powerOfTen(decimals);
  const scaled = divideRounded(rate.numerator * 100n * scale, rate.denominator, mode);
  return trimDecimal(formatScaled(scaled, decimals), 0);
}

function formatScaled(scaled: bigint, decimals: number): string {
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${negative ? "-" : ""}${whole}${decimals > 0 ? `.${fraction}` : ""}`;
}

/** Drops trailing zeros after the point but keeps at least minDecimals. */
function trimDecimal(text: string, minDecimals: number): string {
  const point = text.indexOf(".");
  if (point < 0) return minDecimals > 0 ? `${text}.${"0".repeat(minDecimals)}` : text;
  let end = text.length;
  while (end > point + 1 + minDecimals && text[end - 1] === "0") end--;
  const trimmed = text.slice(0, end);
  return trimmed.endsWith(".") ? trimmed.slice(0, -1) : trimmed;
}
