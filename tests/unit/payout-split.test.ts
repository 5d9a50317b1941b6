import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { percent } from "@/server/money/rate";
import { splitPayment } from "@/server/payouts/split";

const IBAN = "CH2300700110012345678";

describe("split salary payments", () => {
  it("a fixed amount per period: what is still owed to the second account, never more than the payout", () => {
    const second = { iban: IBAN, holder: null, fixedPerPeriod: 50_000 };
    expect(splitPayment(30_000, second, 0)).toEqual({ toSecond: 30_000, toMain: 0 });
    expect(splitPayment(400_000, second, 30_000)).toEqual({ toSecond: 20_000, toMain: 380_000 });
    expect(splitPayment(10_000, second, 50_000)).toEqual({ toSecond: 0, toMain: 10_000 });
  });

  it("a percentage of each payout, rounded down to the Rappen for the second account", () => {
    expect(splitPayment(100_003, { iban: IBAN, holder: null, share: percent("25") }, 0)).toEqual({
      toSecond: 25_000,
      toMain: 75_003,
    });
    expect(splitPayment(1, { iban: IBAN, holder: null, share: percent("99.9") }, 0)).toEqual({
      toSecond: 0,
      toMain: 1,
    });
    expect(splitPayment(12_345, { iban: IBAN, holder: null, share: percent("100") }, 0)).toEqual({
      toSecond: 12_345,
      toMain: 0,
    });
  });

  it("the parts are never negative and always sum to the payout (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (amount, ppm, fixed, already) => {
          for (const second of [
            { iban: IBAN, holder: null, share: percent((ppm / 1000).toFixed(3)) },
            { iban: IBAN, holder: null, fixedPerPeriod: fixed },
          ]) {
            const { toSecond, toMain } = splitPayment(amount, second, already);
            expect(toSecond).toBeGreaterThanOrEqual(0);
            expect(toMain).toBeGreaterThanOrEqual(0);
            expect(toSecond + toMain).toBe(amount);
            expect(Number.isInteger(toSecond)).toBe(true);
          }
        },
      ),
    );
  });
});
