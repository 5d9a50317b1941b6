/**
 * The payroll calculation: pure functions over case values and the regulation version in force.
 * No database, no clock, no I/O; the service loads, calls calculatePeriod per employee and period,
 * and stores the result.
 */
export { FRENCH_AGREEMENT_CANTONS, PERMITS_TAXED_AT_SOURCE, calculatePeriod, emptyYearToDate } from "./calculate";
export { CALC_ISSUES, type CalcIssueCode } from "./issues";
export type * from "./types";
export { qstAnnualKey } from "./types";
