/**
 * The wage type numbers the calculation writes and the ELM declaration and the documents read, by
 * name. The numbers and names are the regulation catalog's (server/regulations/catalog/ch.ts and
 * industries.ts): each key is the catalog's English name in PascalCase ("13th" as "Thirteenth",
 * AHV/IV/EO as Ahv), held to the catalog by tests/unit/wage-types.test.ts, so a renumbering or
 * renaming in the catalog fails there rather than silently leaving a line unread.
 */
export const WageTypeNumber = {
  // CH: earnings
  MonthlySalary: "1000",
  HourlyWage: "1005",
  HolidayCompensation: "1160",
  ThirteenthSalary: "1200",
  FourteenthSalary: "1210",
  Bonus: "1300",
  PrivateUseOfCompanyCar: "1500",
  BoardAndLodging: "1510",
  // CH: family allowances
  ChildAllowance: "3000",
  EducationAllowance: "3010",
  // CH: employee deductions
  AhvEmployee: "5010",
  AlvEmployee: "5020",
  NbuEmployee: "5040",
  KtgEmployee: "5045",
  BvgEmployee: "5050",
  WithholdingTax: "5060",
  // CH: expenses and the net wage
  Expenses: "6000",
  CompanyCarInKind: "6400",
  BoardAndLodgingInKind: "6410",
  InsuranceDailyAllowance: "6100",
  NetWage: "6500",
  // CH: employer contributions
  AhvEmployer: "8010",
  AhvAdministrationCosts: "8015",
  AlvEmployer: "8020",
  FakEmployer: "8030",
  BuEmployer: "8040",
  NbuEmployerShare: "8041",
  KtgEmployer: "8045",
  BvgEmployer: "8050",
  // Industry regulations: construction (FAR, Parifonds) and hospitality (L-GAV)
  FarEmployee: "5070",
  ParifondsEmployee: "5075",
  LgavEnforcementContribution: "5080",
  FarEmployer: "8070",
  ParifondsEmployer: "8075",
} as const;

export type WageTypeNumber = (typeof WageTypeNumber)[keyof typeof WageTypeNumber];
