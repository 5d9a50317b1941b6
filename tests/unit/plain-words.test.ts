import { describe, expect, it } from "vitest";
import { findingSentence, findingTitle, nameOf, parameterValue, plainText } from "@/components/results/labels";

const words = new Map([
  ["MonthlySalary", "Monthly salary"],
  ["NbuRate", "NBU premium rate"],
  ["FamilyAllowanceAmounts", "Family allowance amounts"],
]);

describe("the console's plain words for the calculation's texts (issue 9, item 20)", () => {
  it("leaves out references to internal names and shows dates and amounts the Swiss way", () => {
    expect(plainText("No monthly salary (Salary.MonthlySalary) from 2026-01-01 to 2026-01-31.", words)).toBe("No monthly salary from 01.01.2026 to 31.01.2026.");
    expect(plainText("The company's UVG rates (CompanyUvg.NbuRate, BuRate) are missing.", words)).toBe("The company's UVG rates are missing.");
    expect(plainText("MonthlySalary, the agreed salary. Employed 2026-01-15..2026-01-31: 17 of 30 days.", words)).toBe("Monthly salary, the agreed salary. Employed 15.01.2026 to 31.01.2026: 17 of 30 days.");
    expect(plainText("NBU: on 6500.00 CHF; NbuRate 1.2 %", words)).toBe("NBU: on 6'500.00 CHF; NBU premium rate 1.2 %");
    // Tariff codes and abbreviations are not internal names.
    expect(plainText("Withholding tax ZH A0N on 12345.60 CHF (AHV)", words)).toBe("Withholding tax ZH A0N on 12'345.60 CHF (AHV)");
  });

  it("names findings in sentences and titles, never by code", () => {
    expect(findingTitle("control.missing_cost_center")).toBe("No cost center");
    expect(findingTitle("calc.some_new_code")).toBe("Some new code");
    expect(findingSentence({ code: "calc.holiday_weeks_below_minimum", message: "HolidayWeeks 4 is below the legal minimum of 5 weeks up to age 20 (OR 329a)." }, words)).toBe(
      "The holiday entitlement of 4 weeks is below the legal minimum of 5 weeks up to age 20 (OR 329a).",
    );
    expect(findingSentence({ code: "calc.thirteenth_salary_mandatory", message: "… but Salary.ThirteenthSalary is none." }, words)).not.toMatch(/Salary\.|ThirteenthSalary/);
  });

  it("spells out parameters and lookups without display names, with their units", () => {
    expect(nameOf("AhvEmployeeRate", words)).toBe("AHV employee rate");
    expect(nameOf("FamilyAllowanceAmounts[ZH]", words)).toBe("Family allowance amounts (ZH)");
    expect(parameterValue("5.3", "percent")).toBe("5.3 %");
    expect(parameterValue("2520.00", "chfPerMonth")).toBe("CHF 2'520.00 per month");
    expect(parameterValue("24", "years")).toBe("24 years");
  });
});
