import { WageTypeNumber } from "@/server/calc/wage-types";
import type { StoredLine } from "@/server/db/schema/results";
import { compactIban } from "@/server/regulations/catalog/identifiers";
import { openAmountOf } from "@/server/results/open-amounts";
import { type Rappen, sumRappen } from "@/server/money/rappen";
import type { DocumentLanguage } from "@/server/payrolls/document-language";
import type { WageType, WageTypeKind } from "@/server/regulations/catalog/types";
import { PAYSLIP_YTD_KEYS, type PayslipYtdKey } from "../pdf/i18n";
import { type CaseValues, employeeAddressLines, employerBlock, fullName, value } from "../pdf/parties";
import { kindOfLine } from "../pdf/wage-kinds";

/**
 * The payslip of one employee for one period, as plain data: everything the PDF shows, already
 * classified and named in the document language, amounts in Rappen. buildPayslipModel is pure; the
 * service loads its input (payroll, case values in force at the period end, the stored payrun entry,
 * the regulation's wage types, payouts) and renders the model with renderPayslipPdf.
 */

export type PayslipInput = {
  payroll: { name: string; documentLanguage: DocumentLanguage };
  /** The employer's name: the tenant's (or division's) name; the case catalog has no company name field. Default: payroll.name. */
  companyName?: string;
  /** Company case values in force at the period end, by field name. */
  company: CaseValues;
  /** The employee's case values in force at the period end, by field name. */
  employeeValues: CaseValues;
  employee: { identifier: string; firstName: string; lastName: string };
  period: { periodStart: string; periodEnd: string };
  /** The stored payrun entry (server/db/schema/results.ts); amounts in Rappen. */
  entry: {
    lines: readonly StoredLine[];
    collectors: Readonly<Record<string, number>>;
    /** The YearToDate of server/calc/types.ts as stored: the year up to and including this period. */
    yearToDate: Readonly<Record<string, number>>;
    gross: Rappen;
    net: Rappen;
    payable: Rappen;
    paidOut: Rappen;
    /** What earlier periods left open (positive) or overpaid (negative), carried into this one at their close. */
    carriedForward?: Rappen;
  };
  /** The regulation's wage types in force for the period (country and industries merged). */
  wageTypes: readonly WageType[];
  /** Payouts of the period that are not cancelled (execution date YYYY-MM-DD, Rappen, IBAN as stored; null: paid outside the service). */
  payouts: readonly { date: string; amount: Rappen; iban: string | null }[];
  /** Net wage of the year up to and including this period, when the service sums it from the year's entries (YearToDate has none). */
  yearToDateNet?: Rappen;
  showEmployerContributions: boolean;
  /** false: the period is open or not yet finalized; the document says it is a preview. */
  final: boolean;
};

export type PayslipLine = {
  number: string;
  /** The wage type's name in the document language (the stored name when the wage type is unknown). */
  text: string;
  base: Rappen | null;
  /** Percent units as stored ("5.3"), or null. */
  rate: string | null;
  /** Rappen as stored: deductions and employer contributions are positive amounts. */
  amount: Rappen;
  /** The first day of the closed period this line corrects; null for the period's own lines. */
  retroPeriodStart: string | null;
  /** The base is a yearly figure beside a monthly amount (BVG legal minimum: the coordinated annual salary); the PDF says so. Absent in models frozen before it existed. */
  annualBase?: boolean;
};

export type PayslipSection = { lines: PayslipLine[]; total: Rappen };

export type PayslipModel = {
  language: DocumentLanguage;
  final: boolean;
  payrollName: string;
  period: { start: string; end: string };
  employer: { name: string; addressLines: string[]; uid: string | null };
  employee: {
    identifier: string;
    name: string;
    addressLines: string[];
    ahvNumber: string | null;
    entryDate: string | null;
    exitDate: string | null;
    /** Percent units ("80"). */
    activityRate: string | null;
  };
  /** Earnings; total is the gross wage. */
  earnings: PayslipSection;
  /** Employee deductions as positive amounts; the PDF prints them negative. */
  deductions: PayslipSection;
  /** net - (gross - deductions): the net wage is rounded to 0.05 CHF. */
  roundingDifference: Rappen;
  /** The net wage (wage type 6500, retro corrections included). */
  net: Rappen;
  allowancesAndExpenses: PayslipSection;
  /** net + allowances + expenses. */
  payable: Rappen;
  payments: {
    /** iban null: recorded as paid outside the service (a close with openAmounts paidExternally). */
    payouts: { date: string; amount: Rappen; iban: string | null }[];
    /** Carried from earlier periods (negative: overpaid); absent in models frozen before payouts existed. */
    carriedForward?: Rappen;
    paidOut: Rappen;
    /** payable + carriedForward - paidOut (server/results/open-amounts.ts); negative when overpaid, which is carried on. */
    open: Rappen;
    /** The employee's salary account (compact IBAN) and holder. */
    bankAccount: { iban: string; holder: string | null } | null;
  };
  /** Present only when the payroll shows employer contributions on payslips. */
  employerContributions: PayslipSection | null;
  yearToDate: { key: PayslipYtdKey; amount: Rappen }[];
};

/**
 * BVG employee and employer contributions of the legal minimum plan (they carry a rate): their base is
 * the coordinated annual salary (server/calc/calculate.ts). With fixed amounts (no rate) the base is
 * the monthly contribution.
 */
const ANNUAL_BASE_WAGE_TYPES = new Set<string>([WageTypeNumber.BvgEmployee, WageTypeNumber.BvgEmployer]);
const hasAnnualBase = (line: { number: string; base: Rappen | null; rate: string | null }) =>
  ANNUAL_BASE_WAGE_TYPES.has(line.number) && line.base !== null && line.rate !== null;

/** Withholding tax (wage type 5060) is deducted, or a tariff is recorded: only then does the withholding-tax wage say anything. */
const WITHHOLDING_TAX = WageTypeNumber.WithholdingTax;

function section(lines: PayslipLine[]): PayslipSection {
  return { lines, total: sumRappen(lines.map((line) => line.amount)) };
}

/** Own lines in wage type order, then each line's corrections, oldest corrected period first. */
function byNumberThenRetro(a: PayslipLine, b: PayslipLine) {
  if (a.number !== b.number) return a.number < b.number ? -1 : 1;
  const pa = a.retroPeriodStart ?? "";
  const pb = b.retroPeriodStart ?? "";
  return pa === pb ? 0 : pa < pb ? -1 : 1;
}

export function buildPayslipModel(input: PayslipInput): PayslipModel {
  const language = input.payroll.documentLanguage;
  const wageTypes = new Map(input.wageTypes.map((w) => [w.number, w]));
  const byKind = new Map<WageTypeKind, PayslipLine[]>();
  for (const line of input.entry.lines) {
    const kind = kindOfLine(line.number, wageTypes);
    const text = wageTypes.get(line.number)?.name[language] ?? line.name;
    const list = byKind.get(kind) ?? [];
    list.push({
      number: line.number,
      text,
      base: line.base,
      rate: line.rate,
      amount: line.amount,
      retroPeriodStart: line.retro ? line.retroPeriodStart : null,
      ...(hasAnnualBase(line) ? { annualBase: true } : {}),
    });
    byKind.set(kind, list);
  }
  const of = (...kinds: WageTypeKind[]) => kinds.flatMap((kind) => byKind.get(kind) ?? []).sort(byNumberThenRetro);

  const earnings = section(of("earning"));
  const deductions = section(of("deduction"));
  const net = sumRappen(of("net").map((line) => line.amount));
  const allowancesAndExpenses = section(of("allowance", "expense"));
  const payable = net + allowancesAndExpenses.total;

  // The stored totals are what was booked and paid; a payslip whose table does not add up to them must not go out.
  const stored = input.entry;
  const mismatch = [
    stored.gross !== earnings.total && `gross ${stored.gross} != earnings ${earnings.total}`,
    stored.net !== net && `net ${stored.net} != net wage lines ${net}`,
    stored.payable !== payable && `payable ${stored.payable} != net + allowances + expenses ${payable}`,
  ].filter(Boolean);
  if (mismatch.length)
    throw new Error(`The payrun entry does not add up (${mismatch.join("; ")}); the payslip is not produced.`);

  const iban = value(input.employeeValues, "Iban");
  const ytd = stored.yearToDate;
  const taxedAtSource =
    value(input.employeeValues, "TaxAtSourceTariff") !== null ||
    stored.lines.some((line) => line.number === WITHHOLDING_TAX);
  const yearToDate = PAYSLIP_YTD_KEYS.flatMap((key) => {
    // The withholding-tax wage is collected for everyone; it is shown only to those taxed at source.
    if (key === "qstWage" && !taxedAtSource) return [];
    const amount = key === "net" ? input.yearToDateNet : ytd[key];
    // Always gross and AHV wage; the others only when they say something.
    if (amount === undefined || (amount === 0 && key !== "gross" && key !== "ahvWage")) return [];
    return [{ key, amount }];
  });

  return {
    language,
    final: input.final,
    payrollName: input.payroll.name,
    period: { start: input.period.periodStart, end: input.period.periodEnd },
    employer: employerBlock(input.companyName ?? input.payroll.name, input.company),
    employee: {
      identifier: input.employee.identifier,
      name: fullName(input.employee),
      addressLines: employeeAddressLines(input.employeeValues),
      ahvNumber: value(input.employeeValues, "AhvNumber"),
      entryDate: value(input.employeeValues, "EntryDate"),
      exitDate: value(input.employeeValues, "ExitDate"),
      activityRate: value(input.employeeValues, "ActivityRate"),
    },
    earnings,
    deductions,
    roundingDifference: net - (earnings.total - deductions.total),
    net,
    allowancesAndExpenses,
    payable,
    payments: {
      payouts: input.payouts.map((p) => ({
        date: p.date,
        amount: p.amount,
        iban: p.iban === null ? null : compactIban(p.iban),
      })),
      carriedForward: stored.carriedForward ?? 0,
      paidOut: stored.paidOut,
      open: openAmountOf({ payable, carriedForward: stored.carriedForward ?? 0, paidOut: stored.paidOut }),
      bankAccount: iban ? { iban: compactIban(iban), holder: value(input.employeeValues, "AccountHolder") } : null,
    },
    employerContributions: input.showEmployerContributions ? section(of("employerContribution")) : null,
    yearToDate,
  };
}
