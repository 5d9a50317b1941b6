import type { CaseDefinition, CaseField } from "../regulations/catalog";
import { versionInForce, type Regulations } from "../regulations/store";

type PayrollRegulationNames = { countryRegulation: string; industries: readonly string[] };

export type CaseCatalog = {
  cases: CaseDefinition[];
  caseByName: Map<string, CaseDefinition>;
  /** Field names are unique across a payroll's regulations. */
  fieldByName: Map<string, { field: CaseField; caseDefinition: CaseDefinition }>;
};

/** The cases a payroll offers on a date: its country regulation's and its industries', versions in force. */
export function caseCatalog(regulations: Regulations, payroll: PayrollRegulationNames, date: string): CaseCatalog {
  const cases: CaseDefinition[] = [];
  for (const name of [payroll.countryRegulation, ...payroll.industries]) {
    const regulation = regulations.get(name);
    const version = regulation ? versionInForce(regulation, date) : null;
    cases.push(...(version?.cases ?? []));
  }
  const fieldByName = new Map<string, { field: CaseField; caseDefinition: CaseDefinition }>();
  for (const caseDefinition of cases)
    for (const field of caseDefinition.fields) fieldByName.set(field.name, { field, caseDefinition });
  return { cases, caseByName: new Map(cases.map((c) => [c.name, c])), fieldByName };
}

/** Cases a Self Service person may post for their own employee: the ESS and ECT clusters. */
export const isSelfServiceCase = (definition: CaseDefinition) =>
  definition.cluster === "ESS" || definition.cluster === "ECT";

/**
 * Changes that touch pay are reported by Self Service, not applied (contract 9b): these cases, and
 * EmployeePersonalData when it carries a CivilStatus value. They wait for HR's approval.
 */
export const REPORTED_CASES: ReadonlySet<string> = new Set([
  "EmployeeBankAccount",
  "FamilyAllowances",
  "Absence",
  "EmployeePartner",
]);
export const needsApproval = (caseName: string, fieldNames: readonly string[]) =>
  REPORTED_CASES.has(caseName) || (caseName === "EmployeePersonalData" && fieldNames.includes("CivilStatus"));
