/**
 * Codes of what the calculation could not do or found implausible (PeriodResult.issues). Stable:
 * Payroll Control shows them and a ControlConfirmation case confirms one by its code.
 * Missing data is blocking; plausibility findings are blocking until confirmed; notes are not.
 */
export const CALC_ISSUES = {
  missingEntryDate: "calc.missing_entry_date",
  missingBirthDate: "calc.missing_birth_date",
  missingSex: "calc.missing_sex",
  missingAhvNumber: "calc.missing_ahv_number",
  missingSalaryType: "calc.missing_salary_type",
  missingMonthlySalary: "calc.missing_monthly_salary",
  missingHourlyWage: "calc.missing_hourly_wage",
  missingCompanyUvg: "calc.missing_company_uvg",
  missingFakRate: "calc.missing_fak_rate",
  missingBvgFixedAmounts: "calc.missing_bvg_fixed_amounts",
  missingIndustryRate: "calc.missing_industry_rate",
  missingTaxAtSourceTariff: "calc.missing_tax_at_source_tariff",
  missingTaxAtSourceCanton: "calc.missing_tax_at_source_canton",
  qstTariffNotAvailable: "calc.qst_tariff_not_available",
  qstFrenchAgreementNotApplicable: "calc.qst_french_agreement_not_applicable",
  invalidValue: "calc.invalid_value",
  regulationIncomplete: "calc.regulation_incomplete",
  hourlyWithoutHours: "calc.hourly_without_hours",
  negativeNetWage: "calc.negative_net_wage",
  payAfterExit: "calc.pay_after_exit",
  payBeforeEntry: "calc.pay_before_entry",
  // Notes (not blocking)
  familyAllowanceCantonNotShipped: "calc.family_allowance_canton_not_shipped",
  bvgEmployerBelowHalf: "calc.bvg_employer_below_half",
  bvgRiskPremiumNotCalculated: "calc.bvg_risk_premium_not_calculated",
  holidayWeeksBelowMinimum: "calc.holiday_weeks_below_minimum",
  thirteenthSalaryMandatory: "calc.thirteenth_salary_mandatory",
  wageTypeNotInRegulation: "calc.wage_type_not_in_regulation",
} as const;

export type CalcIssueCode = (typeof CALC_ISSUES)[keyof typeof CALC_ISSUES];
