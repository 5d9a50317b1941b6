import { describe, expect, it } from "vitest";
import { findingSentence, findingTitle, nameOf, parameterValue, plainText } from "@/components/results/labels";
import { vocabularyOf } from "@/components/results/vocabulary";
import { regulationByName, versionInForce } from "@/server/regulations/catalog";
import { regulationNames } from "@/server/results/names";

const words = new Map([
  ["MonthlySalary", "Monthly salary"],
  ["NbuRate", "NBU premium rate"],
  ["FamilyAllowanceAmounts", "Family allowance amounts"],
]);

describe("the console's plain words for the calculation's texts (issue 9, item 20)", () => {
  it("leaves out references to internal names and shows dates and amounts the Swiss way", () => {
    expect(plainText("No monthly salary (Salary.MonthlySalary) from 2026-01-01 to 2026-01-31.", words)).toBe(
      "No monthly salary from 01.01.2026 to 31.01.2026.",
    );
    expect(plainText("The company's UVG rates (CompanyUvg.NbuRate, BuRate) are missing.", words)).toBe(
      "The company's UVG rates are missing.",
    );
    expect(plainText("MonthlySalary, the agreed salary. Employed 2026-01-15..2026-01-31: 17 of 30 days.", words)).toBe(
      "Monthly salary, the agreed salary. Employed 15.01.2026 to 31.01.2026: 17 of 30 days.",
    );
    expect(plainText("NBU: on 6500.00 CHF; NbuRate 1.2 %", words)).toBe("NBU: on 6'500.00 CHF; NBU premium rate 1.2 %");
    // Tariff codes and abbreviations are not internal names.
    expect(plainText("Withholding tax ZH A0N on 12345.60 CHF (AHV)", words)).toBe(
      "Withholding tax ZH A0N on 12'345.60 CHF (AHV)",
    );
  });

  it("names findings in sentences and titles, never by code", () => {
    expect(findingTitle("control.missing_cost_center")).toBe("No cost center");
    expect(findingTitle("calc.some_new_code")).toBe("Some new code");
    expect(
      findingSentence(
        {
          code: "calc.holiday_weeks_below_minimum",
          message: "HolidayWeeks 4 is below the legal minimum of 5 weeks up to age 20 (OR 329a).",
        },
        words,
      ),
    ).toBe("The holiday entitlement of 4 weeks is below the legal minimum of 5 weeks up to age 20 (OR 329a).");
    expect(
      findingSentence(
        { code: "calc.thirteenth_salary_mandatory", message: "… but Salary.ThirteenthSalary is none." },
        words,
      ),
    ).not.toMatch(/Salary\.|ThirteenthSalary/);
  });

  it("spells out parameters and lookups without display names, with their units", () => {
    expect(nameOf("AhvEmployeeRate", words)).toBe("AHV employee rate");
    expect(nameOf("FamilyAllowanceAmounts[ZH]", words)).toBe("Family allowance amounts (ZH)");
    expect(parameterValue("5.3", "percent")).toBe("5.3 %");
    expect(parameterValue("2520.00", "chfPerMonth")).toBe("CHF 2'520.00 per month");
    expect(parameterValue("24", "years")).toBe("24 years");
  });

  it("names parameters by the regulation's display names in the person's language, and spells out those stored without one", () => {
    const versions = ["CH", "CH.Hospitality"].map((name) => versionInForce(regulationByName(name)!, "2026-01-01")!);
    const names = regulationNames(versions);
    const say = (language: "de" | "fr" | "it" | "en", key: string) => nameOf(key, vocabularyOf(names, language).words);
    expect(say("de", "AhvEmployeeRate")).toBe("AHV/IV/EO-Beitragssatz Arbeitnehmende");
    expect(say("fr", "AhvEmployeeRate")).toBe("Taux de cotisation AVS/AI/APG employé");
    expect(say("it", "AhvEmployeeRate")).toBe("Aliquota di contributo AVS/AI/IPG dipendente");
    expect(say("en", "AhvEmployeeRate")).toBe("AHV/IV/EO contribution rate, employee");
    expect(say("de", "LgavEnforcementContributionMonth")).toBe("Vollzugskostenbeitrag L-GAV pro Monat");
    // A key that is also a field's name is named as the field (the Salary case's holiday weeks).
    expect(say("de", "HolidayWeeks")).toBe("Ferienwochen");
    // An explanation stored in English before issue 12 names the parameter too.
    expect(plainText("AhvEmployeeRate 5.3 %", vocabularyOf(names, "it").words)).toBe(
      "Aliquota di contributo AVS/AI/IPG dipendente 5.3 %",
    );
    // Versions stored before parameters had display names: the key spelled out, as before.
    const stored = versions.map((v) => ({
      ...v,
      parameters: v.parameters.map((p) => ({ ...p, displayName: undefined })),
    }));
    expect(nameOf("AhvEmployeeRate", vocabularyOf(regulationNames(stored), "de").words)).toBe("AHV employee rate");
    // ... unless another stored version of the regulation names it (a later import).
    expect(
      nameOf("AhvEmployeeRate", vocabularyOf(regulationNames(stored, regulationByName("CH")!.versions), "de").words),
    ).toBe("AHV/IV/EO-Beitragssatz Arbeitnehmende");
  });
});
