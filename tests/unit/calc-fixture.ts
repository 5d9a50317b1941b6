import {
  type CaseHistory,
  type PeriodInput,
  type PeriodResult,
  type YearToDate,
  calculatePeriod,
  emptyYearToDate,
} from "@/server/calc";
import { monthEnd } from "@/server/dates";
import { regulationByName, versionInForce } from "@/server/regulations/catalog";
import { testQstTable } from "./qst-excerpt";

/** ZH, AG and LU as shipped, GE from the excerpt of its file (annual model). */
const QST_TABLE = testQstTable();

/** Test data for server/calc: case histories written as { Field: value } or { Field: [[value, start, end?], ...] }. */

type Spec = Record<string, string | [string, string, (string | null)?][]>;

let seq = 0;
const recorded = new Date("2025-12-01T08:00:00Z");

/** Every value of a spec becomes one recorded value; a plain string is valid from 2020-01-01 on. */
export function history(spec: Spec): CaseHistory {
  const out: CaseHistory = {};
  for (const [field, given] of Object.entries(spec)) {
    const list = typeof given === "string" ? [[given, "2020-01-01", null] as const] : given;
    out[field] = list.map(([value, start, end]) => {
      seq += 1;
      const id = `v${String(seq).padStart(6, "0")}`;
      return {
        value,
        start,
        end: end ?? null,
        createdAt: new Date(recorded.getTime() + seq),
        id,
        caseChangeId: `cc-${field}-${seq}`,
      };
    });
  }
  return out;
}

/** The CH version in force on the date, merged with the named industries' versions. */
export function regulationOn(date: string, industries: string[] = []): PeriodInput["regulation"] {
  const versions = ["CH", ...industries].map((name) => {
    const regulation = regulationByName(name);
    if (!regulation) throw new Error(name);
    const version = versionInForce(regulation, date);
    if (!version) throw new Error(`${name} on ${date}`);
    return version;
  });
  return {
    parameters: versions.flatMap((v) => v.parameters),
    lookups: versions.flatMap((v) => v.lookups),
    wageTypes: versions.flatMap((v) => v.wageTypes),
    cases: versions.flatMap((v) => v.cases),
  };
}

/** A company with the domain notes' example rates: NBU 1 % all borne by the employee, BU 0.1 %, FAK 1.2 % (ZH). */
export const companySpec: Spec = {
  UvgInsurer: "Example Insurance",
  NbuRate: "1",
  BuRate: "0.1",
  FakCanton: "ZH",
  FakRate: "1.2",
  AhvFundNumber: "1.1",
  AhvMemberNumber: "100",
};

/** A 40-year-old (born 1986) on a monthly salary of 6,500, since 2020, working in ZH. */
export const employeeSpec: Spec = {
  BirthDate: "1986-03-15",
  Sex: "male",
  AhvNumber: "756.9217.0769.85",
  EntryDate: "2020-01-01",
  ActivityRate: "100",
  WorkplaceCanton: "ZH",
  WeeklyHours: "42",
  SalaryType: "monthly",
  MonthlySalary: "6500.00",
};

export function month(yyyyMm: string) {
  const start = `${yyyyMm}-01`;
  return { periodStart: start, periodEnd: monthEnd(start) };
}

export function calc(options: {
  period: string;
  employee?: Spec;
  company?: Spec;
  yearToDate?: YearToDate;
  industries?: string[];
  knownAt?: Date;
}): PeriodResult {
  const { periodStart, periodEnd } = month(options.period);
  return calculatePeriod({
    periodStart,
    periodEnd,
    employee: history({ ...employeeSpec, ...options.employee }),
    company: history({ ...companySpec, ...options.company }),
    regulation: regulationOn(periodStart, options.industries),
    qst: QST_TABLE,
    yearToDate: options.yearToDate ?? emptyYearToDate(),
    knownAt: options.knownAt,
  });
}

/** Runs the months of one year in order, each fed with the previous month's yearToDate. */
export function calcYear(
  year: number,
  employeeFor: (month: number) => Spec,
  options: { company?: Spec; months?: number[] } = {},
): PeriodResult[] {
  let ytd = emptyYearToDate();
  const results: PeriodResult[] = [];
  for (const m of options.months ?? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]) {
    const result = calc({
      period: `${year}-${String(m).padStart(2, "0")}`,
      employee: employeeFor(m),
      company: options.company,
      yearToDate: ytd,
    });
    results.push(result);
    ytd = result.yearToDate;
  }
  return results;
}

export const amountOf = (result: PeriodResult, number: string) =>
  result.lines.filter((l) => l.number === number).reduce((sum, l) => sum + l.amount, 0);
export const lineOf = (result: PeriodResult, number: string) => result.lines.find((l) => l.number === number);
export const hasLine = (result: PeriodResult, number: string) => result.lines.some((l) => l.number === number);
/** The amounts by wage type number, for compact expectations. */
export const amounts = (result: PeriodResult) => Object.fromEntries(result.lines.map((l) => [l.number, l.amount]));
