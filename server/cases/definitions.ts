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
  for (const caseDefinition of cases) for (const field of caseDefinition.fields) fieldByName.set(field.name, { field, caseDefinition });
  return { cases, caseByName: new Map(cases.map((c) => [c.name, c])), fieldByName };
}

/** Cases a Self Service person may post for their own employee: the ESS and ECT clusters. */
export const SELF_SERVICE_CLUSTERS = ["ESS", "ECT"] as const;
export const isSelfServiceCase = (definition: CaseDefinition) => definition.cluster === "ESS" || definition.cluster === "ECT";
