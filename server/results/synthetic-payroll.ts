import type { CaseHistory } from "../calc/types";
import { newId } from "../ids";
import { historiesText } from "./entry-rows";

/**
 * A plain payroll's case values, for work that needs employees but no tenant's: the recalculation
 * threads' warm-up (recalc-warmup.ts) and the benches' payrolls (bench/fixture.ts), so that the
 * warm-up calculates what the benches measure. Company: UVG with Suva, FAK in Zurich. Employee n: a
 * monthly salary at full time in Zurich, born 1960-1999, alternating sex, salaries 4,000-12,850.
 */
export const SYNTHETIC_COMPANY: Readonly<Record<string, string>> = {
  UvgInsurer: "Suva",
  NbuRate: "1",
  BuRate: "0.175",
  FakCanton: "ZH",
  FakRate: "1.025",
};

export function syntheticEmployeeValues(n: number, entryDate: string): Record<string, string> {
  return {
    BirthDate: `${1960 + (n % 40)}-03-15`,
    Sex: n % 2 ? "female" : "male",
    AhvNumber: "756.9217.0769.85",
    Iban: "CH9300762011623852957",
    EntryDate: entryDate,
    ActivityRate: "100",
    WorkplaceCanton: "ZH",
    SalaryType: "monthly",
    MonthlySalary: `${4000 + (n % 60) * 150}.00`,
  };
}

/** Employee n's values as the text a recalculation thread reads (historyFromText), all from `start`, each with a change id of its own. */
export function syntheticEmployeeText(n: number, start: string): string {
  return historiesText(
    Object.entries(syntheticEmployeeValues(n, start)).map(([field, value]) => [field, value, start, null, newId()]),
  );
}

/** The company's values as a calculation's history, from `start`. */
export function syntheticCompanyHistory(start: string): CaseHistory {
  const createdAt = new Date();
  return Object.fromEntries(
    Object.entries(SYNTHETIC_COMPANY).map(([field, value]) => [
      field,
      [{ value, start, end: null, createdAt, id: newId(), caseChangeId: newId() }],
    ]),
  );
}
