import type { AccountKey, Lookup, Regulation, RegulationVersion, Source } from "./types";
import { L } from "./types";

/**
 * Accounting regulations: the posting-document templates (accountingDocument) and the charts of
 * accounts (accountingData). A chart is its "Accounts" lookup plus the account for every posting key
 * that wage types use; from these the default wage type -> account mapping follows
 * (defaultWageTypeAccounts in index.ts).
 */

const empty: Omit<RegulationVersion, "validFrom" | "sources"> = {
  cases: [],
  wageTypes: [],
  collectors: [],
  parameters: [],
  lookups: [],
};

const kmu: Source = {
  title:
    "Kontenrahmen KMU, account numbers as in Odoo l10n_ch (addons/l10n_ch/data/template/account.account-ch.csv, LGPL-3); see ../shared/domain/swiss-payroll.md section 5",
  url: "https://github.com/odoo/odoo/blob/master/addons/l10n_ch/data/template/account.account-ch.csv",
  secondary: true,
};

export const ACCOUNTING_JOURNAL_STANDARD: Regulation = {
  name: "AccountingJournalStandard",
  kind: "accountingDocument",
  country: "CH",
  displayName: L(
    "Buchungsjournal (Standard)",
    "Journal comptable (standard)",
    "Giornale contabile (standard)",
    "Accounting journal (standard)",
  ),
  versions: [
    {
      validFrom: "2025-01-01",
      ...empty,
      sources: [kmu],
      accountingDocument: { groupBy: ["account", "wageType"], format: "csv" },
    },
  ],
};

export const ACCOUNTING_JOURNAL_BY_COST_CENTER: Regulation = {
  name: "AccountingJournalByCostCenter",
  kind: "accountingDocument",
  country: "CH",
  displayName: L(
    "Buchungsjournal nach Kostenstellen",
    "Journal comptable par centre de coûts",
    "Giornale contabile per centro di costo",
    "Accounting journal by cost center",
  ),
  versions: [
    {
      validFrom: "2025-01-01",
      ...empty,
      sources: [kmu],
      accountingDocument: { groupBy: ["account", "wageType", "costCenter"], format: "csv" },
    },
  ],
};

function accounts(values: [string, string, string][]): Lookup {
  return {
    name: "Accounts",
    displayName: L("Kontenplan", "Plan comptable", "Piano dei conti", "Chart of accounts"),
    values: values.map(([key, de, en]) => ({ key, value: de, displayName: L(de, de, de, en) })),
  };
}

/** Swiss SME chart (Kontenrahmen KMU): the payroll accounts of the domain notes. */
const kmuAccounts = accounts([
  ["1020", "Bank", "Bank"],
  ["1090", "Gehaltsdurchlaufkonto", "Salary pass-through account"],
  ["1091", "Lohndurchlaufkonto", "Salary clearing account"],
  ["2270", "Sozialversicherungen und Vorsorgeeinrichtungen", "Social insurance and pension liabilities"],
  ["2271", "Altersvorsorge (BVG)", "Pension (BVG)"],
  ["2272", "FAK", "Family allowance fund"],
  ["2273", "Unfallversicherung", "Accident insurance"],
  ["2274", "Krankentaggeldversicherung", "Daily sickness insurance"],
  ["2279", "Quellensteuer", "Withholding tax"],
  ["5000", "Löhne und Gehälter", "Wages and salaries"],
  ["5001", "Sozialversicherungsbeiträge", "Social insurance contributions"],
  ["5005", "13. Monatslohn", "13th month salary"],
  ["5007", "Bonus", "Bonus"],
  ["5040", "Zulagen", "Allowances"],
  ["5700", "Sozialleistungen (AHV/IV/EO)", "Social charges (AHV/IV/EO)"],
  ["5701", "ALV", "Unemployment insurance"],
  ["5710", "FAK", "Family allowance fund"],
  ["5720", "BVG", "Pension fund"],
  ["5730", "UVG (BU/NBU)", "Accident insurance"],
  ["5740", "KTG", "Daily sickness insurance"],
  ["5800", "Übriger Personalaufwand", "Other staff costs"],
  ["5900", "Temporäre Mitarbeitende", "Temporary staff"],
]);

const kmuKeys: Record<AccountKey, string> = {
  bank: "1020",
  salaryClearing: "1091",
  wageExpense: "5000",
  thirteenthExpense: "5005",
  bonusExpense: "5007",
  allowanceExpense: "5040",
  socialChargesExpense: "5700",
  alvExpense: "5701",
  fakExpense: "5710",
  bvgExpense: "5720",
  uvgExpense: "5730",
  ktgExpense: "5740",
  otherStaffExpense: "5800",
  socialInsuranceLiability: "2270",
  bvgLiability: "2271",
  fakLiability: "2272",
  uvgLiability: "2273",
  ktgLiability: "2274",
  withholdingTaxLiability: "2279",
  // Industry funds (FAR, Parifonds, L-GAV) are social-insurance-like liabilities: 2270 in the KMU chart.
  industryFundLiability: "2270",
};

export const CHART_OF_ACCOUNTS_KMU: Regulation = {
  name: "ChartOfAccountsKmu",
  kind: "accountingData",
  country: "CH",
  displayName: L("Kontenrahmen KMU", "Plan comptable PME", "Piano contabile PMI", "Swiss SME chart of accounts (KMU)"),
  versions: [
    {
      validFrom: "2025-01-01",
      ...empty,
      lookups: [kmuAccounts],
      sources: [kmu],
      chartOfAccounts: { accountsByKey: kmuKeys },
    },
  ],
};

/** A short chart for small companies that book payroll on a handful of accounts. */
const compactAccounts = accounts([
  ["1020", "Bank", "Bank"],
  ["1091", "Lohndurchlaufkonto", "Salary clearing account"],
  ["2270", "Sozialversicherungen und Vorsorgeeinrichtungen", "Social insurance and pension liabilities"],
  ["2279", "Quellensteuer", "Withholding tax"],
  ["5000", "Lohnaufwand", "Wage expense"],
  ["5700", "Sozialversicherungsaufwand", "Social insurance expense"],
  ["5800", "Übriger Personalaufwand", "Other staff costs"],
]);

const compactKeys: Record<AccountKey, string> = {
  bank: "1020",
  salaryClearing: "1091",
  wageExpense: "5000",
  thirteenthExpense: "5000",
  bonusExpense: "5000",
  allowanceExpense: "5000",
  socialChargesExpense: "5700",
  alvExpense: "5700",
  fakExpense: "5700",
  bvgExpense: "5700",
  uvgExpense: "5700",
  ktgExpense: "5700",
  otherStaffExpense: "5800",
  socialInsuranceLiability: "2270",
  bvgLiability: "2270",
  fakLiability: "2270",
  uvgLiability: "2270",
  ktgLiability: "2270",
  withholdingTaxLiability: "2279",
  industryFundLiability: "2270",
};

export const CHART_OF_ACCOUNTS_COMPACT: Regulation = {
  name: "ChartOfAccountsCompact",
  kind: "accountingData",
  country: "CH",
  displayName: L(
    "Kompakter Kontenplan",
    "Plan comptable compact",
    "Piano dei conti compatto",
    "Compact chart of accounts",
  ),
  versions: [
    {
      validFrom: "2025-01-01",
      ...empty,
      lookups: [compactAccounts],
      sources: [kmu],
      chartOfAccounts: { accountsByKey: compactKeys },
    },
  ],
};
