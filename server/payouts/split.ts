import type { Rappen } from "../money/rappen";
import { applyRate, type Rate } from "../money/rate";

/**
 * A split salary payment (case EmployeeSecondBankAccount): a second account receives either a fixed
 * amount per period or a percentage of every payout; the main account receives the rest.
 */
export type SecondAccount =
  | { iban: string; holder: string | null; fixedPerPeriod: Rappen }
  | { iban: string; holder: string | null; share: Rate };

/**
 * How one payout amount to an employee divides between the second account and the main one.
 * A fixed amount is owed once per period: `alreadyToSecond` is what non-cancelled payouts of the
 * period have paid to the second account, so an advance and the final payment together pay it once.
 * A percentage is of each payout, rounded down to the Rappen (the main account gets the remainder),
 * so that the two parts always sum to the amount.
 */
export function splitPayment(
  amount: Rappen,
  second: SecondAccount,
  alreadyToSecond: Rappen,
): { toSecond: Rappen; toMain: Rappen } {
  const toSecond =
    "fixedPerPeriod" in second
      ? Math.min(amount, Math.max(0, second.fixedPerPeriod - alreadyToSecond))
      : Math.min(amount, applyRate(amount, second.share, { mode: "down", step: 1 }));
  return { toSecond, toMain: amount - toSecond };
}
