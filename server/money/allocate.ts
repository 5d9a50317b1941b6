import { type Rappen, assertRappen, toRappen } from "./rappen";

/**
 * Splits an amount into parts proportional to the weights so that the parts always sum to the
 * whole (largest-remainder method): each part first gets its share rounded toward zero, then the
 * Rappen left over go one each to the parts with the largest remainders (ties: the earlier part).
 * A negative amount is split like its magnitude and negated, so allocate(-x) = -allocate(x).
 *
 * step (default 1) allocates in multiples of step Rappen, e.g. 5 for 0.05 CHF; the amount must then
 * be a multiple of step.
 */
export function allocate(amount: Rappen, weights: readonly (number | bigint)[], step = 1): Rappen[] {
  assertRappen(amount);
  if (weights.length === 0) throw new RangeError("allocate needs at least one weight.");
  if (!Number.isSafeInteger(step) || step < 1)
    throw new RangeError("The step must be a positive whole number of Rappen.");
  if (amount % step !== 0) throw new RangeError(`${amount} Rappen is not a multiple of the step ${step}.`);
  const w = weights.map((weight) => {
    const big = typeof weight === "bigint" ? weight : BigInt(checkWeight(weight));
    if (big < 0n) throw new RangeError("Weights must not be negative.");
    return big;
  });
  const totalWeight = w.reduce((a, b) => a + b, 0n);
  if (totalWeight === 0n) throw new RangeError("At least one weight must be positive.");

  const negative = amount < 0;
  const units = BigInt(Math.abs(amount) / step);
  const shares = w.map((weight) => (units * weight) / totalWeight); // toward zero
  const remainders = w.map((weight, index) => ({ index, remainder: (units * weight) % totalWeight }));
  let left = units - shares.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0n) break;
    shares[index] = (shares[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return shares.map((share) => {
    const rappen = toRappen(share * BigInt(step));
    return negative && rappen !== 0 ? -rappen : rappen;
  });
}

function checkWeight(weight: number) {
  if (!Number.isSafeInteger(weight))
    throw new RangeError(`Weight ${weight} must be a whole number (scale decimals first).`);
  return weight;
}
