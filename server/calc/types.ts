import type { CaseDefinition, Lookup, Parameter, WageType } from "@/server/regulations/catalog/types";
import type { QstTariffTable } from "@/server/regulations/qst/tariffs";
import type { TextParams } from "./texts";

/**
 * The calculation's contract with the service around it. Everything here is plain data: the
 * service loads case values and regulation versions, calls calculatePeriod per employee and period,
 * and stores what comes back. Money is integer Rappen throughout.
 */

export type VersionedCaseValue = {
  value: string;
  start: string;
  end: string | null;
  createdAt: Date;
  id: string;
  caseChangeId: string;
};

/** All recorded values of a subject (an employee, or the company) by field name, in any order. */
export type CaseHistory = Record<string, VersionedCaseValue[]>;

/** The shipped ESTV tables (shippedQstTable()). */
export type QstTable = QstTariffTable;

/**
 * Sums in Rappen of the same calendar year's earlier periods, as calculated (feed the previous
 * period's result.yearToDate; emptyYearToDate() for January or the first period of a year).
 * Days are social-insurance days: 30 per fully employed month, calendar days (at most 30) in a
 * month of entry or exit.
 */
export type YearToDate = {
  /** Collectors as summed from the wage types (what the wage types are liable to, before age rules and ceilings). */
  ahvWage: number;
  alvWage: number;
  uvgWage: number;
  bvgWage: number;
  qstWage: number;
  gross: number;
  /** AHV/IV/EO contribution base: AhvWage of contribution-liable months, less the pensioner allowance. */
  ahvBase: number;
  /** ALV-liable wage of the months in which ALV was due (before the ceiling). */
  alvLiableWage: number;
  /** ALV contribution base after the year-to-date ceiling. */
  alvBase: number;
  /** Social-insurance days in which ALV was due (the ALV ceiling is 148,200 x alvDays / 360). */
  alvDays: number;
  /** UVG premium base after the insured maximum (148,200 x days / 360). */
  uvgBase: number;
  /** KTG premium base after KtgMaxSalary (x days / 360), when the company sets one. */
  ktgBase: number;
  /** Social-insurance days employed. */
  days: number;
  /** Regular wage (monthly salary, hourly wage, holiday compensation): the basis of the 13th salary. */
  regularWage: number;
  /** 13th salary paid so far (monthly accruals or a payment on exit). */
  thirteenthPaid: number;
  /** 14th salary paid so far, where the contract agrees one (absent when none was paid). */
  fourteenthPaid?: number;
  /**
   * The months' rate-determining withholding-tax incomes added up (ELM QST-SB-Lohn is the month's
   * difference); absent in entries stored before it was kept.
   */
  qstRateIncome?: number;
} & {
  /**
   * The withholding-tax annual model's year per canton (qstAnnualKey): periodic and aperiodic income,
   * days employed there, tax withheld, and income per tariff code ("income:A0N").
   */
  [key: `qstAnnual:${string}`]: number;
};

/** The year-to-date key of the annual withholding-tax model's figure `part` in a canton: qstAnnual:GE:days. */
export const qstAnnualKey = (canton: string, part: string) => `qstAnnual:${canton}:${part}` as const;

export type PeriodInput = {
  /** One calendar month, YYYY-MM-DD. */
  periodStart: string;
  periodEnd: string;
  employee: CaseHistory;
  company: CaseHistory;
  /** Country and industry regulations merged, the versions in force for the period. */
  regulation: {
    parameters: readonly Parameter[];
    lookups: readonly Lookup[];
    wageTypes: readonly WageType[];
    cases: readonly CaseDefinition[];
  };
  qst: QstTable;
  yearToDate: YearToDate;
  /** Read case values as known at this moment (record time); default: everything recorded. */
  knownAt?: Date;
  /** false: lines without explanations (empty), for callers that do not keep them; default true. */
  explain?: boolean;
};

export type LineExplanation = {
  /** The English sentence (what the API returns). */
  text: string;
  /** The sentence's key in the catalogs (messages/<locale>/calc.json "why.<key>") and its figures (server/calc/texts.ts); absent in entries stored before issue 12. */
  key?: string;
  params?: TextParams;
  caseValues: { field: string; value: string; caseChangeId: string }[];
  /** Regulation parameters and lookup values used; field defaults appear as "<Field> (default)". */
  parameters: { key: string; value: string }[];
};

export type WageTypeLine = {
  number: string;
  name: string;
  /** Rappen, signed. */
  amount: number;
  base: number | null;
  /** Percent units, e.g. "5.3". */
  rate: string | null;
  explanation: LineExplanation;
};

/** message: the English sentence (what the API returns); params: its figures for the catalogs' sentence of the code (server/calc/texts.ts), absent in entries stored before issue 12. */
export type CalcIssue = { code: string; message: string; field?: string; blocking: boolean; params?: TextParams };

export type PeriodResult = {
  /** In wage type number order, including 6500 net wage whenever anything is paid or the person is employed. */
  lines: WageTypeLine[];
  /** Every collector of the regulation (0 when nothing was added). */
  collectors: Record<string, number>;
  /** Input yearToDate plus this period, to feed the next period of the same year. */
  yearToDate: YearToDate;
  employed: boolean;
  issues: CalcIssue[];
};
