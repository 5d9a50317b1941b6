import { describe, expect, it } from "vitest";
import { CALC_ISSUES } from "@/server/calc";
import { amountOf, amounts, calc, calcYear, hasLine, lineOf } from "./calc-fixture";

/**
 * Golden tests: hand-computed examples from ../shared/domain/swiss-payroll.md section 7 and the
 * rules of section 1. Amounts in Rappen. Company: NBU 1 % (all borne by the employee), BU 0.1 %,
 * FAK 1.2 %. Each contribution is rounded to 0.05 CHF per wage type, the net wage to 0.05 CHF.
 */

const codes = (r: { issues: { code: string }[] }) => r.issues.map((i) => i.code);

describe("Ex. 1: 6,500.00 a month, age 40, ZH 2026", () => {
  const r = calc({ period: "2026-03" });

  it("deducts AHV, ALV, NBU and BVG as in the domain notes", () => {
    // AHV 5.3 % x 6,500 = 344.50; ALV 1.1 % x 6,500 = 71.50; NBU 1 % x 6,500 = 65.00
    // BVG (78,000 - 26,460) = 51,540 x 10 % = 5,154 / 2 / 12 = 214.75
    // Net 6,500 - 344.50 - 71.50 - 65.00 - 214.75 = 5,804.25
    expect(amounts(r)).toMatchObject({
      "1000": 650_000,
      "5010": 34_450,
      "5020": 7_150,
      "5040": 6_500,
      "5050": 21_475,
      "6500": 580_425,
    });
    expect(r.collectors).toMatchObject({
      GrossWage: 650_000,
      EmployeeDeductions: 69_575,
      NetWage: 580_425,
      PayableAmount: 580_425,
    });
    expect(r.issues).toEqual([]);
    expect(r.employed).toBe(true);
  });

  it("charges the employer AHV, ALV and BVG alike, plus FAK and BU at the company's rates", () => {
    // FAK 1.2 % x 6,500 = 78.00; BU 0.1 % x 6,500 = 6.50; NBU employer share 0 (100 % borne by the employee)
    expect(amounts(r)).toMatchObject({ "8010": 34_450, "8020": 7_150, "8050": 21_475, "8030": 7_800, "8040": 650 });
    expect(hasLine(r, "8041")).toBe(false);
    expect(r.collectors.EmployerContributions).toBe(34_450 + 7_150 + 21_475 + 7_800 + 650);
  });

  it("explains each line with its case values and parameters", () => {
    const ahv = lineOf(r, "5010")!;
    expect(ahv).toMatchObject({ base: 650_000, rate: "5.3", name: "AHV/IV/EO employee" });
    expect(ahv.explanation.parameters).toContainEqual({ key: "AhvEmployeeRate", value: "5.3" });
    const salary = lineOf(r, "1000")!;
    expect(salary.explanation.caseValues).toContainEqual(
      expect.objectContaining({ field: "MonthlySalary", value: "6500.00" }),
    );
    expect(salary.explanation.caseValues[0]!.caseChangeId).toMatch(/^cc-/);
    const bvg = lineOf(r, "5050")!;
    expect(bvg).toMatchObject({ base: 5_154_000, rate: "5" });
    expect(bvg.explanation.parameters).toContainEqual({ key: "BvgAgeCredits[35]", value: "10" });
  });

  it("lines are in wage type number order", () => {
    const numbers = r.lines.map((l) => l.number);
    expect(numbers).toEqual([...numbers].sort());
  });

  it("with QST tariff A0N in ZH: 7.28 % x 6,500 = 473.20, net 5,331.05", () => {
    const q = calc({
      period: "2026-03",
      employee: { TaxAtSourceTariff: "A0N", TaxAtSourceCanton: "ZH", WorkPermit: "B" },
    });
    expect(lineOf(q, "5060")).toMatchObject({ amount: 47_320, base: 650_000, rate: "7.28" });
    expect(amountOf(q, "6500")).toBe(533_105);
    expect(q.issues).toEqual([]);
  });

  it.each([
    ["A0Y", 48_555], // 7.47 %
    ["B2N", 9_165], // 1.41 %
    ["C0N", 53_105], // 8.17 %
    ["H1N", 19_630], // 3.02 %
  ])("QST tariff %s in the same bracket withholds %i Rappen", (code, expected) => {
    const q = calc({ period: "2026-03", employee: { TaxAtSourceTariff: code, TaxAtSourceCanton: "ZH" } });
    expect(amountOf(q, "5060")).toBe(expected);
  });
});

describe("Ex. 2: 13,000.00 a month, age 40 (ceilings)", () => {
  it("caps ALV and NBU at 12,350 a month and BVG at the upper limit", () => {
    // AHV 5.3 % x 13,000 = 689.00 (no ceiling); ALV 1.1 % x 12,350 = 135.85; NBU 1 % x 12,350 = 123.50
    // BVG (90,720 - 26,460) = 64,260 x 10 % / 2 / 12 = 267.75
    // Net 13,000 - 689.00 - 135.85 - 123.50 - 267.75 = 11,783.90
    const r = calc({ period: "2026-01", employee: { MonthlySalary: "13000.00" } });
    expect(amounts(r)).toMatchObject({
      "5010": 68_900,
      "5020": 13_585,
      "5040": 12_350,
      "5050": 26_775,
      "6500": 1_178_390,
    });
    expect(lineOf(r, "5020")!.base).toBe(1_235_000);
    expect(lineOf(r, "5050")!.base).toBe(6_426_000);
  });

  it("stays at the monthly ceiling every month of the year", () => {
    const year = calcYear(2026, () => ({ MonthlySalary: "13000.00" }));
    expect(year.map((r) => amountOf(r, "5020"))).toEqual(Array(12).fill(13_585));
    expect(year.at(-1)!.yearToDate.alvBase).toBe(14_820_000); // 148,200
  });
});

describe("ALV ceiling crossed mid-year (year to date)", () => {
  // 10,000 a month, a 30,000 bonus in June.
  //   Jan-May: base 10,000 a month (ceiling so far 12,350 x months), ALV 110.00.
  //   June: liable so far 60,000 + 30,000 = 90,000; ceiling 6 x 12,350 = 74,100; base so far 50,000
  //         -> base 24,100, ALV 1.1 % = 265.10.
  //   July-Dec: the ceiling grows by 12,350 a month and the liable wage by 10,000 while above it,
  //         so the base is 12,350 (ALV 135.85) ... December: liable 150,000, ceiling 148,200.
  //   Year: 5 x 10,000 + 24,100 + 6 x 12,350 = 148,200 = the annual ceiling exactly.
  const year = calcYear(2026, (m) => ({
    MonthlySalary: "10000.00",
    ...(m === 6 ? { BonusAmount: [["30000.00", "2026-06-25"]] } : {}),
  }));

  it("charges ALV up to the ceiling counted year to date", () => {
    expect(year.map((r) => lineOf(r, "5020")!.base)).toEqual([
      1_000_000, 1_000_000, 1_000_000, 1_000_000, 1_000_000, 2_410_000, 1_235_000, 1_235_000, 1_235_000, 1_235_000,
      1_235_000, 1_235_000,
    ]);
    expect(amountOf(year[5]!, "5020")).toBe(26_510);
    expect(amountOf(year[6]!, "5020")).toBe(13_585);
    expect(year.reduce((s, r) => s + lineOf(r, "5020")!.base!, 0)).toBe(14_820_000);
  });

  it("charges AHV on the whole bonus", () => {
    // 5.3 % x 40,000 = 2,120.00
    expect(amountOf(year[5]!, "5010")).toBe(212_000);
    expect(amountOf(year[5]!, "1300")).toBe(3_000_000);
  });

  it("keeps the bonus out of the BVG salary", () => {
    expect(amountOf(year[5]!, "5050")).toBe(amountOf(year[4]!, "5050"));
  });
});

describe("entry and exit within the month (days / 30)", () => {
  it("prorates the salary and the BVG contribution on entry on 16 March", () => {
    // 16..31 March = 16 days: 6,000 x 16 / 30 = 3,200.00
    // AHV 169.60, ALV 35.20, NBU 32.00
    // BVG: annual 3,200 x 30/16 x 12 = 72,000; coordinated 45,540 x 10 % = 4,554 / 2 / 12 x 16/30 = 101.20
    // Net 3,200 - 169.60 - 35.20 - 32.00 - 101.20 = 2,862.00
    const r = calc({ period: "2026-03", employee: { EntryDate: "2026-03-16", MonthlySalary: "6000.00" } });
    expect(amounts(r)).toMatchObject({
      "1000": 320_000,
      "5010": 16_960,
      "5020": 3_520,
      "5040": 3_200,
      "5050": 10_120,
      "6500": 286_200,
    });
    expect(lineOf(r, "1000")!.rate).toBe("53.333333");
    expect(r.yearToDate.days).toBe(16);
  });

  it("prorates on exit on 10 September and pays the 13th salary (december mode) pro rata", () => {
    // 1..10 September = 10 days: 6,000 x 10 / 30 = 2,000.00
    // 13th: (8 x 6,000 + 2,000) / 12 = 4,166.67 (rounded to the Rappen, half up)
    // BVG: annual 2,000 x 30/10 x 13 = 78,000; coordinated 51,540 x 10 % / 2 / 12 x 10/30 = 71.58 -> 71.60
    const months = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    const year = calcYear(
      2026,
      () => ({ ExitDate: "2026-09-10", MonthlySalary: "6000.00", ThirteenthSalary: "december" }),
      { months },
    );
    const september = year.at(-1)!;
    expect(amounts(september)).toMatchObject({ "1000": 200_000, "1200": 416_667, "5050": 7_160 });
    expect(year.slice(0, 8).every((r) => !hasLine(r, "1200"))).toBe(true);
    // AHV on 6,166.67 = 326.83 -> 326.85
    expect(amountOf(september, "5010")).toBe(32_685);
  });

  it("is not employed after the exit, and flags a bonus paid then", () => {
    // Employed to 10 September at 6,500.00 a month: the year's AHV wage is far past the minor-salary limit.
    const employee = { ExitDate: "2026-09-10", BonusAmount: [["500.00", "2026-10-15"]] as [string, string][] };
    const r = calcYear(2026, () => employee, { months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] })[9]!;
    expect(r.employed).toBe(false);
    expect(amounts(r)).toMatchObject({ "1300": 50_000, "5010": 2_650 });
    expect(hasLine(r, "1000")).toBe(false);
    expect(codes(r)).toContain(CALC_ISSUES.payAfterExit);
  });

  it("counts an entry on 15 February as 14 calendar days", () => {
    // 15..28 February = 14 days: 6,000 x 14 / 30 = 2,800.00
    const r = calc({ period: "2026-02", employee: { EntryDate: "2026-02-15", MonthlySalary: "6000.00" } });
    expect(amountOf(r, "1000")).toBe(280_000);
  });

  it("weights a salary change within the month by calendar days", () => {
    // 6,000 for 1..15 April, 6,600 for 16..30 April: (6,000 x 15 + 6,600 x 15) / 30 = 6,300.00
    const r = calc({
      period: "2026-04",
      employee: {
        MonthlySalary: [
          ["6000.00", "2020-01-01"],
          ["6600.00", "2026-04-16"],
        ],
      },
    });
    expect(amountOf(r, "1000")).toBe(630_000);
  });
});

describe("a man turning 65 (born 20 May 1961)", () => {
  const employee = { BirthDate: "1961-05-20", MonthlySalary: "6000.00" };

  it("pays full AHV and ALV in the month of the 65th birthday, BVG at 18 %", () => {
    // AHV 5.3 % x 6,000 = 318.00; ALV 66.00
    // BVG age 65: coordinated 72,000 - 26,460 = 45,540 x 18 % = 8,197.20 / 2 / 12 = 341.55
    const r = calc({ period: "2026-05", employee });
    expect(amounts(r)).toMatchObject({ "5010": 31_800, "5020": 6_600, "5050": 34_155 });
  });

  it("from the next month: AHV above the pensioner allowance only, no ALV, no BVG", () => {
    // AHV 5.3 % x (6,000 - 1,400) = 243.80; FAK 1.2 % x 4,600 = 55.20; NBU still 1 % x 6,000 = 60.00
    // Net 6,000 - 243.80 - 60.00 = 5,696.20
    const r = calc({ period: "2026-06", employee });
    expect(amounts(r)).toMatchObject({ "5010": 24_380, "8010": 24_380, "8030": 5_520, "5040": 6_000, "6500": 569_620 });
    expect(lineOf(r, "5010")!.base).toBe(460_000);
    expect(hasLine(r, "5020")).toBe(false);
    expect(hasLine(r, "5050")).toBe(false);
    expect(lineOf(r, "5010")!.explanation.parameters).toContainEqual({
      key: "PensionerAllowanceMonth",
      value: "1400.00",
    });
  });

  it("no AHV at all when the wage is below the allowance", () => {
    const r = calc({ period: "2026-06", employee: { ...employee, MonthlySalary: "1200.00" } });
    expect(hasLine(r, "5010")).toBe(false);
  });

  it("a woman born 1962 reaches reference age at 64 + 6 months", () => {
    // born 10 March 1962 -> reference age on 10 September 2026; pensioner from October
    const woman = { BirthDate: "1962-03-10", Sex: "female", MonthlySalary: "6000.00" };
    expect(hasLine(calc({ period: "2026-09", employee: woman }), "5020")).toBe(true);
    expect(hasLine(calc({ period: "2026-10", employee: woman }), "5020")).toBe(false);
  });
});

describe("a 17-year-old (born 1 April 2009)", () => {
  const employee = { BirthDate: "2009-04-01", MonthlySalary: "2000.00" };

  it("pays no AHV/ALV before 1 January after the 17th birthday; NBU is due", () => {
    // Net 2,000 - NBU 20.00 = 1,980.00; no FAK either (no AHV contribution base)
    const r = calc({ period: "2026-06", employee });
    expect(amounts(r)).toEqual({ "1000": 200_000, "5040": 2_000, "8040": 200, "6500": 198_000 });
  });

  it("pays AHV and ALV from January 2027; BVG risk cover only (not calculated, noted)", () => {
    // AHV 106.00, ALV 22.00, NBU 20.00: net 2,000 - 148.00 = 1,852.00
    const r = calc({ period: "2027-01", employee });
    expect(amounts(r)).toMatchObject({ "5010": 10_600, "5020": 2_200, "5040": 2_000, "6500": 185_200 });
    expect(hasLine(r, "5050")).toBe(false);
    expect(r.issues).toEqual([
      expect.objectContaining({ code: CALC_ISSUES.bvgRiskPremiumNotCalculated, blocking: false }),
    ]);
  });
});

describe("an hourly employee", () => {
  const employee = {
    SalaryType: "hourly",
    MonthlySalary: [] as never,
    HourlyWage: "30.00",
    HolidayWeeks: "5",
    Hours: [
      ["80", "2026-03-15"],
      ["40", "2026-03-31"],
    ] as [string, string][],
  };

  it("is paid hours x wage plus holiday compensation 5/47", () => {
    // 120 h x 30.00 = 3,600.00; holiday 5 / 47 = 10.638298 % x 3,600 = 382.978.. -> 382.98
    // Gross 3,982.98: AHV 211.097.. -> 211.10; ALV 43.812.. -> 43.80; NBU 39.829.. -> 39.85
    // BVG: annual 3,982.98 x 12 = 47,795.76; coordinated 21,335.76 x 10 % / 2 / 12 = 88.899 -> 88.90
    // Net 3,982.98 - 211.10 - 43.80 - 39.85 - 88.90 = 3,599.33 -> 3,599.35
    const r = calc({ period: "2026-03", employee });
    expect(amounts(r)).toMatchObject({
      "1005": 360_000,
      "1160": 38_298,
      "5010": 21_110,
      "5020": 4_380,
      "5040": 3_985,
      "5050": 8_890,
      "6500": 359_935,
    });
    expect(lineOf(r, "1160")).toMatchObject({ base: 360_000, rate: "10.638298" });
    expect(lineOf(r, "6500")!.base).toBe(359_933);
  });

  it("flags a month without hours", () => {
    const r = calc({ period: "2026-04", employee });
    expect(hasLine(r, "1005")).toBe(false);
    expect(codes(r)).toContain(CALC_ISSUES.hourlyWithoutHours);
  });

  it("uses 4 weeks (8.33 %) by default and 13th salary monthly at 1/12", () => {
    // 100 h x 25.00 = 2,500; holiday 4/48 = 208.33; 13th (2,500 + 208.33) / 12 = 225.69
    const r = calc({
      period: "2026-03",
      employee: {
        SalaryType: "hourly",
        HourlyWage: "25.00",
        ThirteenthSalary: "monthly",
        Hours: [["100", "2026-03-31"]],
      },
    });
    expect(amounts(r)).toMatchObject({ "1005": 250_000, "1160": 20_833, "1200": 22_569 });
  });
});

describe("withholding tax with family allowances", () => {
  it("taxes salary plus allowances at the bracket's rate", () => {
    // Workplace LU: 2 children x 215.00 = 430.00 (3000). QST-liable 6,500 + 430 = 6,930.00
    // ZH B2N bracket 6,901.00-6,950.99: 1.73 % -> 119.889 -> 119.90
    // Net wage 6,500 - 344.50 - 71.50 - 65.00 - 214.75 - 119.90 = 5,684.35; payable + 430 = 6,114.35
    const r = calc({
      period: "2026-03",
      employee: { WorkplaceCanton: "LU", ChildAllowances: "2", TaxAtSourceTariff: "B2N", TaxAtSourceCanton: "ZH" },
    });
    expect(amounts(r)).toMatchObject({ "3000": 43_000, "5060": 11_990, "6500": 568_435 });
    expect(r.collectors).toMatchObject({ QstWage: 693_000, PayableAmount: 611_435 });
    expect(lineOf(r, "5060")!.rate).toBe("1.73");
  });

  it("does not guess a canton that is not shipped", () => {
    const r = calc({ period: "2026-03", employee: { TaxAtSourceTariff: "A0N", TaxAtSourceCanton: "BE" } });
    expect(hasLine(r, "5060")).toBe(false);
    expect(r.issues).toContainEqual(
      expect.objectContaining({ code: CALC_ISSUES.qstTariffNotAvailable, blocking: true }),
    );
  });

  it("blocks the annual model (GE) for a code without a tariff, naming code, canton and year", () => {
    // The GE excerpt holds A0N and B0N; C0N is not in it.
    const r = calc({ period: "2026-03", employee: { TaxAtSourceTariff: "C0N", TaxAtSourceCanton: "GE" } });
    expect(hasLine(r, "5060")).toBe(false);
    expect(r.issues).toContainEqual(
      expect.objectContaining({
        code: CALC_ISSUES.qstTariffNotAvailable,
        blocking: true,
        params: { tariff: "C0N", canton: "GE", year: "2026" },
      }),
    );
  });

  it("asks for a tariff for a B permit", () => {
    const r = calc({ period: "2026-03", employee: { WorkPermit: "B" } });
    expect(codes(r)).toContain(CALC_ISSUES.missingTaxAtSourceTariff);
  });
});

describe("other wage types", () => {
  it("pays expenses and daily allowances without contributions", () => {
    const r = calc({
      period: "2026-03",
      employee: { ExpenseAmount: [["120.35", "2026-03-10"]], DailyAllowanceAmount: [["800.00", "2026-03-20"]] },
    });
    expect(amounts(r)).toMatchObject({ "5010": 34_450, "6000": 12_035, "6100": 80_000, "6500": 580_425 });
    expect(r.collectors.PayableAmount).toBe(580_425 + 12_035 + 80_000);
  });

  it("pays the 13th salary monthly at 1/12", () => {
    // 6,500 / 12 = 541.67; BVG annual 6,500 x 13 = 84,500 -> coordinated 58,040 x 10 % / 24 = 241.83 -> 241.85
    const r = calc({ period: "2026-03", employee: { ThirteenthSalary: "monthly" } });
    expect(amounts(r)).toMatchObject({ "1200": 54_167, "5050": 24_185 });
  });

  it("pays the whole 13th salary in December", () => {
    const year = calcYear(2026, () => ({ ThirteenthSalary: "december" }));
    expect(year.map((r) => amountOf(r, "1200"))).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 650_000]);
  });

  it("uses fixed BVG amounts of the pension fund", () => {
    const r = calc({
      period: "2026-03",
      employee: { BvgPlan: "fixedAmounts", BvgEmployeeContribution: "300.00", BvgEmployerContribution: "250.00" },
    });
    expect(amounts(r)).toMatchObject({ "5050": 30_000, "8050": 25_000 });
    expect(codes(r)).toContain(CALC_ISSUES.bvgEmployerBelowHalf);
  });

  it("splits NBU by NbuEmployeeShare, adds AHV admin costs and KTG by sex", () => {
    // NBU 1.6 % x 6,500 = 104.00; employee 50 % = 52.00, employer 52.00
    // Admin 3 % of (344.50 + 344.50) = 20.67 -> 20.65
    // KTG women 1.309 % x 6,500 = 85.085 -> 85.10; employee 50 % = 42.5425 -> 42.55; employer 85.10 - 42.55 = 42.55
    const r = calc({
      period: "2026-03",
      employee: { Sex: "female", BirthDate: "1986-03-15" },
      company: {
        NbuRate: "1.6",
        NbuEmployeeShare: "50",
        AhvAdminCostRate: "3",
        KtgRateMen: "0.966",
        KtgRateWomen: "1.309",
      },
    });
    expect(amounts(r)).toMatchObject({ "5040": 5_200, "8041": 5_200, "8015": 2_065, "5045": 4_255, "8045": 4_255 });
  });

  it("no NBU below 8 hours a week", () => {
    const r = calc({ period: "2026-03", employee: { WeeklyHours: "6", MonthlySalary: "1500.00" } });
    expect(hasLine(r, "5040")).toBe(false);
    expect(hasLine(r, "8040")).toBe(true);
  });

  it("adds construction fund deductions (industry regulation)", () => {
    // FAR 1.5 % x 6,500 = 97.50; Parifonds 0.7 % = 45.50; employer 5.5 % = 357.50, 0.5 % = 32.50
    const r = calc({
      period: "2026-03",
      industries: ["CH.Construction"],
      employee: { ThirteenthSalary: "monthly" },
      company: {
        FarEmployeeRate: "1.5",
        FarEmployerRate: "5.5",
        ParifondsEmployeeRate: "0.7",
        ParifondsEmployerRate: "0.5",
      },
    });
    // AHV base 6,500 + 541.67 = 7,041.67: FAR 105.625 -> 105.65; Parifonds 49.29 -> 49.30; 387.29 -> 387.30; 35.21 -> 35.20
    expect(amounts(r)).toMatchObject({ "5070": 10_565, "5075": 4_930, "8070": 38_730, "8075": 3_520 });
  });
});

describe("missing data and plausibility", () => {
  it("reports missing AHV number, birth date and salary as blocking", () => {
    const r = calc({ period: "2026-03", employee: { AhvNumber: [], BirthDate: [], MonthlySalary: [] } });
    expect(r.issues.filter((i) => i.blocking).map((i) => i.code)).toEqual(
      expect.arrayContaining([
        CALC_ISSUES.missingAhvNumber,
        CALC_ISSUES.missingBirthDate,
        CALC_ISSUES.missingMonthlySalary,
      ]),
    );
  });

  it("reports a negative net wage", () => {
    const r = calc({
      period: "2026-03",
      employee: {
        MonthlySalary: "100.00",
        BvgPlan: "fixedAmounts",
        BvgEmployeeContribution: "300.00",
        BvgEmployerContribution: "300.00",
      },
    });
    expect(amountOf(r, "6500")).toBeLessThan(0);
    expect(codes(r)).toContain(CALC_ISSUES.negativeNetWage);
  });

  it("is not employed before the entry date", () => {
    const r = calc({ period: "2026-02", employee: { EntryDate: "2026-03-01" } });
    expect(r).toMatchObject({ employed: false, lines: [], issues: [] });
  });

  it("reads case values as known at a moment", () => {
    const r = calc({ period: "2026-03", knownAt: new Date("2020-01-01T00:00:00Z") });
    expect(r.employed).toBe(false);
  });
});
