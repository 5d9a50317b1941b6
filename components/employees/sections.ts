/**
 * The sections of the employee page, by what the cases mean (the CH case catalog, see
 * server/regulations/catalog/ch.ts): each case of the payroll's regulations belongs to one; a case the
 * CH catalog does not know (an industry's or the company's own) is "Company-specific". Their names
 * are in the `employees` catalog: `sections.<id>`.
 */
export type EmployeeSectionId =
  | "overview"
  | "personal"
  | "employment"
  | "social-insurance"
  | "tax"
  | "bank"
  | "family"
  | "absences"
  | "control"
  | "company"
  | "documents";

/** The order of the sections in the navigation. */
export const SECTION_ORDER: EmployeeSectionId[] = [
  "overview",
  "personal",
  "employment",
  "social-insurance",
  "tax",
  "bank",
  "family",
  "absences",
  "control",
  "company",
  "documents",
];

const CASE_SECTION: Record<string, EmployeeSectionId> = {
  EmployeePersonalData: "personal",
  EmployeeAddress: "personal",
  Employment: "employment",
  Salary: "employment",
  WorkedHours: "employment",
  OneTimePayment: "employment",
  Expenses: "employment",
  FringeBenefits: "employment",
  CostCenter: "employment",
  Bvg: "social-insurance",
  InsuranceDailyAllowance: "social-insurance",
  WithholdingTax: "tax",
  EmployeeBankAccount: "bank",
  EmployeeSecondBankAccount: "bank",
  EmployeePartner: "family",
  FamilyAllowances: "family",
  Absence: "absences",
  ControlConfirmation: "control",
};

export const sectionOfCase = (caseName: string): EmployeeSectionId => CASE_SECTION[caseName] ?? "company";
