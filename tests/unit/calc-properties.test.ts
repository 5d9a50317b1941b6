import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type PeriodResult, emptyYearToDate } from "@/server/calc";
import { formatRappen } from "@/server/money/rappen";
import { amountOf, calc, lineOf } from "./calc-fixture";

/** Property tests (fast-check) over the pure calculation. Amounts in Rappen. */

const chfText = (rappen: number) => formatRappen(rappen);
const sumOf = (r: PeriodResult, kind: (n: string) => boolean) =>
  r.lines.filter((l) => kind(l.number)).reduce((s, l) => s + l.amount, 0);
const isAllowance = (n: string) => n === "3000" || n === "3010";
const isExpense = (n: string) => n === "6000" || n === "6100";

const person = fc.record({
  birthYear: fc.integer({ min: 1955, max: 2010 }),
  sex: fc.constantFrom("male", "female"),
  salary: fc.integer({ min: 0, max: 3_000_000 }),
  bonus: fc.option(fc.integer({ min: 1, max: 5_000_000 }), { nil: null }),
  expenses: fc.option(fc.integer({ min: 1, max: 200_000 }), { nil: null }),
  children: fc.integer({ min: 0, max: 3 }),
  qst: fc.option(fc.constantFrom("A0N", "B2N", "C0N", "H1N"), { nil: null }),
  thirteenth: fc.constantFrom("none", "monthly", "december"),
  entryDay: fc.integer({ min: 1, max: 28 }),
  entryThisMonth: fc.boolean(),
});

type Person = typeof person extends fc.Arbitrary<infer T> ? T : never;

function employeeOf(p: Person, period: string) {
  return {
    BirthDate: `${p.birthYear}-06-15`,
    Sex: p.sex,
    MonthlySalary: chfText(p.salary),
    ThirteenthSalary: p.thirteenth,
    EntryDate: p.entryThisMonth ? `${period}-${String(p.entryDay).padStart(2, "0")}` : "2020-01-01",
    ...(p.children ? { ChildAllowances: String(p.children), WorkplaceCanton: "BE" } : {}),
    ...(p.bonus ? { BonusAmount: [[chfText(p.bonus), `${period}-20`]] as [string, string][] } : {}),
    ...(p.expenses ? { ExpenseAmount: [[chfText(p.expenses), `${period}-21`]] as [string, string][] } : {}),
    ...(p.qst ? { TaxAtSourceTariff: p.qst, TaxAtSourceCanton: "ZH" } : {}),
  };
}

describe("properties of one period", () => {
  it("net wage = gross - deductions (rounded to 0.05); payable = net wage + allowances + expenses", () => {
    fc.assert(
      fc.property(person, fc.integer({ min: 1, max: 12 }), (p, m) => {
        const period = `2026-${String(m).padStart(2, "0")}`;
        const r = calc({ period, employee: employeeOf(p, period) });
        const gross = r.collectors.GrossWage!;
        const deductions = r.collectors.EmployeeDeductions!;
        const net = amountOf(r, "6500");
        expect(Math.abs(net) % 5).toBe(0);
        expect(Math.abs(net - (gross - deductions))).toBeLessThanOrEqual(2);
        expect(r.collectors.NetWage).toBe(net);
        expect(r.collectors.PayableAmount).toBe(net + sumOf(r, isAllowance) + sumOf(r, isExpense));
        // Every contribution and deduction line is on 0.05 CHF.
        for (const line of r.lines) if (/^[58]/.test(line.number)) expect(Math.abs(line.amount) % 5).toBe(0);
        // Gross is the sum of the earning lines.
        expect(gross).toBe(sumOf(r, (n) => n < "3000"));
      }),
      { numRuns: 300 },
    );
  });
});

describe("properties of a year", () => {
  const ALV_CEILING_YEAR = 14_820_000;
  const UVG_MAX_YEAR = 14_820_000;
  const BVG_MAX_COORDINATED = 6_426_000;

  it("no ceiling is ever exceeded over a year (12 months, random salaries and bonuses, yearToDate fed on)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            salary: fc.integer({ min: 0, max: 4_000_000 }),
            bonus: fc.option(fc.integer({ min: 1, max: 10_000_000 }), { nil: null }),
          }),
          { minLength: 12, maxLength: 12 },
        ),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.option(fc.integer({ min: 1_000_000, max: 20_000_000 }), { nil: null }),
        (months, entryMonth, entryDay, ktgMax) => {
          let ytd = emptyYearToDate();
          let alvBase = 0;
          let uvgBase = 0;
          let ktgBase = 0;
          const entry = `2026-${String(entryMonth).padStart(2, "0")}-${String(entryDay).padStart(2, "0")}`;
          months.forEach(({ salary, bonus }, index) => {
            const period = `2026-${String(index + 1).padStart(2, "0")}`;
            const r = calc({
              period,
              employee: {
                EntryDate: entry,
                MonthlySalary: chfText(salary),
                ...(bonus ? { BonusAmount: [[chfText(bonus), `${period}-20`]] as [string, string][] } : {}),
              },
              company: {
                KtgRateMen: "0.966",
                KtgRateWomen: "1.309",
                ...(ktgMax ? { KtgMaxSalary: chfText(ktgMax) } : {}),
              },
              yearToDate: ytd,
            });
            ytd = r.yearToDate;
            // Lines of 0.00 are left out, so the bases are read from the year to date; a line shows its month's base.
            expect(lineOf(r, "5020")?.base ?? r.yearToDate.alvBase - alvBase).toBe(r.yearToDate.alvBase - alvBase);
            alvBase = r.yearToDate.alvBase;
            uvgBase = r.yearToDate.uvgBase;
            ktgBase = r.yearToDate.ktgBase;
            // Ceilings counted year to date, prorated by the social-insurance days employed (x / 360).
            expect(alvBase).toBeLessThanOrEqual(Math.round((ALV_CEILING_YEAR * ytd.alvDays) / 360));
            expect(uvgBase).toBeLessThanOrEqual(Math.round((UVG_MAX_YEAR * ytd.days) / 360));
            if (ktgMax) expect(ktgBase).toBeLessThanOrEqual(Math.round((ktgMax * ytd.days) / 360));
            expect(lineOf(r, "5050")?.base ?? 0).toBeLessThanOrEqual(BVG_MAX_COORDINATED);
            // Contribution bases never exceed the liable wage so far.
            expect(ytd.alvBase).toBeLessThanOrEqual(ytd.alvLiableWage);
            expect(ytd.uvgBase).toBeLessThanOrEqual(ytd.uvgWage);
          });
          expect(alvBase).toBeLessThanOrEqual(ALV_CEILING_YEAR);
          expect(uvgBase).toBeLessThanOrEqual(UVG_MAX_YEAR);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("yearToDate sums the periods' collectors", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2_000_000 }), { minLength: 3, maxLength: 3 }), (salaries) => {
        let ytd = emptyYearToDate();
        let gross = 0;
        salaries.forEach((salary, index) => {
          const r = calc({
            period: `2026-0${index + 1}`,
            employee: { MonthlySalary: chfText(salary) },
            yearToDate: ytd,
          });
          ytd = r.yearToDate;
          gross += r.collectors.GrossWage!;
        });
        expect(ytd.gross).toBe(gross);
        expect(ytd.days).toBe(90);
      }),
      { numRuns: 50 },
    );
  });
});
