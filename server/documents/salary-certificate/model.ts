import { WageTypeNumber } from "@/server/calc/wage-types";
import type { StoredLine } from "@/server/db/schema/results";
import { type Rappen, sumRappen } from "@/server/money/rappen";
import type { DocumentLanguage } from "@/server/payrolls/document-language";
import type { WageType, WageTypeKind } from "@/server/regulations/catalog/types";
import { type CertificateFieldKey, CERTIFICATE_FIELD_KEYS, formatChf, pdfLabels, wholeFrancs } from "../pdf/i18n";
import { type CaseValues, employeeAddressLines, employerBlock, fullName, value } from "../pdf/parties";
import { kindOfLine } from "../pdf/wage-kinds";

/**
 * The annual salary certificate (Lohnausweis, form 11 of the ESTV/SSK, guide 605.040.18.1d) of one
 * employee for one calendar year, as plain data. buildSalaryCertificateModel is pure: the service
 * loads the year's payrun entries, the case values in force at the end of the year (or at the exit)
 * and the regulation's wage types.
 *
 * Every line booked in a period of the year counts, retro lines included: the certificate declares
 * what was paid in the year (a correction of December booked in January belongs to January's year).
 *
 * Wage types go to the form's fields as follows; a wage type not named here goes by its kind.
 *
 * | form 11 field                      | CH wage types                                                         | other wage types by kind          |
 * |------------------------------------|-----------------------------------------------------------------------|-----------------------------------|
 * | 1 Lohn                             | 1000 monthly salary, 1005 hourly wage, 1160 holiday compensation, 1200 13th, 1210 14th salary | earning  |
 * | 2.1 Verpflegung, Unterkunft        | 1510 board and lodging                                                |                                   |
 * | 2.2 Privatanteil Geschäftsfahrzeug | 1500 private use of company car                                       |                                   |
 * | 3 Unregelmässige Leistungen        | 1300 bonus                                                            |                                   |
 * | 7 Andere Leistungen                | 3000 child allowance, 3010 education allowance, 6100 insurance daily allowance (paid through payroll) | allowance |
 * | 9 AHV/IV/EO/ALV/NBUV               | 5010 AHV/IV/EO, 5020 ALV, 5040 NBU                                    |                                   |
 * | 10.1 BVG ordentliche Beiträge      | 5050 BVG                                                              |                                   |
 * | 12 Quellensteuerabzug              | 5060 withholding tax                                                  |                                   |
 * | 13.1.1 effektive Spesen            | 6000 expenses                                                         | expense                           |
 * | not on the form                    | 5045 KTG (a private insurance premium, not in field 9), 6400/6410 (benefits in kind taken back from the payout), 6500 net wage, 8xxx employer contributions | deduction, net, employerContribution |
 *
 * 8 = 1 + 2.1 + 2.2 + 2.3 + 3 + ... + 7 and 11 = 8 - 9 - 10 (10 = 10.1 + 10.2) hold exactly in Rappen. Assumptions to
 * check against the guide: family allowances paid by the employer and insurance daily allowances in
 * field 7 (named in remark 15); industry deductions (FAR, Parifonds, L-GAV enforcement) not on the form.
 */

const FIELD_BY_NUMBER: Readonly<Record<string, CertificateFieldKey | null>> = {
  [WageTypeNumber.MonthlySalary]: "1",
  [WageTypeNumber.HourlyWage]: "1",
  [WageTypeNumber.HolidayCompensation]: "1",
  [WageTypeNumber.ThirteenthSalary]: "1",
  [WageTypeNumber.FourteenthSalary]: "1",
  [WageTypeNumber.Bonus]: "3",
  [WageTypeNumber.BoardAndLodging]: "2.1",
  [WageTypeNumber.PrivateUseOfCompanyCar]: "2.2",
  [WageTypeNumber.CompanyCarInKind]: null,
  [WageTypeNumber.BoardAndLodgingInKind]: null,
  [WageTypeNumber.ChildAllowance]: "7",
  [WageTypeNumber.EducationAllowance]: "7",
  [WageTypeNumber.InsuranceDailyAllowance]: "7",
  [WageTypeNumber.AhvEmployee]: "9",
  [WageTypeNumber.AlvEmployee]: "9",
  [WageTypeNumber.NbuEmployee]: "9",
  [WageTypeNumber.KtgEmployee]: null,
  [WageTypeNumber.BvgEmployee]: "10.1",
  [WageTypeNumber.WithholdingTax]: "12",
  [WageTypeNumber.Expenses]: "13.1.1",
  [WageTypeNumber.NetWage]: null,
};

const FIELD_BY_KIND: Readonly<Record<WageTypeKind, CertificateFieldKey | null>> = {
  earning: "1",
  allowance: "7",
  expense: "13.1.1",
  deduction: null,
  employerContribution: null,
  net: null,
};

/** The form 11 field a wage type's amount is declared in, or null when it is not on the form. */
export function certificateFieldOf(
  number: string,
  wageTypes: ReadonlyMap<string, WageType>,
): CertificateFieldKey | null {
  if (number in FIELD_BY_NUMBER) return FIELD_BY_NUMBER[number] ?? null;
  return FIELD_BY_KIND[kindOfLine(number, wageTypes)];
}

export type SalaryCertificateInput = {
  payroll: { name: string; documentLanguage: DocumentLanguage };
  /** The employer's name (tenant or division); the case catalog has no company name field. Default: payroll.name. */
  companyName?: string;
  /** Company case values in force at the end of the year (or at the employee's exit). */
  company: CaseValues;
  /** The employee's case values in force at the end of the year (or at the exit). */
  employeeValues: CaseValues;
  employee: { identifier: string; firstName: string; lastName: string };
  /** The calendar year, e.g. 2026. */
  year: number;
  /** The employee's payrun entries of the year, any order: each period's stored lines. */
  entries: readonly { periodStart: string; periodEnd: string; lines: readonly StoredLine[] }[];
  /** The regulation's wage types (of the year's last version in force). */
  wageTypes: readonly WageType[];
  /** I: the date of issue (YYYY-MM-DD) and place; the place defaults to the company's city. */
  issued?: { date: string; place?: string };
  /** More remarks for field 15, in the document language. */
  remarks?: readonly string[];
  /** false while the year's last period is open: the document says it is a preview. */
  final: boolean;
};

export type CertificatePart = { number: string; text: string; amount: Rappen };

export type SalaryCertificateModel = {
  language: DocumentLanguage;
  final: boolean;
  year: number;
  employer: { name: string; addressLines: string[]; uid: string | null };
  /**
   * F: free transport between home and work; G: canteen meals or lunch checks (FringeBenefits at the year's
   * end). Absent in models kept before they were (issue 40), as fields 2.1-2.3 are: both print empty.
   */
  checks?: { freeTransport: boolean; canteen: boolean };
  /** C: AHV number; H: name and address. */
  employee: { identifier: string; name: string; addressLines: string[]; ahvNumber: string | null };
  /** E: the part of the year employed, YYYY-MM-DD. */
  period: { from: string; to: string };
  /** Every numbered field in Rappen (0 when empty). 8 = 1..7 and 11 = 8 - 9 - 10.1 - 10.2, exactly. */
  amounts: Record<CertificateFieldKey, Rappen>;
  /**
   * What the form prints, in whole francs (the official form has no Rappen). The fields the wage types
   * fill are rounded half up each; 8 and 11 are then summed from the rounded figures, so that the
   * printed form adds up too (they can differ by a franc from the rounded Rappen totals).
   */
  francs: Record<CertificateFieldKey, number>;
  /** The wage types summed in each field, for remarks and for an auditor. */
  parts: Partial<Record<CertificateFieldKey, CertificatePart[]>>;
  /** Lines of the year that the form does not show (KTG, net wage, employer contributions ...), summed per wage type. */
  notOnForm: CertificatePart[];
  /** 15: remarks. */
  remarks: string[];
  /** I: place and date of issue. */
  issued: { place: string | null; date: string | null };
};

const SUMMED_FROM_PARTS: readonly CertificateFieldKey[] = ["1", "2.1", "2.2", "2.3", "3", "4", "5", "6", "7"];

function zeroFields(): Record<CertificateFieldKey, number> {
  return Object.fromEntries(CERTIFICATE_FIELD_KEYS.map((key) => [key, 0])) as Record<CertificateFieldKey, number>;
}

/** 8 = 1 + ... + 7; 11 = 8 - 9 - 10.1 - 10.2: the same arithmetic for Rappen and for printed francs. */
function withTotals(fields: Record<CertificateFieldKey, number>): Record<CertificateFieldKey, number> {
  const gross = sumRappen(SUMMED_FROM_PARTS.map((key) => fields[key]));
  return { ...fields, "8": gross, "11": gross - fields["9"] - fields["10.1"] - fields["10.2"] };
}

function employmentPeriod(year: number, employee: CaseValues, entries: SalaryCertificateInput["entries"]) {
  const first = `${year}-01-01`;
  const last = `${year}-12-31`;
  const entry = value(employee, "EntryDate");
  const exit = value(employee, "ExitDate");
  const earliestEntry = entries.reduce<string | null>(
    (min, e) => (min === null || e.periodStart < min ? e.periodStart : min),
    null,
  );
  const from = entry && entry <= last ? (entry > first ? entry : first) : (earliestEntry ?? first);
  const to = exit && exit >= from && exit <= last ? exit : last;
  return { from, to };
}

export function buildSalaryCertificateModel(input: SalaryCertificateInput): SalaryCertificateModel {
  const language = input.payroll.documentLanguage;
  const labels = pdfLabels(language);
  const wageTypes = new Map(input.wageTypes.map((w) => [w.number, w]));
  const stray = input.entries.find((e) => e.periodStart.slice(0, 4) !== String(input.year));
  if (stray)
    throw new Error(
      `An entry of the period from ${stray.periodStart} is not in ${input.year}; the certificate covers one calendar year.`,
    );

  const byNumber = new Map<string, { field: CertificateFieldKey | null; part: CertificatePart }>();
  for (const entry of input.entries) {
    for (const line of entry.lines) {
      const known = byNumber.get(line.number);
      if (known) {
        known.part.amount += line.amount;
        continue;
      }
      const text = wageTypes.get(line.number)?.name[language] ?? line.name;
      byNumber.set(line.number, {
        field: certificateFieldOf(line.number, wageTypes),
        part: { number: line.number, text, amount: line.amount },
      });
    }
  }

  const sorted = [...byNumber.values()]
    .filter((v) => v.part.amount !== 0)
    .sort((a, b) => (a.part.number < b.part.number ? -1 : a.part.number > b.part.number ? 1 : 0));
  const parts: Partial<Record<CertificateFieldKey, CertificatePart[]>> = {};
  const notOnForm: CertificatePart[] = [];
  for (const { field, part } of sorted) {
    if (field === null) notOnForm.push(part);
    else (parts[field] ??= []).push(part);
  }

  const filled = zeroFields();
  const printed = zeroFields();
  for (const key of CERTIFICATE_FIELD_KEYS) {
    const amount = sumRappen((parts[key] ?? []).map((p) => p.amount));
    filled[key] = amount;
    printed[key] = wholeFrancs(amount);
  }

  // Field 7 says what it holds: the guide asks for the kind of the other benefits.
  const remarks: string[] = [];
  const other = parts["7"];
  if (other?.length)
    remarks.push(`${labels.field} 7: ${other.map((p) => `${p.text} ${formatChf(p.amount)}`).join(", ")}`);
  remarks.push(...(input.remarks ?? []));

  return {
    language,
    final: input.final,
    year: input.year,
    employer: employerBlock(input.companyName ?? input.payroll.name, input.company),
    employee: {
      identifier: input.employee.identifier,
      name: fullName(input.employee),
      addressLines: employeeAddressLines(input.employeeValues),
      ahvNumber: value(input.employeeValues, "AhvNumber"),
    },
    checks: {
      freeTransport: value(input.employeeValues, "FreeTransport") === "true",
      canteen: value(input.employeeValues, "CanteenMeals") === "true",
    },
    period: employmentPeriod(input.year, input.employeeValues, input.entries),
    amounts: withTotals(filled),
    francs: withTotals(printed),
    parts,
    notOnForm,
    remarks,
    issued: { place: input.issued?.place ?? value(input.company, "CompanyCity"), date: input.issued?.date ?? null },
  };
}
