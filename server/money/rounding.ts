/**
 * Integer division with a named rounding mode. Every division of money goes through here, so that
 * no code path rounds by accident (Math.round, toFixed, floating point).
 *
 * "halfUp" is Swiss commercial rounding (kaufmännisches Runden): a tie goes away from zero, so that
 * rounding is symmetric: round(-x) = -round(x). -0.025 CHF to 0.05 gives -0.05, as 0.025 gives 0.05.
 */
export type RoundingMode =
  | "halfUp" // ties away from zero (commercial)
  | "halfEven" // ties to the even neighbour (banker's)
  | "down" // toward zero (truncate)
  | "up" // away from zero
  | "floor" // toward minus infinity
  | "ceiling"; // toward plus infinity

/** How a result is rounded: the mode and the step in Rappen (1 = to the Rappen, 5 = to 0.05 CHF). */
export interface Rounding {
  readonly mode: RoundingMode;
  readonly step: 1 | 5 | 10 | 100;
}

/** To the Rappen, commercial. */
export const ROUND_RAPPEN: Rounding = { mode: "halfUp", step: 1 };
/** To 0.05 CHF, commercial: payable amounts and contributions per wage type (contract section 1). */
export const ROUND_5_RAPPEN: Rounding = { mode: "halfUp", step: 5 };

/** numerator / denominator rounded to an integer with the given mode. denominator must not be 0. */
export function divideRounded(numerator: bigint, denominator: bigint, mode: RoundingMode): bigint {
  if (denominator === 0n) throw new RangeError("Division by zero.");
  if (denominator < 0n) {
    numerator = -numerator;
    denominator = -denominator;
  }
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const quotient = magnitude / denominator; // BigInt division truncates toward zero
  const remainder = magnitude % denominator;
  if (remainder === 0n) return negative ? -quotient : quotient;

  let awayFromZero: boolean;
  switch (mode) {
    case "down":
      awayFromZero = false;
      break;
    case "up":
      awayFromZero = true;
      break;
    case "floor":
      awayFromZero = negative;
      break;
    case "ceiling":
      awayFromZero = !negative;
      break;
    case "halfUp":
      awayFromZero = remainder * 2n >= denominator;
      break;
    case "halfEven": {
      const twice = remainder * 2n;
      awayFromZero = twice > denominator || (twice === denominator && quotient % 2n === 1n);
      break;
    }
  }
  const rounded = awayFromZero ? quotient + 1n : quotient;
  return negative ? -rounded : rounded;
}

/** An exact fraction of Rappen (numerator / denominator) rounded to a multiple of rounding.step Rappen. */
export function roundFraction(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  const step = BigInt(rounding.step);
  return divideRounded(numerator, denominator * step, rounding.mode) * step;
}
