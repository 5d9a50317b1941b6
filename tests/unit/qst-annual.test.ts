import { describe, expect, it } from "vitest";
import { qstAnnualKey } from "@/server/calc";
import { amountOf, calcYear, lineOf } from "./calc-fixture";
import { geExcerptText } from "./qst-excerpt";

/**
 * The annual withholding-tax model (FR, GE, TI, VD, VS) on GE's 2026 tariff (the excerpt in
 * tests/fixtures/qst): every month recalculates the year in the canton and credits what was withheld.
 * Rules: SwissSalary manual "Quellensteuer Einrichtung" (rate-determining wage = annual gross income / 12,
 * the whole year recalculated each month with earlier deductions credited); ge.ch "Taux applicable"
 * (rectification at the end of the year or employment; payments made once are not annualised);
 * ESTV circular 45 § 7.1 (Swissdec: the 13th salary counts when it is paid).
 */

// The oracle reads the excerpt's lines itself (ESTV record layout: code at 7-9, income from at 25-33,
// rate in hundredths of a percent at 55-59), not through the service's parser.
const lines = geExcerptText().split("\n");
function fileRate(code: string, incomeRappen: number): number {
  let rate: number | null = null;
  for (const line of lines) {
    if (!line.startsWith("06") || line.slice(6, 9) !== code) continue;
    if (incomeRappen >= Number(line.slice(24, 33))) rate = Number(line.slice(54, 59));
  }
  if (rate === null) throw new Error(`${code} ${incomeRappen}`);
  return rate;
}
/** Rappen x basis points, rounded to 0.05 CHF half up. */
const taxOf = (incomeRappen: number, basisPoints: number) =>
  Math.floor((incomeRappen * basisPoints) / 10_000 / 5 + 0.5) * 5;

const qst = (results: ReturnType<typeof calcYear>) => results.map((r) => amountOf(r, "5060"));
const GE = { TaxAtSourceCanton: "GE", TaxAtSourceTariff: "A0N", WorkplaceCanton: "GE", MonthlySalary: "7000.00" };

describe("withholding tax, annual model (GE 2026)", () => {
  it("withholds over 12 months exactly the annual tax on the annual income", () => {
    // 12 x 7,000 + bonus 3,000 (June) + 13th salary 7,000 (December) = 94,000.
    // Rate-determining: (84,000 x 360/360 + 10,000) / 12 = 7,833.33, A0N bracket from 7,800: 12.71 %.
    // Annual tax 94,000 x 12.71 % = 11,947.40.
    const year = calcYear(2026, (m) => ({
      ...GE,
      ThirteenthSalary: "december",
      ...(m === 6 ? { BonusAmount: [["3000.00", "2026-06-25"]] } : {}),
    }));
    expect(qst(year)).toEqual([
      // January to May: 7,000 sets 11.62 %: 813.40 a month.
      81_340, 81_340, 81_340, 81_340, 81_340,
      // June: (42,000 x 2 + 3,000) / 12 = 7,250.00: 11.98 % on 45,000 = 5,391.00, less 4,067.00.
      132_400,
      // July to November: 7,250 still sets 11.98 %: 838.60 a month (9,584.00 in November).
      83_860, 83_860, 83_860, 83_860, 83_860,
      // December: 11,947.40 less 9,584.00.
      236_340,
    ]);
    expect(qst(year).reduce((a, b) => a + b, 0)).toBe(1_194_740);
    expect(taxOf(9_400_000, fileRate("A0N", 783_333))).toBe(1_194_740);
    const december = lineOf(year[11]!, "5060")!;
    expect(december.rate).toBe("12.71");
    expect(december.explanation?.key).toBe("withholdingTaxAnnual");
    expect(december.explanation?.params).toMatchObject({
      yearIncome: "94000.00",
      periodic: "84000.00",
      aperiodic: "10000.00",
      days: "360",
      rateIncome: "7833.33",
      due: "11947.40",
      withheld: "9584.00",
      amount: "2363.40",
      earlier: "no",
    });
    expect(year[11]!.yearToDate[qstAnnualKey("GE", "withheld")]).toBe(1_194_740);
  });

  it("taxes each tariff code's months at that code's rate after a marriage", () => {
    // A0N to June, B0N from July (married in June; GE applies the new code from the following month).
    // 7,000 a month all year sets 11.62 % (A0N) and 3.73 % (B0N): 42,000 x 11.62 % = 4,880.40 and
    // 42,000 x 3.73 % = 1,566.60: 6,447.00 for the year.
    const year = calcYear(2026, () => ({
      ...GE,
      TaxAtSourceTariff: [
        ["A0N", "2020-01-01", "2026-06-30"],
        ["B0N", "2026-07-01"],
      ],
    }));
    expect(qst(year)).toEqual([
      81_340, 81_340, 81_340, 81_340, 81_340, 81_340, 26_110, 26_110, 26_110, 26_110, 26_110, 26_110,
    ]);
    expect(qst(year).reduce((a, b) => a + b, 0)).toBe(644_700);
    expect(lineOf(year[6]!, "5060")!.explanation?.params).toMatchObject({
      tariff: "B0N",
      earlier: "yes",
      tariffShares: "A0N 42000.00 11.62",
    });
  });

  it("recalculates the earlier code's months when a raise changes the year's rate", () => {
    // A0N 7,000 to June, B0N 8,200 from July: the year's rate-determining income is 7,600.00.
    const year = calcYear(2026, (m) => ({
      ...GE,
      TaxAtSourceTariff: [
        ["A0N", "2020-01-01", "2026-06-30"],
        ["B0N", "2026-07-01"],
      ],
      MonthlySalary: m <= 6 ? "7000.00" : "8200.00",
    }));
    const total = qst(year).reduce((a, b) => a + b, 0);
    expect(total).toBe(taxOf(4_200_000, fileRate("A0N", 760_000)) + taxOf(4_920_000, fileRate("B0N", 760_000)));
    expect(lineOf(year[11]!, "5060")!.explanation?.params).toMatchObject({ rateIncome: "7600.00" });
  });

  it("scales the periodic income of a mid-year entry to 360 days", () => {
    // Entry 16 April: 15 days in April (3,500 for the half month) and 8 full months: 255 days.
    // Year: 3,500 + 8 x 7,000 = 59,500; x 360 / 255 / 12 = 7,000.00: 11.62 % = 6,913.90.
    const year = calcYear(2026, () => ({ ...GE, EntryDate: "2026-04-16" }), { months: [4, 5, 6, 7, 8, 9, 10, 11, 12] });
    expect(amountOf(year[0]!, "5060")).toBe(taxOf(350_000, fileRate("A0N", 700_000)));
    expect(qst(year).reduce((a, b) => a + b, 0)).toBe(691_390);
    expect(lineOf(year[8]!, "5060")!.explanation?.params).toMatchObject({ days: "255", rateIncome: "7000.00" });
  });

  it("starts the canton's year with the month of a move from a monthly-model canton", () => {
    // ZH (monthly model) to June, GE from July: GE's year is July to December (180 days).
    const year = calcYear(2026, () => ({
      ...GE,
      TaxAtSourceCanton: [
        ["ZH", "2020-01-01", "2026-06-30"],
        ["GE", "2026-07-01"],
      ],
    }));
    expect(lineOf(year[0]!, "5060")!.explanation?.key).toBe("withholdingTax");
    expect(lineOf(year[6]!, "5060")!.explanation?.params).toMatchObject({ days: "30", yearIncome: "7000.00" });
    expect(lineOf(year[11]!, "5060")!.explanation?.params).toMatchObject({ days: "180", yearIncome: "42000.00" });
    expect(
      qst(year)
        .slice(6)
        .reduce((a, b) => a + b, 0),
    ).toBe(taxOf(4_200_000, fileRate("A0N", 700_000)));
  });

  it("gives back in a later month what earlier months withheld too much", () => {
    // 12,000 a month to March, then 4,000: the year's rate falls and the rest of the year credits.
    const year = calcYear(2026, (m) => ({ ...GE, MonthlySalary: m <= 3 ? "12000.00" : "4000.00" }));
    const amounts = qst(year);
    expect(Math.min(...amounts)).toBeLessThan(0);
    // 3 x 12,000 + 9 x 4,000 = 72,000: 6,000.00 a month.
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(taxOf(7_200_000, fileRate("A0N", 600_000)));
  });

  it("matches the file's rate for random January incomes and both codes (oracle)", () => {
    let seed = 39;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 40; i += 1) {
      const code = i % 2 ? "A0N" : "B0N";
      const salary = 250_000 + Math.floor((random() * 1_200_000) / 5) * 5;
      const [january] = calcYear(
        2026,
        () => ({ ...GE, TaxAtSourceTariff: code, MonthlySalary: (salary / 100).toFixed(2) }),
        {
          months: [1],
        },
      );
      expect(amountOf(january!, "5060"), `${code} ${salary}`).toBe(taxOf(salary, fileRate(code, salary)));
    }
  });
});
