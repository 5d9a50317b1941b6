import { describe, expect, it } from "vitest";
import { convert } from "xmlbuilder2";
import { declarationCategories, readDeclarationSummary, renderElmDeclaration } from "@/server/elm/declaration";
import { ElmDeclarationIncomplete, buildElmDeclarationModel } from "@/server/elm/model";
import { formatRappen } from "@/server/money/rappen";
import {
  anna,
  annaResults,
  companyValues,
  declarationInput,
  employee,
  lucaResults,
  validateDeclareSalary,
} from "../fixtures/elm/scenario";
import { amountOf, calcYear } from "./calc-fixture";

type Obj = Record<string, any>;
function parsed(xml: string) {
  const doc = convert(xml, { format: "object" }) as Obj;
  const declaration = doc["sdst:DeclareSalary"]["sdc:SalaryDeclaration"];
  const company = declaration["sd:Company"];
  const persons: Obj[] = [company["sd:Staff"]["sd:Person"]].flat();
  const person = (employeeNumber: string) =>
    persons.find((p) => p["sd:Particulars"]["c:EmployeeNumber"] === employeeNumber)!;
  return { doc, declaration, company, persons, person };
}

describe("ELM 5.0 salary declaration of a closed period", () => {
  const model = buildElmDeclarationModel(declarationInput());
  const xml = renderElmDeclaration(model);
  const march = { anna: annaResults[2]!, luca: lucaResults[2]! };

  it("validates against the ELM 5.0 schema (DeclareSalary)", async () => {
    const result = await validateDeclareSalary(xml);
    expect(result.messages).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("declares the domains the data supports", () => {
    expect(declarationCategories(model)).toEqual(["AHV-AVS", "FAK-CAF", "UVG-LAA", "BVG-LPP", "TaxAtSource"]);
    expect(readDeclarationSummary(xml).categories).toEqual(["AHV-AVS", "FAK-CAF", "UVG-LAA", "BVG-LPP", "TaxAtSource"]);
  });

  it("writes the salaries as calculated, by content", () => {
    const { person, company } = parsed(xml);
    const a = person("1001");
    expect(a["sd:Particulars"]["c:Social-InsuranceIdentification"]["c:SV-AS-Number"]).toBe("756.9217.0769.85");
    const ahv = a["sd:AHV-AVS-Salaries"]["sd:AHV-AVS-Salary"];
    expect(ahv["sd:AHV-AVS-Income"]).toBe(formatRappen(march.anna.collectors.AhvWage!));
    expect(ahv["sd:AHV-AVS-Income"]).toBe("6500.00");
    expect(ahv["sd:ALV-AC-Income"]).toBe("6500.00");
    expect(ahv["sd:AHV-AVS-Open"]).toBeUndefined();
    expect(ahv["sd:AccountingTime"]).toEqual({ "c:from": "2026-03-01", "c:until": "2026-03-31" });
    expect(a["sd:UVG-LAA-Salaries"]["sd:UVG-LAA-Salary"]["sd:UVG-LAA-Code"]).toBe("A1");
    expect(a["sd:BVG-LPP-Salaries"]["sd:BVG-LPP-PeriodSalary"]["sd:BVG-LPP-PeriodBasis"]).toBe("6500.00");
    expect(a["sd:TaxAtSourceSalaries"]).toBeUndefined();

    const l = person("1002");
    const lucaAhv = l["sd:AHV-AVS-Salaries"]["sd:AHV-AVS-Salary"];
    expect(lucaAhv["sd:AHV-AVS-Income"]).toBe(formatRappen(march.luca.collectors.AhvWage!));
    expect(lucaAhv["sd:AccountingTime"]).toEqual({ "c:from": "2026-03-16", "c:until": "2026-03-31" });
    expect(lucaAhv["sd:DeclarationCategory"]["sd:Entry"]["sd:ValidAsOf"]).toBe("2026-03-16");
    expect(l["sd:Particulars"]["c:ResidenceCategory"]).toBe("annual-B");
    expect(l["sd:Work"]["c:WorkingTime"]["c:Steady"]).toEqual({ "c:WeeklyHours": "33.60", "c:ActivityRate": "80.00" });
    const qst = l["sd:TaxAtSourceSalaries"]["sd:TaxAtSourceSalary"];
    expect(qst["@institutionIDRef"]).toBe("#QST-ZH");
    expect(qst["sd:CurrentMonth"]).toBe("2026-03");
    expect(qst["sd:Current"]["sd:TaxAtSourceCategory"]["c:TaxAtSourceCode"]).toBe("A0N");
    expect(qst["sd:Current"]["sd:TaxableEarning"]).toBe(formatRappen(march.luca.collectors.QstWage!));
    expect(qst["sd:Current"]["sd:TaxAtSource"]).toBe(formatRappen(amountOf(march.luca, "5060")));
    expect(amountOf(march.luca, "5060")).toBeGreaterThan(0);
    const fak = l["sd:FAK-CAF-Salaries"]["sd:FAK-CAF-Salary"];
    expect(fak["sd:FAK-CAF-FamilyIncomeSupplement"]["sd:FAK-CAF-FamilyIncomeSupplementPerPerson"]).toBe(
      formatRappen(amountOf(march.luca, "3000")),
    );

    const institutions = company["sd:Institutions"];
    expect(institutions["sd:AHV-AVS"]["sd:AK-CC-BranchNumber"]).toBe("001.001");
    expect(company["sd:CompanyDescription"]["c:UID-BFS"]["c:UID"]).toBe("CHE-999.999.996");
  });

  it("totals the persons' salaries", () => {
    const { totals, salaryTags } = readDeclarationSummary(xml);
    const ahvIncome = march.anna.collectors.AhvWage! + march.luca.collectors.AhvWage!;
    expect(totals["AHV-AVS"]).toContainEqual({
      institution: "#AHV",
      name: "Total-AHV-AVS-Incomes",
      value: formatRappen(ahvIncome),
    });
    expect(totals.TaxAtSource).toContainEqual({
      institution: "#QST-ZH",
      name: "TotalMonth/TotalTaxAtSource",
      value: formatRappen(amountOf(march.luca, "5060")),
    });
    expect(totals["UVG-LAA"]).toContainEqual({ institution: "#UVG", name: "NumberOfFemalePersons", value: "1" });
    expect(salaryTags).toEqual({ "AHV-AVS": 2, "FAK-CAF": 2, "UVG-LAA": 2, "BVG-LPP": 2, TaxAtSource: 1 });
  });

  it("records every test-company default it used and carries the calculation's notes", () => {
    const elements = model.defaults.map((d) => d.element);
    expect(elements).toEqual(
      expect.arrayContaining([
        "TaxAtSource/WorkMunicipalityID",
        "UVG-LAA/InsuranceID",
        "BVG-LPP/CustomerIdentity",
        "Work/WorkingTime/Steady/WeeklyHours",
      ]),
    );
    expect(model.defaults.find((d) => d.element === "Work/WorkingTime/Steady/WeeklyHours")?.employeeId).toBe("e-luca");
    // ZH family allowance amounts are not shipped: the calculation's note travels with the declaration.
    expect(
      model.notes.some((n) => n.employeeId === "e-luca" && n.code === "calc.family_allowance_canton_not_shipped"),
    ).toBe(true);
  });

  it("fails validation for an invalid AHV number", async () => {
    const broken = structuredClone(model);
    broken.persons[0]!.ahvNumber = "756.1234.5678";
    const result = await validateDeclareSalary(renderElmDeclaration(broken));
    expect(result.valid).toBe(false);
    expect(result.messages.join("\n")).toMatch(/SV-AS-Number/);
  });

  it("fails validation for a broken amount", async () => {
    const broken = xml.replace(
      "<sd:AHV-AVS-Income>6500.00</sd:AHV-AVS-Income>",
      "<sd:AHV-AVS-Income>6500.0</sd:AHV-AVS-Income>",
    );
    expect(broken).not.toBe(xml);
    const result = await validateDeclareSalary(broken);
    expect(result.valid).toBe(false);
    expect(result.messages.join("\n")).toMatch(/AHV-AVS-Income/);
  });

  it("declares a pensioner, a minor, a cross-border commuter and an hourly leaver validly", async () => {
    const base = {
      PostalCode: "8004",
      City: "Zürich",
      Country: "CH",
      ResidenceCanton: "ZH",
      EntryDate: "2020-01-01",
      ActivityRate: "100",
      WorkplaceCanton: "ZH",
      SalaryType: "monthly",
      WeeklyHours: "42",
    };
    const specs: Record<string, Record<string, string | [string, string][]>> = {
      pensioner: {
        ...base,
        BirthDate: "1958-05-10",
        Sex: "male",
        AhvNumber: "756.6417.0995.23",
        MonthlySalary: "3000.00",
      },
      minor: {
        ...base,
        BirthDate: "2010-02-01",
        Sex: "female",
        AhvNumber: "756.1234.5678.97",
        MonthlySalary: "1200.00",
        WeeklyHours: "6",
      },
      commuter: {
        ...base,
        BirthDate: "1980-01-01",
        Sex: "male",
        Nationality: "DE",
        PostalCode: "79539",
        City: "Lörrach",
        Country: "DE",
        ResidenceCanton: "",
        MonthlySalary: "7000.00",
        WorkPermit: "G",
        TaxAtSourceTariff: "L0N",
        TaxAtSourceCanton: "ZH",
        TaxAtSourceMunicipality: "261",
      },
      leaver: {
        ...base,
        BirthDate: "1995-09-09",
        Sex: "female",
        SalaryType: "hourly",
        HourlyWage: "30.00",
        ExitDate: "2026-03-20",
        Hours: [["60", "2026-03-10"]],
      },
    };
    const employees = Object.entries(specs).map(([name, spec], i) => {
      const results = calcYear(2026, () => spec, { company: companyValues, months: [1, 2, 3] });
      const caseValues = Object.fromEntries(
        Object.entries(spec).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
      );
      return employee(`e-${name}`, `20${i}`, name, "Test", caseValues, results);
    });
    const edgeModel = buildElmDeclarationModel(declarationInput({ employees }));
    const edgeXml = renderElmDeclaration(edgeModel);
    const result = await validateDeclareSalary(edgeXml);
    expect(result.messages).toEqual([]);
    expect(result.valid).toBe(true);

    const byId = (id: string) => edgeModel.persons.find((p) => p.employeeId === id)!;
    // Past the reference age: the pensioner allowance is AHV wage that is not contribution-liable; no ALV.
    expect(byId("e-pensioner").ahv).toEqual({ income: 160_000, open: 140_000, alvIncome: 0, alvOpen: 300_000 });
    // Contributions start on 1 January after the 17th birthday; under 8 hours a week: BU only.
    expect(byId("e-minor").ahv).toEqual({ income: 0, open: 120_000, alvIncome: 0, alvOpen: 120_000 });
    expect(byId("e-minor").uvg?.code).toBe("A3");
    const commuter = byId("e-commuter");
    expect(commuter.residenceCanton).toBe("EX");
    expect(commuter.residenceCategory).toBe("crossBorder-G");
    expect(commuter.taxAtSource?.residence).toEqual({ abroadCountry: "DE", kind: "Daily" });
    const leaver = byId("e-leaver");
    expect(leaver.ahvNumber).toBeNull();
    expect(leaver.work.steady).toBeNull();
    expect(leaver.accountingTime).toEqual({ from: "2026-03-01", until: "2026-03-20" });
    const { person } = parsed(edgeXml);
    expect(person("203")["sd:Particulars"]["c:Social-InsuranceIdentification"]).toEqual({ "c:unknown": {} });
    expect(person("203")["sd:AHV-AVS-Salaries"]["sd:AHV-AVS-Salary"]["sd:DeclarationCategory"]).toEqual({
      "sd:Withdrawal": { "sd:ValidAsOf": "2026-03-20" },
    });
  });

  it("declares the income that set the withholding-tax rate as QST-SB-Lohn (AscertainedTaxableEarning)", async () => {
    // The XSD names AscertainedTaxableEarning "QST-SB-Lohn" (satzbestimmender Lohn). Kanton Bern's example
    // (tests/unit/qst-rate-income.test.ts): exit on the 16th, periodic 3,500.00 scaled to 30 days = 6,562.50,
    // plus 6,000.00 paid once: the rate is set by 12,562.50, the liable income is 9,500.00.
    const leaver = {
      ...anna,
      MonthlySalary: "6562.50",
      ExitDate: "2026-03-16",
      TaxAtSourceTariff: "A0N",
      TaxAtSourceCanton: "ZH",
      TaxAtSourceMunicipality: "261",
      WorkPermit: "B",
    };
    const results = calcYear(
      2026,
      () => ({ ...leaver, BonusAmount: [["6000.00", "2026-03-16"]] as [string, string][] }),
      { company: companyValues, months: [1, 2, 3] },
    );
    const leaverModel = buildElmDeclarationModel(
      declarationInput({ employees: [employee("e-leaver", "1009", "Lea", "Weg", leaver, results)] }),
    );
    const tax = leaverModel.persons[0]!.taxAtSource!;
    expect(tax.taxableEarning).toBe(950_000);
    expect(tax.ascertainedTaxableEarning).toBe(1_256_250);
    const leaverXml = renderElmDeclaration(leaverModel);
    expect(leaverXml).toContain("<sd:AscertainedTaxableEarning>12562.50</sd:AscertainedTaxableEarning>");
    expect((await validateDeclareSalary(leaverXml)).valid).toBe(true);
    // Luca enters on 16 March: salary 2,666.67 and child allowance 114.67 for 16 days (2,781.34) scaled to 30 days.
    const luca = model.persons.find((p) => p.employeeId === "e-luca")!.taxAtSource!;
    expect(luca.taxableEarning).toBe(278_134);
    expect(luca.ascertainedTaxableEarning).toBe(521_501);
  });

  it("refuses a declaration without the data it needs, naming every gap", () => {
    const without = (values: Record<string, string>, field: string) =>
      Object.fromEntries(Object.entries(values).filter(([key]) => key !== field));
    const withoutCustomer = without(companyValues, "UvgCustomerNumber");
    const withoutSex = without(anna, "Sex");
    const attempt = () =>
      buildElmDeclarationModel(
        declarationInput({
          company: withoutCustomer,
          employees: [employee("e-anna", "1001", "Anna", "Muster", withoutSex, annaResults)],
        }),
      );
    expect(attempt).toThrow(ElmDeclarationIncomplete);
    try {
      attempt();
    } catch (error) {
      const problems = (error as ElmDeclarationIncomplete).problems;
      expect(problems).toContainEqual(expect.objectContaining({ employeeId: null, field: "UvgCustomerNumber" }));
      expect(problems).toContainEqual(expect.objectContaining({ employeeId: "e-anna", field: "Sex" }));
    }
  });

  it("refuses a year to date that does not lead to the period's collectors", () => {
    const wrong = { ...employee("e-anna", "1001", "Anna", "Muster", anna, annaResults), yearToDateBefore: {} };
    expect(() => buildElmDeclarationModel(declarationInput({ employees: [wrong] }))).toThrow(/yearToDateBefore/);
  });
});
