import { describe, expect, it } from "vitest";
import { allocate } from "@/server/money/allocate";
import { chf, formatRappen, parseChf, roundTo5Rappen, sumRappen } from "@/server/money/rappen";
import {
  applyRate,
  applyRateUnrounded,
  formatPercent,
  multiplyRates,
  parsePercent,
  percent,
  rateFraction,
  ratePpm,
} from "@/server/money/rate";
import { ROUND_5_RAPPEN, ROUND_RAPPEN, divideRounded } from "@/server/money/rounding";

/** A small deterministic generator (mulberry32), so the property loops are reproducible. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("CHF amounts in Rappen", () => {
  it("parses decimal strings and JSON numbers exactly", () => {
    expect(parseChf("6500.00")).toEqual({ ok: true, value: 650_000 });
    expect(parseChf("6500.5")).toEqual({ ok: true, value: 650_050 });
    expect(parseChf("6500")).toEqual({ ok: true, value: 650_000 });
    expect(parseChf(6500.5)).toEqual({ ok: true, value: 650_050 });
    expect(parseChf(0.1)).toEqual({ ok: true, value: 10 });
    expect(parseChf("-12.30")).toEqual({ ok: true, value: -1230 });
    expect(parseChf("-0.00")).toEqual({ ok: true, value: 0 });
    expect(parseChf("007.05")).toEqual({ ok: true, value: 705 });
  });

  it("refuses more than two decimals, exponents, separators and other types", () => {
    for (const bad of ["6500.001", "6'500.00", "6,500.00", "1e3", " 5", ".5", "", "abc", "5.", "+5"]) {
      const parsed = parseChf(bad);
      expect(parsed.ok, bad).toBe(false);
    }
    expect(parseChf(0.1 + 0.2).ok).toBe(false); // 0.30000000000000004
    expect(parseChf(1e21).ok).toBe(false);
    expect(parseChf(Number.NaN).ok).toBe(false);
    expect(parseChf(true).ok).toBe(false);
    expect(parseChf("1000000000000.00").ok).toBe(false); // 13 integer digits
    const tooPrecise = parseChf("1.234");
    expect(!tooPrecise.ok && tooPrecise.message).toMatch(/more than two decimals/);
  });

  it("formats Rappen as the API writes money", () => {
    expect(formatRappen(650_000)).toBe("6500.00");
    expect(formatRappen(5)).toBe("0.05");
    expect(formatRappen(-5)).toBe("-0.05");
    expect(formatRappen(0)).toBe("0.00");
    expect(formatRappen(-123_456)).toBe("-1234.56");
    expect(() => formatRappen(1.5)).toThrow();
  });

  it("round-trips every amount through format and parse", () => {
    const next = random(1);
    for (let i = 0; i < 2000; i++) {
      const rappen = Math.round((next() - 0.5) * 2e10);
      expect(chf(formatRappen(rappen))).toBe(rappen);
    }
  });

  it("rounds to 0.05 CHF commercially, symmetric for negatives", () => {
    // 344.52 -> 344.50, 344.53 -> 344.55 (2.5 Rappen is the half), 344.57 -> 344.55, 344.58 -> 344.60
    expect(roundTo5Rappen(34_452)).toBe(34_450);
    expect(roundTo5Rappen(34_453)).toBe(34_455);
    expect(roundTo5Rappen(34_457)).toBe(34_455);
    expect(roundTo5Rappen(34_458)).toBe(34_460);
    expect(roundTo5Rappen(-3)).toBe(-5);
    expect(roundTo5Rappen(-2)).toBe(0);
    expect(roundTo5Rappen(-34_453)).toBe(-34_455);
    const next = random(2);
    for (let i = 0; i < 2000; i++) {
      const r = Math.round((next() - 0.5) * 1e9);
      const rounded = roundTo5Rappen(r);
      expect(Math.abs(rounded % 5)).toBe(0);
      expect(Math.abs(rounded - r)).toBeLessThanOrEqual(2);
      expect(roundTo5Rappen(-r)).toBe(-rounded || 0);
    }
  });

  it("names every rounding mode of a division", () => {
    // 5 / 2 = 2.5 and -5 / 2 = -2.5
    expect([5n, -5n].map((n) => divideRounded(n, 2n, "halfUp"))).toEqual([3n, -3n]);
    expect([5n, -5n].map((n) => divideRounded(n, 2n, "halfEven"))).toEqual([2n, -2n]);
    expect(divideRounded(7n, 2n, "halfEven")).toBe(4n);
    expect([5n, -5n].map((n) => divideRounded(n, 2n, "down"))).toEqual([2n, -2n]);
    expect([5n, -5n].map((n) => divideRounded(n, 2n, "up"))).toEqual([3n, -3n]);
    expect([5n, -5n].map((n) => divideRounded(n, 2n, "floor"))).toEqual([2n, -3n]);
    expect([5n, -5n].map((n) => divideRounded(n, 2n, "ceiling"))).toEqual([3n, -2n]);
    expect(divideRounded(6n, -4n, "halfUp")).toBe(-2n);
    expect(() => divideRounded(1n, 0n, "halfUp")).toThrow();
  });

  it("sums without losing Rappen", () => {
    expect(sumRappen([10, 20, -5])).toBe(25);
  });
});

describe("rates", () => {
  it("reads percent units exactly", () => {
    const rate = parsePercent("5.3");
    expect(rate).toEqual({ ok: true, value: { numerator: 53n, denominator: 1000n } });
    expect(percent("5.3")).toEqual(ratePpm(53_000));
    expect(percent(1.606)).toEqual(rateFraction(1606, 100_000));
    expect(parsePercent("-1").ok).toBe(false);
    expect(parsePercent("-1", { allowNegative: true }).ok).toBe(true);
    expect(parsePercent("5.1234567").ok).toBe(false);
    expect(parsePercent("5,3").ok).toBe(false);
    expect(parsePercent(0.1 + 0.2).ok).toBe(false);
  });

  it("applies a rate with the named rounding (worked example 1 of the domain notes)", () => {
    const gross = chf("6500.00");
    expect(formatRappen(applyRate(gross, percent("5.3"), ROUND_5_RAPPEN))).toBe("344.50");
    expect(formatRappen(applyRate(gross, percent("1.1"), ROUND_5_RAPPEN))).toBe("71.50");
    expect(formatRappen(applyRate(gross, percent("7.28"), ROUND_5_RAPPEN))).toBe("473.20");
    // ALV at the ceiling: 1.1 % x 12,350 = 135.85 (example 2)
    expect(formatRappen(applyRate(chf("12350"), percent("1.1"), ROUND_5_RAPPEN))).toBe("135.85");
    // 5.3 % x 1234.55 = 65.43115: to the Rappen 65.43, to 0.05 65.45
    expect(applyRate(chf("1234.55"), percent("5.3"), ROUND_RAPPEN)).toBe(6543);
    expect(applyRate(chf("1234.55"), percent("5.3"), ROUND_5_RAPPEN)).toBe(6545);
    expect(applyRateUnrounded(chf("1234.55"), percent("5.3"))).toBe("65.43115");
    // negative amounts (retro lines) round symmetrically
    expect(applyRate(-chf("1234.55"), percent("5.3"), ROUND_5_RAPPEN)).toBe(-6545);
  });

  it("keeps fractions such as the holiday compensation 5/47 exact", () => {
    const holiday = rateFraction(5, 47);
    expect(formatPercent(holiday, 2)).toBe("10.64");
    expect(formatPercent(rateFraction(4, 48), 2)).toBe("8.33");
    expect(formatPercent(percent("5.30"))).toBe("5.3");
    // 4,700.00 x 5/47 = 500.00 exactly
    expect(applyRate(chf("4700"), holiday, ROUND_RAPPEN)).toBe(50_000);
    // NBU 1.606 % borne 50 % by the employee = 0.803 %
    expect(formatPercent(multiplyRates(percent("1.606"), percent("50")))).toBe("0.803");
  });

  it("multiplies in bigint: no precision lost on large amounts", () => {
    // 80 trillion Rappen x 99.9999 % would overflow a double product
    const big = 8_000_000_000_000_00;
    expect(applyRate(big, percent("99.9999"), ROUND_RAPPEN)).toBe(799_999_200_000_000);
  });

  it("agrees with rounding to the Rappen first and then to 0.05 (no double-rounding error)", () => {
    const next = random(3);
    for (let i = 0; i < 3000; i++) {
      const amount = Math.round(next() * 2e7) * (next() < 0.2 ? -1 : 1);
      const rate = ratePpm(Math.round(next() * 200_000));
      const once = applyRate(amount, rate, ROUND_5_RAPPEN);
      const twice = roundTo5Rappen(applyRate(amount, rate, ROUND_RAPPEN));
      expect(once).toBe(twice);
    }
  });
});

describe("allocation", () => {
  it("splits so that the parts sum to the whole", () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocate(5, [0, 1])).toEqual([0, 5]);
    expect(allocate(100, [1, 1, 1], 5)).toEqual([35, 35, 30]);
    expect(() => allocate(101, [1, 1], 5)).toThrow();
    expect(() => allocate(100, [0, 0])).toThrow();
    expect(() => allocate(100, [])).toThrow();
  });

  it("never loses or invents a Rappen (property loop)", () => {
    const next = random(4);
    for (let i = 0; i < 2000; i++) {
      const amount = Math.round((next() - 0.3) * 1e8);
      const weights = Array.from({ length: 1 + Math.floor(next() * 8) }, () => Math.floor(next() * 1000));
      if (!weights.some((w) => w > 0)) weights[0] = 1;
      const parts = allocate(amount, weights);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
      const total = weights.reduce((a, b) => a + b, 0);
      parts.forEach((part, k) => expect(Math.abs(part - (amount * weights[k]!) / total)).toBeLessThan(1));
    }
  });
});
