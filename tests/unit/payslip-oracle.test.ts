import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type PeriodResult, emptyYearToDate } from "@/server/calc";
import { formatRappen } from "@/server/money/rappen";
import { calc } from "./calc-fixture";

/**
 * A year of monthly payslips against an independent calculation written from ../shared/domain/swiss-payroll.md
 * (issue 40: the oracle covers the 14th salary, the company car, board and lodging and the minor-salary exemption). Whole months in ZH, ages 26 to 63,
 * no 13th salary, no children, no withholding tax; the fixture's company: NBU 1 % borne by the employee, FAK 1.2 %.
 * Rappen in bigint; every deduction rounded to 0.05 CHF half up, the net wage too.
 */
const round5 = (numerator: bigint, denominator: bigint) =>
  ((numerator * 2n + denominator * 5n) / (denominator * 10n)) * 5n;
const roundRappen = (numerator: bigint, denominator: bigint) => (numerator * 2n + denominator) / (denominator * 2n);
const min = (a: bigint, b: bigint) => (a < b ? a : b);
const max = (a: bigint, b: bigint) => (a > b ? a : b);

type Person = {
  birthYear: number;
  weeklyHours: number;
  salary: number;
  carPrice: number | null;
  board: number | null;
  requested: boolean;
  fourteenth: "none" | "monthly" | "december";
  bonuses: (number | null)[];
};

/** AHV/IV/EO 5.3 %, ALV 1.1 % to 148,200 a year, NBU to 148,200, BVG legal minimum, FAK 1.2 % (each side as noted). */
function oracleYear(p: Person) {
  const slips: Record<string, string>[] = [];
  let ahvWageSoFar = 0n;
  let ahvBaseSoFar = 0n;
  let alvBaseSoFar = 0n;
  let uvgWageSoFar = 0n;
  let uvgBaseSoFar = 0n;
  for (let month = 1; month <= 12; month++) {
    const salary = BigInt(p.salary);
    const bonus = BigInt(p.bonuses[month - 1] ?? 0);
    // Salary certificate guide, field 2.2: 0.9 % of the purchase price per month, at least 150.00.
    const car = p.carPrice === null ? 0n : max(roundRappen(BigInt(p.carPrice) * 9n, 1000n), 15_000n);
    // A 14th salary as the 13th: 1/12 of the month's salary, or of the year's in December.
    const fourteenth =
      p.fourteenth === "monthly" ? roundRappen(salary, 12n) : p.fourteenth === "december" && month === 12 ? salary : 0n;
    const board = BigInt(p.board ?? 0);
    const gross = salary + bonus + car + board + fourteenth;
    // AHVV Art. 34d: at most 2,500.00 a year per employer is exempt unless the person asks; the salary still agreed
    // for the rest of the year counts.
    const yearWage = ahvWageSoFar + gross;
    const exempt = !p.requested && yearWage <= 250_000n && yearWage + salary * BigInt(12 - month) <= 250_000n;
    const ahvBase = exempt ? 0n : yearWage - ahvBaseSoFar;
    ahvWageSoFar = yearWage;
    ahvBaseSoFar += ahvBase;
    const days = BigInt(30 * month);
    const alvBase = min(ahvBaseSoFar, (14_820_000n * days) / 360n) - alvBaseSoFar;
    alvBaseSoFar += alvBase;
    uvgWageSoFar += gross;
    const uvgBase = min(uvgWageSoFar, (14_820_000n * days) / 360n) - uvgBaseSoFar;
    uvgBaseSoFar += uvgBase;
    const ahv = round5(ahvBase * 53n, 1000n);
    const alv = round5(alvBase * 11n, 1000n);
    const nbu = p.weeklyHours >= 8 ? round5(uvgBase, 100n) : 0n;
    // BVG: (salary + car) x 12, entry threshold 22,680, coordinated min(annual, 90,720) - 26,460, at least 3,780;
    // age credit by calendar year minus birth year, half each side, / 12.
    const annual = (salary + car + board) * (p.fourteenth === "none" ? 12n : 13n);
    const age = 2026 - p.birthYear;
    const credit = age >= 55 ? 18n : age >= 45 ? 15n : age >= 35 ? 10n : 7n;
    const coordinated = max(min(annual, 9_072_000n) - 2_646_000n, 378_000n);
    const bvg = annual < 2_268_000n ? 0n : round5(coordinated * credit, 2400n);
    const net = round5(gross - ahv - alv - nbu - bvg, 1n);
    slips.push({
      "1210": formatRappen(Number(fourteenth)),
      "1500": formatRappen(Number(car)),
      "1510": formatRappen(Number(board)),
      "5010": formatRappen(Number(ahv)),
      "5020": formatRappen(Number(alv)),
      "5040": formatRappen(Number(nbu)),
      "5050": formatRappen(Number(bvg)),
      "6500": formatRappen(Number(net)),
      "8030": formatRappen(Number(round5(ahvBase * 12n, 1000n))),
      payable: formatRappen(Number(net - car - board)),
    });
  }
  return slips;
}

function serviceYear(p: Person) {
  let yearToDate = emptyYearToDate();
  const slips: Record<string, string>[] = [];
  for (let month = 1; month <= 12; month++) {
    const period = `2026-${String(month).padStart(2, "0")}`;
    const bonus = p.bonuses[month - 1];
    const r: PeriodResult = calc({
      period,
      employee: {
        BirthDate: `${p.birthYear}-06-15`,
        WeeklyHours: String(p.weeklyHours),
        MonthlySalary: formatRappen(p.salary),
        ...(p.carPrice === null ? {} : { CompanyCarPrice: formatRappen(p.carPrice) }),
        ...(p.board === null ? {} : { BoardAndLodgingValue: formatRappen(p.board) }),
        ...(p.requested ? { AhvMinorSalaryContributions: "true" } : {}),
        FourteenthSalary: p.fourteenth,
        ...(bonus ? { BonusAmount: [[formatRappen(bonus), `${period}-20`]] as [string, string][] } : {}),
      },
      yearToDate,
    });
    yearToDate = r.yearToDate;
    const amount = (n: string) => formatRappen(r.lines.filter((l) => l.number === n).reduce((s, l) => s + l.amount, 0));
    slips.push({
      "1210": amount("1210"),
      "1500": amount("1500"),
      "1510": amount("1510"),
      "5010": amount("5010"),
      "5020": amount("5020"),
      "5040": amount("5040"),
      "5050": amount("5050"),
      "6500": amount("6500"),
      "8030": amount("8030"),
      payable: formatRappen(r.collectors.PayableAmount!),
    });
  }
  return slips;
}

const person: fc.Arbitrary<Person> = fc.record({
  birthYear: fc.integer({ min: 1963, max: 2000 }),
  weeklyHours: fc.constantFrom(4, 42),
  // Minor salaries (up to 400.00 a month) as often as ordinary ones, up to 12,000.00, and salaries at the
  // limit: 208.33 x 12 = 2,499.96 is exempt, 208.34 x 12 = 2,500.08 is not.
  salary: fc.oneof(
    fc.integer({ min: 0, max: 40_000 }),
    fc.integer({ min: 40_001, max: 1_200_000 }),
    fc.constantFrom(20_000, 20_800, 20_833, 20_834),
  ),
  carPrice: fc.option(fc.integer({ min: 500_000, max: 12_000_000 }), { nil: null }),
  board: fc.option(fc.integer({ min: 1, max: 120_000 }), { nil: null }),
  requested: fc.boolean(),
  fourteenth: fc.constantFrom("none", "monthly", "december"),
  bonuses: fc.array(fc.option(fc.integer({ min: 1, max: 300_000 }), { nil: null, freq: 4 }), {
    minLength: 12,
    maxLength: 12,
  }),
});

describe("monthly payslips against an independent calculation", () => {
  it("agree to the Rappen over a year: salary, bonuses, 14th salary, company car, board and lodging, minor-salary exemption", () => {
    fc.assert(
      fc.property(person, (p) => {
        expect(serviceYear(p)).toEqual(oracleYear(p));
      }),
      { numRuns: 150 },
    );
  });
});
