import { describe, expect, it } from "vitest";
import { CASE_VALUE_TYPES, parseCaseValue } from "@/server/regulations/catalog/value-types";
import {
  ACCOUNT_KEYS,
  LANGUAGES,
  allRegulations,
  availableRegulations,
  defaultWageTypeAccounts,
  regulationByName,
  versionInForce,
} from "@/server/regulations/catalog";
import type { Regulation, RegulationVersion } from "@/server/regulations/catalog";

const CH = regulationByName("CH")!;
const ch2026 = versionInForce(CH, "2026-06-30")!;

/** ch-case-catalog.md, by case: these names are API. */
const CATALOG: Record<string, string[]> = {
  CompanyAddress: ["CompanyStreet", "CompanyHouseNumber", "CompanyPostalCode", "CompanyCity", "CompanyCountry"],
  CompanyRegistration: ["CompanyUid", "CompanyBurNumber"],
  CompanyBankAccount: ["CompanyIban", "CompanyBankName", "CompanyBic"],
  CompanyAhv: ["AhvFundNumber", "AhvMemberNumber", "AhvAdminCostRate"],
  CompanyUvg: ["UvgInsurer", "UvgCustomerNumber", "UvgContractNumber", "NbuRate", "BuRate", "NbuEmployeeShare"],
  CompanyKtg: ["KtgInsurer", "KtgRateMen", "KtgRateWomen", "KtgEmployeeShare", "KtgMaxSalary"],
  CompanyFak: ["FakCanton", "FakFundNumber", "FakRate"],
  CompanyBvg: ["BvgInsurer", "BvgContractNumber"],
  EmployeePersonalData: ["BirthDate", "Sex", "AhvNumber", "Nationality", "CivilStatus", "CorrespondenceLanguage"],
  EmployeeAddress: [
    "Street",
    "HouseNumber",
    "PostalCode",
    "City",
    "Country",
    "ResidenceCanton",
    "ResidenceMunicipality",
  ],
  EmployeePartner: ["PartnerFirstName", "PartnerLastName", "PartnerBirthDate", "PartnerAhvNumber", "PartnerEmployed"],
  EmployeeBankAccount: ["Iban", "AccountHolder"],
  Employment: ["EntryDate", "ExitDate", "ActivityRate", "WorkplaceCanton", "ContractType", "WeeklyHours"],
  Salary: ["SalaryType", "MonthlySalary", "HourlyWage", "ThirteenthSalary", "HolidayWeeks"],
  WorkedHours: ["Hours"],
  OneTimePayment: ["BonusAmount", "BonusDescription"],
  Expenses: ["ExpenseAmount"],
  InsuranceDailyAllowance: ["DailyAllowanceAmount"],
  CostCenter: ["CostCenter"],
  WithholdingTax: ["TaxAtSourceTariff", "TaxAtSourceCanton", "TaxAtSourceMunicipality", "WorkPermit"],
  FamilyAllowances: ["ChildAllowances", "EducationAllowances"],
  Bvg: ["BvgPlan", "BvgEmployeeContribution", "BvgEmployerContribution"],
  Absence: ["AbsenceType", "AbsencePercent"],
  ControlConfirmation: ["ControlCode", "ControlComment"],
};

/** What the service adds to the catalog (it "may add more cases"): split salary payments, HR only; fringe benefits (issue 40). */
const ADDED: Record<string, string[]> = {
  EmployeeSecondBankAccount: ["SecondIban", "SecondAccountHolder", "SecondAccountAmount", "SecondAccountPercent"],
  FringeBenefits: ["CompanyCarPrice", "BoardAndLodgingValue", "FreeTransport", "CanteenMeals"],
};
/**
 * Fields the service adds to a case of the catalog: the monthly model's several employments (issue 39), the
 * minor-salary exemption's request and sectors (issue 40).
 */
const ADDED_FIELDS: Record<string, string[]> = {
  WithholdingTax: ["OtherEmployment", "OtherEmploymentActivityRate", "OtherEmploymentIncome"],
  Employment: ["AhvMinorSalaryContributions"],
  Salary: ["FourteenthSalary"],
  CompanyAhv: ["EmployerSector"],
};

const WAGE_TYPES = [
  "1000",
  "1005",
  "1160",
  "1200",
  "1210",
  "1300",
  "1500",
  "1510",
  "3000",
  "3010",
  "5010",
  "5020",
  "5040",
  "5045",
  "5050",
  "5060",
  "6000",
  "6100",
  "6400",
  "6410",
  "6500",
  "8010",
  "8015",
  "8020",
  "8030",
  "8040",
  "8041",
  "8045",
  "8050",
];
const COLLECTORS = [
  "GrossWage",
  "AhvWage",
  "AlvWage",
  "UvgWage",
  "BvgWage",
  "QstWage",
  "EmployeeDeductions",
  "EmployerContributions",
  "NetWage",
  "PayableAmount",
];

const field = (version: RegulationVersion, name: string) =>
  version.cases.flatMap((c) => c.fields).find((f) => f.name === name)!;
const param = (version: RegulationVersion, key: string) => version.parameters.find((p) => p.key === key)?.value;

describe("the CH country regulation", () => {
  it("has exactly the cases and fields of ch-case-catalog.md, and the service's additions, in every version", () => {
    for (const version of CH.versions) {
      const catalog = Object.fromEntries(
        Object.entries(CATALOG).map(([name, fields]) => [name, [...fields, ...(ADDED_FIELDS[name] ?? [])]]),
      );
      expect(Object.fromEntries(version.cases.map((c) => [c.name, c.fields.map((f) => f.name)]))).toEqual({
        ...catalog,
        ...ADDED,
      });
    }
  });

  it("has the clusters, scopes and key types of the catalog", () => {
    const cluster = Object.fromEntries(ch2026.cases.map((c) => [c.name, c.cluster]));
    expect(cluster).toMatchObject({
      EmployeePersonalData: "ESS",
      EmployeeAddress: "ESS",
      EmployeeBankAccount: "ESS",
      Absence: "ESS",
      EmployeePartner: "ECT",
      FamilyAllowances: "ECT",
      ControlConfirmation: "P",
      Salary: null,
      Employment: null,
      EmployeeSecondBankAccount: null,
    });
    expect(ch2026.cases.filter((c) => c.scope === "company").map((c) => c.name)).toEqual(
      Object.keys(CATALOG).filter((n) => n.startsWith("Company")),
    );
    expect(field(ch2026, "AhvNumber")).toMatchObject({ valueType: "ahvNumber", required: "calculation" });
    expect(field(ch2026, "Iban")).toMatchObject({ valueType: "iban", required: "payment", refuseQrIban: true });
    expect(field(ch2026, "CompanyUid").valueType).toBe("uid");
    expect(field(ch2026, "TaxAtSourceTariff").valueType).toBe("taxAtSourceTariff");
    expect(field(ch2026, "CostCenter")).toMatchObject({ valueType: "lookup", lookup: "CostCenters" });
    expect(field(ch2026, "MonthlySalary")).toMatchObject({
      valueType: "money",
      requiredWhen: { field: "SalaryType", in: ["monthly"] },
    });
    expect(field(ch2026, "CompanyCountry").default).toBe("CH");
    for (const moment of ["Hours", "BonusAmount", "ExpenseAmount", "DailyAllowanceAmount"])
      expect(field(ch2026, moment).moment, moment).toBe(true);
    expect(field(ch2026, "MonthlySalary").moment).toBe(false);
  });

  it("has the wage types and collectors of the catalog, consistent with their liabilities", () => {
    expect(ch2026.wageTypes.map((w) => w.number)).toEqual(WAGE_TYPES);
    expect(ch2026.collectors.map((c) => c.name)).toEqual(COLLECTORS);
    const toCollector = { AHV: "AhvWage", ALV: "AlvWage", UVG: "UvgWage", BVG: "BvgWage", QST: "QstWage" } as const;
    for (const wageType of ch2026.wageTypes) {
      for (const collector of wageType.collectors) expect(COLLECTORS, wageType.number).toContain(collector);
      for (const liability of wageType.liabilities) {
        if (liability in toCollector)
          expect(wageType.collectors, `${wageType.number} ${liability}`).toContain(
            toCollector[liability as keyof typeof toCollector],
          );
      }
    }
    const liable = (n: string) => ch2026.wageTypes.find((w) => w.number === n)!.liabilities;
    expect(liable("1000")).toEqual(expect.arrayContaining(["AHV", "ALV", "UVG", "QST"]));
    expect(liable("3000")).toEqual(["QST"]);
    expect(liable("6000")).toEqual([]);
  });

  it("carries the 2025 and 2026 parameters with sources", () => {
    const v2025 = versionInForce(CH, "2025-07-01")!;
    expect(v2025.validFrom).toBe("2025-01-01");
    expect(ch2026.validFrom).toBe("2026-01-01");
    for (const version of [v2025, ch2026]) {
      expect(param(version, "AhvEmployeeRate")).toBe("5.3");
      expect(param(version, "AlvEmployeeRate")).toBe("1.1");
      expect(param(version, "AlvCeilingYear")).toBe("148200.00");
      expect(param(version, "UvgMaxSalaryYear")).toBe("148200.00");
      expect(param(version, "BvgCoordinationDeduction")).toBe("26460.00");
      expect(param(version, "BvgEntryThreshold")).toBe("22680.00");
      expect(param(version, "BvgUpperLimit")).toBe("90720.00");
      expect(param(version, "PensionerAllowanceMonth")).toBe("1400.00");
      expect(param(version, "AlvSolidarityRate")).toBe("0");
      for (const parameter of version.parameters) {
        expect(parameter.source.title, parameter.key).toBeTruthy();
        expect(parameter.validFrom <= version.validFrom, parameter.key).toBe(true);
        expect(parameter.value, parameter.key).toMatch(parameter.unit === "text" ? /./ : /^-?\d+(\.\d+)?$/);
      }
    }
    expect(param(v2025, "MinorSalaryExemptionExcludedSectors")).toBe("household,artists");
    expect(ch2026.parameters.filter((p) => p.key === "MinorSalaryExemptionExcludedSectors")).toHaveLength(1);
    expect(param(ch2026, "MinorSalaryExemptionExcludedSectors")).toContain("choirs");
    const ag = (v: RegulationVersion) =>
      v.lookups.find((l) => l.name === "FamilyAllowanceAmounts")!.values.find((x) => x.key === "AG")!.value;
    expect([ag(v2025), ag(ch2026)]).toEqual(["215.00/268.00", "225.00/278.00"]);
    expect(ch2026.lookups.find((l) => l.name === "BvgAgeCredits")!.values.map((v) => v.value)).toEqual([
      "7",
      "10",
      "15",
      "18",
    ]);
  });
});

describe("versionInForce", () => {
  it("takes the latest version not after the date", () => {
    expect(versionInForce(CH, "2024-12-31")).toBeNull();
    expect(versionInForce(CH, "2025-01-01")!.validFrom).toBe("2025-01-01");
    expect(versionInForce(CH, "2025-12-31")!.validFrom).toBe("2025-01-01");
    expect(versionInForce(CH, "2026-01-01")!.validFrom).toBe("2026-01-01");
    expect(versionInForce(CH, "2030-01-01")!.validFrom).toBe("2026-01-01");
  });

  it("applies a newly added version from its date (how a later version is added)", () => {
    const latest = CH.versions.at(-1)!;
    const next: Regulation = {
      ...CH,
      versions: [
        ...CH.versions,
        {
          ...latest,
          validFrom: "2027-01-01",
          parameters: latest.parameters.map((p) =>
            p.key === "BvgEntryThreshold" ? { ...p, value: "23000.00", validFrom: "2027-01-01" } : p,
          ),
        },
      ],
    };
    expect(param(versionInForce(next, "2026-12-31")!, "BvgEntryThreshold")).toBe("22680.00");
    expect(param(versionInForce(next, "2027-01-01")!, "BvgEntryThreshold")).toBe("23000.00");
  });
});

describe("the whole catalog", () => {
  const regulations = allRegulations();

  it("lists per country its industries and accounting choices (GET /regulations/available)", () => {
    expect(availableRegulations()).toEqual([
      {
        name: "CH",
        kind: "country",
        displayName: CH.displayName,
        industries: [
          { name: "CH.Construction", displayName: expect.any(Object) },
          { name: "CH.Hospitality", displayName: expect.any(Object) },
        ],
        accountingDocument: [
          { name: "AccountingJournalStandard", displayName: expect.any(Object) },
          { name: "AccountingJournalByCostCenter", displayName: expect.any(Object) },
        ],
        accountingData: [
          { name: "ChartOfAccountsKmu", displayName: expect.any(Object) },
          { name: "ChartOfAccountsCompact", displayName: expect.any(Object) },
        ],
      },
    ]);
    expect(regulationByName("ch")).toBeNull();
    expect(regulationByName("ChartOfAccountsKmu")!.kind).toBe("accountingData");
  });

  it("is well-formed: names unique, texts in four languages, versions ordered, values valid for their types", () => {
    expect(new Set(regulations.map((r) => r.name)).size).toBe(regulations.length);
    const fieldNames = new Set<string>();
    const wageTypeNumbers = new Set<string>();
    for (const regulation of regulations) {
      expect(Object.keys(regulation.displayName).sort()).toEqual([...LANGUAGES].sort());
      const dates = regulation.versions.map((v) => v.validFrom);
      expect(dates).toEqual([...dates].sort());
      expect(regulation.versions.length).toBeGreaterThan(0);
      const latest = regulation.versions.at(-1)!;
      expect(latest.sources.length, regulation.name).toBeGreaterThan(0);
      for (const c of latest.cases) {
        for (const f of c.fields) {
          expect(fieldNames.has(f.name), `${f.name} unique across regulations`).toBe(false);
          fieldNames.add(f.name);
          expect(CASE_VALUE_TYPES).toContain(f.valueType);
          for (const language of LANGUAGES) expect(f.displayName[language], `${f.name} ${language}`).toBeTruthy();
          if (f.valueType === "enum") expect(f.options?.length, f.name).toBeGreaterThan(1);
          if (f.valueType === "lookup") expect(f.lookup, f.name).toBeTruthy();
          const constraints = { options: f.options?.map((o) => o.value), min: f.min, max: f.max };
          if (f.default !== undefined)
            expect(parseCaseValue(f.valueType, f.default, constraints), `${f.name} default`).toEqual({
              ok: true,
              value: f.default,
            });
          if (f.requiredWhen) expect(c.fields.map((x) => x.name)).toContain(f.requiredWhen.field);
        }
      }
      for (const w of latest.wageTypes) {
        expect(wageTypeNumbers.has(w.number), `wage type ${w.number} unique`).toBe(false);
        wageTypeNumbers.add(w.number);
        expect(w.number).toMatch(/^\d{4}$/);
      }
    }
    // industries add their own cases and wage types
    for (const name of ["CH.Construction", "CH.Hospitality"]) {
      const v = versionInForce(regulationByName(name)!, "2026-01-01")!;
      expect(v.cases.length, name).toBeGreaterThan(0);
      expect(v.wageTypes.length, name).toBeGreaterThan(0);
      for (const p of v.parameters) expect(p.source.url, p.key).toMatch(/^https:/);
    }
  });

  it("maps every booked wage type to accounts of each chart", () => {
    const wageTypes = regulations.flatMap((r) => versionInForce(r, "2026-01-01")?.wageTypes ?? []);
    for (const name of ["ChartOfAccountsKmu", "ChartOfAccountsCompact"]) {
      const chart = versionInForce(regulationByName(name)!, "2026-01-01")!;
      const accounts = new Set(chart.lookups.find((l) => l.name === "Accounts")!.values.map((v) => v.key));
      for (const key of ACCOUNT_KEYS)
        expect(accounts.has(chart.chartOfAccounts!.accountsByKey[key]), `${name} ${key}`).toBe(true);
      const mapping = defaultWageTypeAccounts(chart, wageTypes);
      expect(Object.keys(mapping)).toHaveLength(wageTypes.filter((w) => w.accounts).length);
      expect(mapping["6500"]).toBeUndefined();
    }
    const kmu = defaultWageTypeAccounts(
      versionInForce(regulationByName("ChartOfAccountsKmu")!, "2026-01-01")!,
      wageTypes,
    );
    // the typical monthly entries of the domain notes (section 5)
    expect(kmu["1000"]).toEqual({ debit: "5000", credit: "1091" });
    expect(kmu["5010"]).toEqual({ debit: "1091", credit: "2270" });
    expect(kmu["5040"]).toEqual({ debit: "1091", credit: "2273" });
    expect(kmu["5050"]).toEqual({ debit: "1091", credit: "2271" });
    expect(kmu["5060"]).toEqual({ debit: "1091", credit: "2279" });
    expect(kmu["8010"]).toEqual({ debit: "5700", credit: "2270" });
    expect(kmu["8020"]).toEqual({ debit: "5701", credit: "2270" });
    expect(kmu["8030"]).toEqual({ debit: "5710", credit: "2272" });
    expect(kmu["8050"]).toEqual({ debit: "5720", credit: "2271" });
    expect(kmu["3000"]).toEqual({ debit: "2272", credit: "1091" });
    expect(() => defaultWageTypeAccounts(ch2026, wageTypes)).toThrow();
  });
});
