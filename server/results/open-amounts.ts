import type { Rappen } from "../money/rappen";

/** What of an entry decides its open amount (integer Rappen). */
export type OpenAmountEntry = { payable: Rappen; carriedForward: Rappen; paidOut: Rappen };

/**
 * An employee's open amount in a period, decided here and nowhere else (contract section 8): the
 * period's payable amount, plus what earlier periods left open or overpaid (carried forward at
 * close), minus the period's payouts that are not cancelled (`paid_out`, kept by the payout verbs
 * in their transaction). It may be negative (overpaid after a correction); see `payableNow`.
 */
export function openAmountOf(entry: OpenAmountEntry): Rappen {
  return entry.payable + entry.carriedForward - entry.paidOut;
}

/** What a payout may pay now: the open amount, or nothing when it is negative (never paid out). */
export function payableNow(entry: OpenAmountEntry): Rappen {
  return Math.max(0, openAmountOf(entry));
}
