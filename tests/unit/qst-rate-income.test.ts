import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { formatRappen } from "@/server/money/rappen";
import { calc } from "./calc-fixture";

/**
 * The monthly model's rate-determining income (issue 39 item 2). Sources:
 * - Kanton Bern, "Ermittlung des satzbestimmenden Einkommens" (https://www.taxinfo.sv.fin.be.ch/taxinfo/6ecc3944-0c08-4787-a03c-4b5fd9934f7c),
 *   after ESTV circular 45: on entry or exit during the month the periodic income is scaled to 30 calendar days,
 *   aperiodic payments are added unconverted. Its example: exit on the 16th, periodic 3,500.00 -> 6,562.50 (3,500 / 16
 *   x 30), holiday compensation 1,000.00 and severance 5,000.00 unconverted: rate-determining 12,562.50, taxable 9,500.00.
 * - The same page and ESTV circular 45 section 7.3.2: with other employments the periodic income is converted to
 *   the total activity rate of all of them when the person discloses it, to 100 % when not, and the employments'
 *   actual total income is used when it is known. Part-time work for one employer alone is not converted.
 *   SwissSalary's manual (docs.swisssalary.ch, "QST Satzbestimmung", a vendor's) works 80 % with the other
 *   employer unknown (/ 80 x 100), 10 % (/ 80 x 90) and 30 % (/ 80 x 110).
 * The rate for the rate-determining income is read here from the ZH 2026 file itself (record layout of
 * ../shared/domain/swiss-payroll.md), not by the service's parser.
 */
const zh = gunzipSync(readFileSync(path.join(__dirname, "../fixtures/qst/tar26zh.txt.gz"))).toString("latin1");
function rateOf(code: string, incomeRappen: number): number {
  const lines = zh.split("\r\n").filter((l) => l.startsWith("06") && l.slice(6, 16).trim() === code);
  const line = lines.find((l) => {
    const from = Number(l.slice(24, 33));
    return incomeRappen >= from && incomeRappen < from + Number(l.slice(33, 42));
  });
  return Number(line!.slice(54, 59));
}
/** income x rate (hundredths of a percent), rounded to 0.05 CHF half up. */
const tax = (incomeRappen: number, rate: number) => Math.floor((incomeRappen * rate + 25_000) / 50_000) * 5;

const taxedAtSource = { TaxAtSourceTariff: "A0N", TaxAtSourceCanton: "ZH", WorkPermit: "B" };
const qstLine = (result: ReturnType<typeof calc>) => result.lines.find((l) => l.number === "5060")!;

describe("the rate-determining income of the monthly model", () => {
  it("scales the periodic income of an exit month to 30 days and adds one-off payments as paid (Bern's example)", () => {
    // 6,562.50 a month for 16 days is 3,500.00; the example's holiday compensation and severance (wage kinds of
    // issue 40, not built yet) are paid here as a bonus of 6,000.00, aperiodic like them.
    const result = calc({
      period: "2026-03",
      employee: {
        ...taxedAtSource,
        MonthlySalary: "6562.50",
        ExitDate: "2026-03-16",
        BonusAmount: [["6000.00", "2026-03-16"]],
      },
    });
    const line = qstLine(result);
    expect(line.base).toBe(950_000);
    expect(line.explanation.params).toMatchObject({
      rateIncome: "12562.50",
      periodic: "3500.00",
      aperiodic: "6000.00",
      days: "16",
    });
    const rate = rateOf("A0N", 1_256_250);
    expect(formatRappen(line.amount)).toBe(formatRappen(tax(950_000, rate)));
    // Not the rate of the month's actual 9,500.00.
    expect(rate).not.toBe(rateOf("A0N", 950_000));
  });

  it("scales an entry month the same way", () => {
    // Entry on the 21st of March: 11 days; 6,000.00 a month prorated to 2,200.00, rate set by 6,000.00.
    const line = qstLine(
      calc({ period: "2026-03", employee: { ...taxedAtSource, MonthlySalary: "6000.00", EntryDate: "2026-03-21" } }),
    );
    expect(line.base).toBe(220_000);
    expect(line.explanation.params).toMatchObject({ rateIncome: "6000.00", days: "11" });
    expect(line.amount).toBe(tax(220_000, rateOf("A0N", 600_000)));
  });

  it.each([
    ["one employer only: not converted", {}, 400_000],
    ["other employments, their activity rate unknown: to 100 %", { OtherEmployment: "true" }, 500_000],
    ["others at 10 %: to 90 %", { OtherEmployment: "true", OtherEmploymentActivityRate: "10" }, 450_000],
    ["others at 30 %: to 110 %", { OtherEmployment: "true", OtherEmploymentActivityRate: "30" }, 550_000],
    ["others' income known: added", { OtherEmployment: "true", OtherEmploymentIncome: "1234.55" }, 523_455],
  ])("part time at 80 %%, 4,000.00 a month, %s", (_, other, rateIncome) => {
    const line = qstLine(
      calc({
        period: "2026-03",
        employee: { ...taxedAtSource, ActivityRate: "80", MonthlySalary: "4000.00", ...other },
      }),
    );
    expect(line.base).toBe(400_000);
    expect(line.amount).toBe(tax(400_000, rateOf("A0N", rateIncome)));
    if (rateIncome !== 400_000)
      expect(line.explanation.params?.rateIncome).toBe(formatRappen(rateIncome).replace(/'/g, ""));
  });
});

describe("the rate-determining income of hourly pay (monthly model)", () => {
  // ESTV circular 45 (twin-treuhand's summary; gastrosocial's help center): for hourly wage earners the agreed
  // hourly wage, with its holiday compensation, converted to 180 hours a month sets the rate, whatever hours
  // were worked; other pay is added as paid.
  const hourly = { ...taxedAtSource, SalaryType: "hourly", MonthlySalary: "" };

  it("converts 60 hours at 30.00 with 4 weeks' holiday compensation to 180 hours", () => {
    const result = calc({
      period: "2026-03",
      employee: { ...hourly, HourlyWage: "30.00", HolidayWeeks: "4", Hours: [["60", "2026-03-10"]] },
    });
    const line = qstLine(result);
    // Paid: 60 x 30.00 = 1,800.00 plus 4/48 = 150.00. Rate: 30.00 x 52/48 = 32.50 an hour x 180 = 5,850.00.
    expect(line.base).toBe(195_000);
    expect(line.explanation.params).toMatchObject({
      hourly: "yes",
      hourlyRate: "32.50",
      rateHours: "180",
      rateIncome: "5850.00",
    });
    expect(line.amount).toBe(tax(195_000, rateOf("A0N", 585_000)));
    expect(rateOf("A0N", 585_000)).not.toBe(rateOf("A0N", 195_000));
  });

  it("does not scale an exit month, rounds the converted income once, and adds a bonus as paid", () => {
    const result = calc({
      period: "2026-03",
      employee: {
        ...hourly,
        HourlyWage: "25.00",
        HolidayWeeks: "5",
        ExitDate: "2026-03-15",
        Hours: [["40", "2026-03-10"]],
        BonusAmount: [["500.00", "2026-03-15"]],
      },
    });
    const line = qstLine(result);
    // Paid: 1,000.00 + 5/47 = 106.38, bonus 500.00: 1,606.38. Rate: 25.00 x 52/47 x 180 = 4,978.7234 -> 4,978.72
    // (the hourly rate shown: 27.66), plus the bonus 500.00 = 5,478.72.
    expect(line.base).toBe(160_638);
    expect(line.explanation.params).toMatchObject({
      hourly: "yes",
      hourlyRate: "27.66",
      rateIncome: "5478.72",
      aperiodic: "500.00",
      oneOff: "yes",
    });
    expect(line.amount).toBe(tax(160_638, rateOf("A0N", 547_872)));
  });
});
