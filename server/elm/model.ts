import { WageTypeNumber } from "@/server/calc/wage-types";
import type { QstCorrectionInput } from "./qst-corrections";
import { monthEnd } from "@/server/dates";
import { assertRappen, sumRappen } from "@/server/money/rappen";
import { applyRate, rateFraction } from "@/server/money/rate";
import { ROUND_RAPPEN } from "@/server/money/rounding";
import { CANTON_CODES } from "@/server/regulations/catalog/identifiers";

/**
 * The Swissdec ELM 5.0 salary declaration of one closed payrun period, as plain data. Pure: no
 * database, no clock; the service reads the period's entries and the case values in force and
 * calls buildElmDeclarationModel(), then renderElmDeclaration() (declaration.ts) writes the XML.
 * Money is integer Rappen; the renderer formats it.
 *
 * What a monthly declaration of ours carries (ELM 5.0, SalaryDeclaration.xsd), per person:
 * - AHV-AVS: AHV income of the period (the schema: "the AHV wage is the contribution-liable wage",
 *   i.e. the base after the age rules and the pensioner allowance), the AHV wage that is not
 *   contribution-liable (AHV-AVS-Open), the ALV income up to the year-to-date ceiling and the AHV
 *   wage that is not ALV-liable (ALV-AC-Open: above the ceiling, before the contribution age or
 *   past the reference age; our reading of the element names, not checked against the guidelines).
 *   The period's bases are yearToDate minus yearToDateBefore (ahvBase, alvBase, uvgBase).
 * - FAK-CAF: the AHV contribution base per workplace canton and the family allowances paid.
 * - UVG-LAA: UVG code, gross and base salary (the UVG-liable wage) and the contributory salary up to
 *   the insured maximum.
 * - BVG-LPP: a period salary (BVG-LPP-PeriodSalary, BVG-LPP-PeriodBasis = the BVG wage) of persons
 *   with BVG contributions in the period, when the company has a pension fund (CompanyBvg).
 * - TaxAtSource: the month's QST-liable income, rate-determining income and tax withheld; per canton the
 *   employer's collection commission at the canton's rate for electronic settlement (tariff file record 12,
 *   PEL), on the month's tax and on each corrected month's difference.
 *
 * Left out, and why:
 * - UVGZ-LAAC and KTG-AMC: they need the insurer's category codes and customer/contract numbers,
 *   which the case catalog does not hold (CompanyKtg has rates only; there is no UVGZ case).
 * - TaxSalaries (the Lohnausweis): an annual certificate, not part of a monthly declaration.
 * - TaxCrossborder: the French cross-border regime; no case data for it.
 * - Statistic (BFS): needs education, position, job title and contract details per person; no case fields.
 * - ALVZ-ACS-Income: the ALV solidarity contribution was abolished at the end of 2022 (the total
 *   is written as 0.00 where the schema requires it).
 * - AHV-AVS-IncomeSplits, DegreeOfRelationship, BVG-LPP-Salary (annual insured salary) and the
 *   QST AdditionalParticulars (partner, children): no case data or not monthly.
 * - Corrections of closed months of the same year (retro lines): AHV, ALV, UVG and BVG wages are
 *   declared with the month that pays them (its year to date holds them; `retroCollectors`), withholding
 *   tax as Correction elements of the months concerned (old and new values, server/elm/qst-corrections.ts).
 *   Corrections of an earlier year are not declared: the model says so in `notes` (declare those months
 *   again with Substitution).
 *
 * Gaps: required schema elements with no case field get the Swissdec test company's values
 * ("Muster AG", see ../shared/domain/swiss-payroll.md section 3), listed in ELM_DEFAULTS, and each
 * use is recorded in `model.defaults` so that nobody mistakes them for the company's own data:
 * - the company's normal weekly hours (Workplace/CompanyWorkingTime/WeeklyHours): 42.00, and a
 *   person's weekly hours without Employment.WeeklyHours: 42.00 x ActivityRate;
 * - the workplace municipality (TaxAtSource WorkMunicipalityID): 1061 (Luzern);
 * - the insurers' Swissdec institution IDs (UVG-LAA and BVG-LPP InsuranceID): S1000 and L1200,
 *   unless UvgInsurer / BvgInsurer already hold such an ID;
 * - the UVG branch (the letter of the UVG code, BranchIdentifier): A;
 * - the BVG customer number (BVG-LPP CustomerIdentity; CompanyBvg has a contract number only): 1099-8777.1;
 * - the QST debtor number per canton (TaxAtSource CustomerIdentity): 158.87.6;
 * - since when the UVG and BVG insurers are the company's (ValidAsOf, GeneralValidAsOf): 1 January
 *   of the declared year, as the test company's BVG GeneralValidAsOf;
 * - the FAK customer number (FAK-CAF-CustomerNumber): the AHV member number, and the FAK branch
 *   number, when FakFundNumber is empty: the AHV fund number;
 * - the kind of residence of a person living abroad (QST Residence/KindOfResidence): Daily;
 * - the software's Swissdec certification (RequestContext/UserAgent/Certificate): none yet.
 * A person's language falls back to the payroll's document language (no default recorded then).
 * One workplace only: the catalog has one company address and one BUR number; its canton is the
 * FAK canton.
 */

export type ElmLanguage = "de" | "fr" | "it" | "en";
export type ElmCategory = "AHV-AVS" | "FAK-CAF" | "UVG-LAA" | "BVG-LPP" | "TaxAtSource";

/** One line of the period entry (server/db/schema/results.ts StoredLine has these fields). */
export type ElmLineInput = { number: string; amount: number; retro?: boolean; retroPeriodStart?: string | null };
export type ElmIssueInput = { code: string; message: string; field?: string; blocking: boolean };

export type ElmEmployeeInput = {
  employeeId: string;
  /** The employee's identifier in the payroll (ELM EmployeeNumber). */
  identifier: string;
  firstName: string;
  lastName: string;
  /** Case values in force for the period (the period's end, or the exit), by field name. */
  caseValues: Readonly<Record<string, string>>;
  /** The period entry's collectors (Rappen). */
  collectors: Readonly<Record<string, number>>;
  /** The period entry's year to date: the year's earlier periods plus this one (Rappen, days). */
  yearToDate: Readonly<Record<string, number>>;
  /**
   * The year to date before this period: the previous period's entry yearToDate, or {} for the
   * first period of the year. The contribution bases of the period (AHV, ALV, UVG) are the
   * differences; the builder checks them against the collectors.
   */
  yearToDateBefore: Readonly<Record<string, number>>;
  /** The entry's lines: the QST withheld (5060), BVG contributions (5050/8050) and family allowances (3000/3010). */
  lines: readonly ElmLineInput[];
  /** The entry's calculation issues, carried into model.notes. */
  issues: readonly ElmIssueInput[];
  /**
   * Per collector, the sum of the entry's retro lines for closed months of the same year (Rappen): wages paid with
   * this month for earlier ones, declared with it for AHV, ALV, UVG and BVG (their year to date already holds them).
   */
  retroCollectors?: Readonly<Record<string, number>>;
  /** Withholding-tax corrections of closed months the entry's retro lines make (server/elm/qst-corrections.ts). */
  taxAtSourceCorrections?: readonly QstCorrectionInput[];
};

export type ElmDeclarationInput = {
  payroll: { name: string; id?: string; documentLanguage?: ElmLanguage };
  /** Company case values in force for the period, by field name. */
  company: Readonly<Record<string, string>>;
  /** A closed payrun period: one calendar month. */
  period: { periodStart: string; periodEnd: string };
  employees: readonly ElmEmployeeInput[];
  /**
   * Per canton, the collection commission for electronic settlement in basis points (the tariff file's record 12
   * PEL: 200 = 2.00 %); a canton without one declares 0.00.
   */
  collectionCommission?: Readonly<Record<string, number>>;
  /** When the declaration is made, ISO 8601 with offset ("2026-04-02T08:00:00Z"): the builder reads no clock. */
  createdAt: string;
  /** The request's ID at the distributor; default `ELM-<payroll id or name>-<YYYY-MM>`. */
  requestId?: string;
  /** Marks the request as a test message (RequestContext/TestCase). */
  testCase?: boolean;
};

export type ElmAddress = { street: string | null; zipCode: string; city: string; country: string | null };
export type ElmTimePeriod = { from: string; until: string };
export type ElmTaxAtSourceCategory = { kind: "code"; value: string } | { kind: "predefined"; value: string };
export type ElmTaxAtSourceFigures = {
  category: ElmTaxAtSourceCategory;
  taxableEarning: number;
  ascertainedTaxableEarning: number;
  taxAtSource: number;
};
/** A closed month's withholding tax as declared before (old) and corrected (new), in one canton. */
export type ElmTaxAtSourceCorrection = {
  institutionId: string;
  canton: string;
  municipalityId: number;
  /** YYYY-MM */
  month: string;
  old: ElmTaxAtSourceFigures;
  new: ElmTaxAtSourceFigures;
};

export type ElmPerson = {
  employeeId: string;
  employeeNumber: string;
  firstName: string;
  lastName: string;
  /** 756.dddd.dddd.dd, or null: declared as unknown. */
  ahvNumber: string | null;
  sex: "F" | "M";
  birthDate: string;
  /** ISO 3166 alpha-2, or "11" (unknown, as the schema defines it). */
  nationality: string;
  civilStatus: string;
  address: ElmAddress;
  /** A canton, or "EX" for a person living abroad. */
  residenceCanton: string;
  municipalityId: number | null;
  residenceCategory: string | null;
  language: ElmLanguage;
  work: { steady: { weeklyHours: string; activityRate: string } | null; entryDate: string; exitDate: string | null };
  accountingTime: ElmTimePeriod;
  /** Entry or exit within the period (the domains' DeclarationCategory). */
  entryInPeriod: string | null;
  exitInPeriod: string | null;
  ahv: { income: number; open: number; alvIncome: number; alvOpen: number } | null;
  fak: { contributorySalary: number; familyIncomeSupplement: number; workplaceCanton: string } | null;
  uvg: { code: string; grossSalary: number; baseSalary: number; contributorySalary: number } | null;
  bvg: { periodBasis: number; employeeContribution: number; employerContribution: number } | null;
  taxAtSource: {
    institutionId: string;
    canton: string;
    municipalityId: number;
    category: ElmTaxAtSourceCategory;
    taxableEarning: number;
    ascertainedTaxableEarning: number;
    taxAtSource: number;
    residence: { canton: string } | { abroadCountry: string; kind: "Daily" };
    workMunicipalityId: number;
  } | null;
  /** Withholding-tax corrections of closed months, by month and canton. */
  taxAtSourceCorrections: ElmTaxAtSourceCorrection[];
};

export type ElmInsuranceControl = { name: string; validAsOf: string } | { noneWithReason: string };

export type ElmInstitutions = {
  ahv: {
    id: string;
    branchNumber: string;
    customerNumber: string;
    uvgInsurance: ElmInsuranceControl;
    bvgInsurance: ElmInsuranceControl;
  } | null;
  fak: { id: string; branchNumber: string; customerNumber: string } | null;
  uvg: { id: string; insuranceId: string; name: string; customerIdentity: string; contractIdentity: string } | null;
  bvg: {
    id: string;
    insuranceId: string;
    name: string;
    customerIdentity: string;
    contractIdentity: string;
    generalValidAsOf: string;
  } | null;
  taxAtSource: { id: string; canton: string; customerIdentity: string }[];
};

export type ElmTotals = {
  ahv: { incomes: number; open: number; alvIncomes: number; alvzIncomes: number; alvOpen: number } | null;
  fak: { canton: string; contributorySalary: number; familyIncomeSupplement: number }[];
  uvg: {
    branch: string;
    female: { nbuAndBu: number; buOnly: number };
    male: { nbuAndBu: number; buOnly: number };
    master: number;
    females: number;
    males: number;
  } | null;
  bvg: { periodBasis: number } | null;
  taxAtSource: {
    institutionId: string;
    canton: string;
    taxableEarning: number;
    taxAtSource: number;
    commission: number;
    /** Per corrected month: the corrections' differences (new - old). */
    corrections: { month: string; taxableEarning: number; taxAtSource: number; commission: number }[];
  }[];
};

export type ElmDefaultUse = { element: string; value: string; reason: string; employeeId: string | null };
export type ElmNote = { employeeId: string | null; code: string; message: string; blocking: boolean };

export type ElmDeclarationModel = {
  period: { start: string; end: string; month: string; year: string };
  createdAt: string;
  requestId: string;
  testCase: boolean;
  language: ElmLanguage;
  software: { producer: string; name: string; version: string; standardVersion: string; certificate: string };
  company: {
    name: string;
    uid: string | null;
    address: ElmAddress;
    workplace: {
      id: string;
      burNumber: string | null;
      canton: string | null;
      address: ElmAddress;
      weeklyHoursId: string;
      weeklyHours: string;
    };
  };
  institutions: ElmInstitutions;
  persons: ElmPerson[];
  totals: ElmTotals;
  /** Test-company defaults used for required elements without a case field. */
  defaults: ElmDefaultUse[];
  /** Calculation issues of the entries and what the declaration leaves out of them. */
  notes: ElmNote[];
};

/** The Swissdec test company's values for required elements that have no case field (see the header). */
export const ELM_DEFAULTS = {
  weeklyHours: "42.00",
  workMunicipalityId: 1061,
  uvgInsuranceId: "S1000",
  uvgBranch: "A",
  bvgInsuranceId: "L1200",
  bvgCustomerIdentity: "1099-8777.1",
  taxAtSourceCustomerIdentity: "158.87.6",
  softwareCertificate: "none (not Swissdec-certified)",
} as const;

export const ELM_SOFTWARE = {
  producer: "swiss-payroll",
  name: "swiss-payroll",
  version: "0.1.0",
  standardVersion: "5.0",
} as const;

export type ElmProblem = { employeeId: string | null; field: string | null; message: string };

/** The declaration cannot be made from the data given: every problem found, not just the first. */
export class ElmDeclarationIncomplete extends Error {
  readonly code = "elm.declaration_incomplete";
  constructor(readonly problems: ElmProblem[]) {
    super(
      `The ELM declaration cannot be made: ${problems.map((p) => (p.employeeId ? `employee ${p.employeeId}: ${p.message}` : p.message)).join("; ")}`,
    );
    this.name = "ElmDeclarationIncomplete";
  }
}

const CANTONS: readonly string[] = CANTON_CODES;
const CIVIL_STATUS = ["single", "married", "divorced", "widowed", "separated", "registeredPartnership"];
const LANGUAGES: readonly string[] = ["de", "fr", "it", "en"];
const PREDEFINED_QST_CATEGORIES = ["HEN", "HEY", "MEN", "MEY", "NON", "NOY", "SFN"];

/** A tariff code (A0N) or predefined category (HEN), or null for anything else. */
function categoryOf(tariff: string): ElmTaxAtSourceCategory | null {
  return PREDEFINED_QST_CATEGORIES.includes(tariff)
    ? { kind: "predefined", value: tariff }
    : /^[A-Z][0-9][YN]$/.test(tariff)
      ? { kind: "code", value: tariff }
      : null;
}
const RESIDENCE_CATEGORY: Record<string, string> = {
  B: "annual-B",
  C: "settled-C",
  L: "shortTerm-L",
  G: "crossBorder-G",
  F: "ProvisionallyAdmittedForeigners-F",
  N: "asylumSeeker-N",
  S: "needForProtection-S",
  other: "othersNotSwiss",
};
/** A Swissdec institution ID such as S1000 (Suva-style UVG) or L1200 (BVG). */
const INSTITUTION_ID = /^[A-Z][0-9]{4}$/;

const ID = {
  ahv: "#AHV",
  fak: "#FAK",
  uvg: "#UVG",
  bvg: "#BVG",
  workplace: "#W1",
  weeklyHours: "#WH1",
  qst: (canton: string) => `#QST-${canton}`,
} as const;

/**
 * Builds the declaration model of one closed period. Throws ElmDeclarationIncomplete with every
 * missing or malformed value the declaration needs.
 */
export function buildElmDeclarationModel(input: ElmDeclarationInput): ElmDeclarationModel {
  return new Builder(input).build();
}

class Builder {
  private readonly problems: ElmProblem[] = [];
  private readonly defaults: ElmDefaultUse[] = [];
  private readonly notes: ElmNote[] = [];
  private readonly start: string;
  private readonly end: string;
  private readonly year: string;
  private readonly co: Readonly<Record<string, string>>;

  constructor(private readonly input: ElmDeclarationInput) {
    this.start = input.period.periodStart;
    this.end = input.period.periodEnd;
    this.year = this.start.slice(0, 4);
    this.co = input.company;
  }

  build(): ElmDeclarationModel {
    const { periodStart, periodEnd } = this.input.period;
    if (!/^\d{4}-\d{2}-01$/.test(periodStart) || monthEnd(periodStart) !== periodEnd) {
      this.problem(null, null, `The period ${periodStart}..${periodEnd} is not one calendar month.`);
    }
    if (Number.isNaN(Date.parse(this.input.createdAt)) || !/T\d{2}:\d{2}/.test(this.input.createdAt)) {
      this.problem(null, null, `createdAt "${this.input.createdAt}" is not an ISO 8601 date-time.`);
    }
    const language =
      this.input.payroll.documentLanguage ??
      this.withDefault("RequestContext/LanguageCode", "de", "The payroll has no document language.", null);
    const company = this.company();
    const employees = [...this.input.employees].sort((a, b) =>
      a.identifier < b.identifier ? -1 : a.identifier > b.identifier ? 1 : 0,
    );
    const persons = employees.flatMap((e) => this.person(e, language) ?? []);
    const institutions = this.institutions(persons);
    const totals = this.totals(persons);
    if (this.problems.length) throw new ElmDeclarationIncomplete(this.problems);
    return {
      period: { start: this.start, end: this.end, month: this.start.slice(0, 7), year: this.year },
      createdAt: this.input.createdAt,
      requestId:
        this.input.requestId ?? `ELM-${this.input.payroll.id ?? this.input.payroll.name}-${this.start.slice(0, 7)}`,
      testCase: this.input.testCase ?? false,
      language,
      software: {
        ...ELM_SOFTWARE,
        certificate: this.withDefault(
          "RequestContext/UserAgent/Certificate",
          ELM_DEFAULTS.softwareCertificate,
          "The software has no Swissdec certification yet.",
          null,
        ),
      },
      company,
      institutions,
      persons,
      totals,
      defaults: this.defaults,
      notes: this.notes,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Company
  // -------------------------------------------------------------------------------------------

  private company(): ElmDeclarationModel["company"] {
    const name = this.input.payroll.name.trim();
    if (!name) this.problem(null, null, "The payroll has no name (the declaration's company name).");
    const address = this.address(
      null,
      {
        street: "CompanyStreet",
        houseNumber: "CompanyHouseNumber",
        zip: "CompanyPostalCode",
        city: "CompanyCity",
        country: "CompanyCountry",
      },
      this.co,
    );
    const rawUid = value(this.co, "CompanyUid");
    const uid = rawUid === null ? null : uidOf(rawUid);
    if (rawUid !== null && uid === null)
      this.problem(null, "CompanyUid", `CompanyUid "${rawUid}" is not a UID (CHE-ddd.ddd.ddd).`);
    const bur = value(this.co, "CompanyBurNumber");
    const burNumber = bur === null ? null : /^[A-Z][0-9]{8}$/.test(bur) ? bur : null;
    if (bur !== null && burNumber === null)
      this.problem(
        null,
        "CompanyBurNumber",
        `CompanyBurNumber "${bur}" is not a BUR number (a letter and 8 digits, e.g. A92978109).`,
      );
    const canton = cantonOf(value(this.co, "FakCanton"));
    const weeklyHours = this.withDefault(
      "Workplace/CompanyWorkingTime/WeeklyHours",
      ELM_DEFAULTS.weeklyHours,
      "No case field holds the company's normal weekly hours.",
      null,
    );
    return {
      name,
      uid,
      address,
      workplace: { id: ID.workplace, burNumber, canton, address, weeklyHoursId: ID.weeklyHours, weeklyHours },
    };
  }

  private institutions(persons: ElmPerson[]): ElmInstitutions {
    const has = (domain: "ahv" | "fak" | "uvg" | "bvg") => persons.some((p) => p[domain] !== null);
    const validAsOf = () => `${this.year}-01-01`;
    let ahv: ElmInstitutions["ahv"] = null;
    if (has("ahv")) {
      const fund = value(this.co, "AhvFundNumber");
      const member = value(this.co, "AhvMemberNumber");
      const branchNumber = fund === null ? null : branchNumberOf(fund);
      if (fund === null)
        this.problem(null, "AhvFundNumber", "CompanyAhv.AhvFundNumber (the compensation fund number) is missing.");
      else if (branchNumber === null)
        this.problem(
          null,
          "AhvFundNumber",
          `AhvFundNumber "${fund}" is not a compensation fund number (e.g. 003 or 003.000).`,
        );
      if (member === null)
        this.problem(
          null,
          "AhvMemberNumber",
          "CompanyAhv.AhvMemberNumber (the company's member number at the fund) is missing.",
        );
      const uvgInsurer = value(this.co, "UvgInsurer");
      const bvgInsurer = value(this.co, "BvgInsurer");
      if (uvgInsurer || bvgInsurer)
        this.withDefault(
          "AHV-AVS/*-Insurance/ValidAsOf",
          validAsOf(),
          "No case field holds since when the insurers are the company's.",
          null,
        );
      ahv = {
        id: ID.ahv,
        branchNumber: branchNumber ?? "",
        customerNumber: member ?? "",
        uvgInsurance: uvgInsurer
          ? { name: uvgInsurer, validAsOf: validAsOf() }
          : { noneWithReason: "No UVG insurer recorded (CompanyUvg.UvgInsurer)." },
        bvgInsurance: bvgInsurer
          ? { name: bvgInsurer, validAsOf: validAsOf() }
          : { noneWithReason: "No pension fund recorded (CompanyBvg.BvgInsurer)." },
      };
    }
    let fak: ElmInstitutions["fak"] = null;
    if (has("fak")) {
      const ahvFund = value(this.co, "AhvFundNumber") ?? "";
      const fund =
        value(this.co, "FakFundNumber") ??
        this.withDefault(
          "FAK-CAF/FAK-CAF-BranchNumber",
          ahvFund,
          "CompanyFak.FakFundNumber is empty: the AHV fund number is used.",
          null,
        );
      const member = this.withDefault(
        "FAK-CAF/FAK-CAF-CustomerNumber",
        value(this.co, "AhvMemberNumber") ?? "",
        "No case field holds the member number at the FAK: the AHV member number is used.",
        null,
      );
      fak = { id: ID.fak, branchNumber: fund, customerNumber: member };
    }
    let uvg: ElmInstitutions["uvg"] = null;
    if (has("uvg")) {
      const insurer = value(this.co, "UvgInsurer") ?? "";
      const customer = value(this.co, "UvgCustomerNumber");
      const contract = value(this.co, "UvgContractNumber");
      if (customer === null)
        this.problem(null, "UvgCustomerNumber", "CompanyUvg.UvgCustomerNumber is needed to declare UVG salaries.");
      if (contract === null)
        this.problem(null, "UvgContractNumber", "CompanyUvg.UvgContractNumber is needed to declare UVG salaries.");
      const insuranceId = INSTITUTION_ID.test(insurer)
        ? insurer
        : this.withDefault(
            "UVG-LAA/InsuranceID",
            ELM_DEFAULTS.uvgInsuranceId,
            "No case field holds the UVG insurer's Swissdec institution ID.",
            null,
          );
      uvg = {
        id: ID.uvg,
        insuranceId,
        name: insurer,
        customerIdentity: customer ?? "",
        contractIdentity: contract ?? "",
      };
    }
    let bvg: ElmInstitutions["bvg"] = null;
    if (has("bvg")) {
      const insurer = value(this.co, "BvgInsurer") ?? "";
      const contract = value(this.co, "BvgContractNumber");
      if (contract === null)
        this.problem(null, "BvgContractNumber", "CompanyBvg.BvgContractNumber is needed to declare BVG salaries.");
      const insuranceId = INSTITUTION_ID.test(insurer)
        ? insurer
        : this.withDefault(
            "BVG-LPP/InsuranceID",
            ELM_DEFAULTS.bvgInsuranceId,
            "No case field holds the pension fund's Swissdec institution ID.",
            null,
          );
      const customerIdentity = this.withDefault(
        "BVG-LPP/CustomerIdentity",
        ELM_DEFAULTS.bvgCustomerIdentity,
        "CompanyBvg has a contract number only, no customer number.",
        null,
      );
      const generalValidAsOf = this.withDefault(
        "BVG-LPP/GeneralValidAsOf",
        validAsOf(),
        "No case field holds since when the pension fund contract applies.",
        null,
      );
      bvg = {
        id: ID.bvg,
        insuranceId,
        name: insurer,
        customerIdentity,
        contractIdentity: contract ?? "",
        generalValidAsOf,
      };
    }
    const cantons = [
      ...new Set(
        persons.flatMap((p) => [
          ...(p.taxAtSource ? [p.taxAtSource.canton] : []),
          ...p.taxAtSourceCorrections.map((c) => c.canton),
        ]),
      ),
    ].sort();
    const taxAtSource = cantons.map((canton) => ({
      id: ID.qst(canton),
      canton,
      customerIdentity: this.withDefault(
        `TaxAtSource[${canton}]/CustomerIdentity`,
        ELM_DEFAULTS.taxAtSourceCustomerIdentity,
        `No case field holds the company's withholding-tax debtor number in ${canton}.`,
        null,
      ),
    }));
    return { ahv, fak, uvg, bvg, taxAtSource };
  }

  // -------------------------------------------------------------------------------------------
  // Persons
  // -------------------------------------------------------------------------------------------

  private person(e: ElmEmployeeInput, payrollLanguage: ElmLanguage): ElmPerson | null {
    const cv = e.caseValues;
    const id = e.employeeId;
    const figures = this.figures(e);
    if (!figures) return null;

    const entryDate = value(cv, "EntryDate");
    const exitDate = value(cv, "ExitDate");
    const employed = entryDate !== null && entryDate <= this.end && (exitDate === null || exitDate >= this.start);
    const amounts = [
      figures.gross,
      figures.ahvWage,
      figures.uvgWage,
      figures.qstWage,
      figures.qstAmount,
      figures.bvgEmployee,
      figures.bvgEmployer,
    ];
    if (!employed && amounts.every((a) => a === 0) && !e.taxAtSourceCorrections?.length) return null;
    for (const issue of e.issues)
      this.notes.push({ employeeId: id, code: issue.code, message: issue.message, blocking: issue.blocking });
    if (e.lines.some((l) => l.retro && l.retroPeriodStart?.slice(0, 4) !== this.year)) {
      this.notes.push({
        employeeId: id,
        code: "elm.retro_not_declared",
        message:
          "The entry corrects periods of an earlier year (retro lines); those corrections are not part of this declaration: declare the corrected months again (Substitution).",
        blocking: false,
      });
    }

    if (entryDate === null) this.problem(id, "EntryDate", "Employment.EntryDate is missing.");
    const sexValue = value(cv, "Sex");
    const sex = sexValue === "female" ? "F" : sexValue === "male" ? "M" : null;
    if (!sex) this.problem(id, "Sex", "EmployeePersonalData.Sex is missing.");
    const birthDate = value(cv, "BirthDate");
    if (birthDate === null) this.problem(id, "BirthDate", "EmployeePersonalData.BirthDate is missing.");
    const rawAhv = value(cv, "AhvNumber");
    const ahvNumber = rawAhv === null ? null : ahvNumberOf(rawAhv);
    if (rawAhv !== null && ahvNumber === null)
      this.problem(id, "AhvNumber", `AhvNumber "${rawAhv}" is not an AHV number (756.dddd.dddd.dd).`);
    const nationalityValue = value(cv, "Nationality")?.toUpperCase() ?? null;
    const nationality = nationalityValue && /^[A-Z]{2}$/.test(nationalityValue) ? nationalityValue : "11";
    const civil = value(cv, "CivilStatus");
    const civilStatus = civil && CIVIL_STATUS.includes(civil) ? civil : "unknown";
    const address = this.address(
      id,
      { street: "Street", houseNumber: "HouseNumber", zip: "PostalCode", city: "City", country: "Country" },
      cv,
    );
    const abroad = address.country !== null && address.country !== "CH";
    const residenceCanton = abroad ? "EX" : cantonOf(value(cv, "ResidenceCanton"));
    if (residenceCanton === null)
      this.problem(
        id,
        "ResidenceCanton",
        "EmployeeAddress.ResidenceCanton is needed for a person living in Switzerland.",
      );
    const municipalityId = municipalityOf(value(cv, "ResidenceMunicipality"));
    const permit = value(cv, "WorkPermit");
    const residenceCategory = nationality !== "CH" && permit ? (RESIDENCE_CATEGORY[permit] ?? null) : null;
    const correspondence = value(cv, "CorrespondenceLanguage");
    const language =
      correspondence && LANGUAGES.includes(correspondence) ? (correspondence as ElmLanguage) : payrollLanguage;

    const accountingTime =
      employed && entryDate
        ? {
            from: entryDate > this.start ? entryDate : this.start,
            until: exitDate && exitDate < this.end ? exitDate : this.end,
          }
        : { from: this.start, until: this.end };
    const entryInPeriod = entryDate && entryDate >= this.start && entryDate <= this.end ? entryDate : null;
    const exitInPeriod = exitDate && exitDate >= this.start && exitDate <= this.end ? exitDate : null;

    const ahvPresent = employed || figures.ahvWage !== 0 || figures.ahvIncome !== 0;
    const ahv = ahvPresent
      ? {
          income: figures.ahvIncome,
          open: figures.ahvWage - figures.ahvIncome,
          alvIncome: figures.alvIncome,
          alvOpen: figures.ahvWage - figures.alvIncome,
        }
      : null;
    const fak = ahvPresent ? this.fak(e, figures) : null;
    const uvg = employed || figures.uvgWage !== 0 ? this.uvg(e, figures) : null;
    const bvg = this.bvg(e, figures);
    const taxAtSource = this.taxAtSource(e, figures, employed, residenceCanton, address);
    const taxAtSourceCorrections = this.taxAtSourceCorrections(e);

    return {
      employeeId: id,
      employeeNumber: e.identifier,
      firstName: e.firstName,
      lastName: e.lastName,
      ahvNumber,
      sex: sex ?? "M",
      birthDate: birthDate ?? "",
      nationality,
      civilStatus,
      address,
      residenceCanton: residenceCanton ?? "EX",
      municipalityId,
      residenceCategory,
      language,
      work: { steady: this.steadyWork(e), entryDate: entryDate ?? "", exitDate },
      accountingTime,
      entryInPeriod,
      exitInPeriod,
      ahv,
      fak,
      uvg,
      bvg,
      taxAtSource,
      taxAtSourceCorrections,
    };
  }

  /** The period's figures from collectors, year to date and lines; null (with a problem) when they do not agree. */
  private figures(e: ElmEmployeeInput) {
    const id = e.employeeId;
    const collector = (key: string) => rappen(e.collectors, key);
    const ytd = (key: string) => rappen(e.yearToDate, key);
    const before = (key: string) => rappen(e.yearToDateBefore, key);
    for (const key of ["ahvBase", "alvBase", "uvgBase"]) {
      if (!(key in e.yearToDate)) {
        this.problem(id, null, `The entry's yearToDate has no ${key}.`);
        return null;
      }
    }
    const pairs = [
      ["ahvWage", "AhvWage"],
      ["alvWage", "AlvWage"],
      ["uvgWage", "UvgWage"],
      ["bvgWage", "BvgWage"],
      ["qstWage", "QstWage"],
      ["gross", "GrossWage"],
    ] as const;
    const retro = (key: string) => rappen(e.retroCollectors ?? {}, key);
    const mismatch = pairs.filter(([y, c]) => ytd(y) - before(y) !== collector(c) + retro(c));
    if (mismatch.length) {
      this.problem(
        id,
        null,
        `yearToDate minus yearToDateBefore does not give this period's collectors (${mismatch.map(([, c]) => c).join(", ")}): pass the previous period's yearToDate, or {} for the first period of the year.`,
      );
      return null;
    }
    const line = (...numbers: string[]) =>
      sumRappen(e.lines.filter((l) => !l.retro && numbers.includes(l.number)).map((l) => l.amount));
    // Withholding tax is declared by the month it belongs to (corrections of closed months), the rest as paid.
    return {
      gross: collector("GrossWage") + retro("GrossWage"),
      ahvWage: collector("AhvWage") + retro("AhvWage"),
      uvgWage: collector("UvgWage") + retro("UvgWage"),
      bvgWage: collector("BvgWage") + retro("BvgWage"),
      qstWage: collector("QstWage"),
      // QST-SB-Lohn: the income that set the rate (entry, exit, part-time and annual-model conversions); entries
      // stored before it was kept, and months without a rate looked up (SFN), declare the QST wage.
      qstRateIncome: ytd("qstRateIncome") - before("qstRateIncome") || collector("QstWage"),
      ahvIncome: ytd("ahvBase") - before("ahvBase"),
      alvIncome: ytd("alvBase") - before("alvBase"),
      uvgContributory: ytd("uvgBase") - before("uvgBase"),
      qstAmount: line(WageTypeNumber.WithholdingTax),
      bvgEmployee: line(WageTypeNumber.BvgEmployee),
      bvgEmployer: line(WageTypeNumber.BvgEmployer),
      familyAllowances: line(WageTypeNumber.ChildAllowance, WageTypeNumber.EducationAllowance),
    };
  }

  private fak(e: ElmEmployeeInput, f: Figures): ElmPerson["fak"] {
    const fakCanton = cantonOf(value(this.co, "FakCanton"));
    if (!fakCanton) {
      this.problemOnce(null, "FakCanton", "CompanyFak.FakCanton is needed to declare FAK salaries.");
      return null;
    }
    const workplaceCanton = cantonOf(value(e.caseValues, "WorkplaceCanton")) ?? fakCanton;
    return { contributorySalary: f.ahvIncome, familyIncomeSupplement: f.familyAllowances, workplaceCanton };
  }

  private uvg(e: ElmEmployeeInput, f: Figures): ElmPerson["uvg"] {
    if (value(this.co, "UvgInsurer") === null) {
      this.problemOnce(null, "UvgInsurer", "CompanyUvg.UvgInsurer is needed to declare UVG salaries.");
      return null;
    }
    const branch = this.withDefault(
      "UVG-LAA-Code (branch letter)",
      ELM_DEFAULTS.uvgBranch,
      "No case field holds the UVG branch (Betriebsteil) of the insurer's contract.",
      null,
    );
    // Digit: 1 BU and NBU insured with an NBU deduction, 2 without (the employer pays NBU), 3 BU only (< 8 hours a week).
    const weekly = hundredths(value(e.caseValues, "WeeklyHours"));
    const minimum = 800n; // UVV Art. 13: NBU cover from 8 hours a week
    const share = hundredths(value(this.co, "NbuEmployeeShare"));
    const digit = weekly !== null && weekly < minimum ? "3" : share === 0n ? "2" : "1";
    return {
      code: `${branch}${digit}`,
      grossSalary: f.uvgWage,
      baseSalary: f.uvgWage,
      contributorySalary: f.uvgContributory,
    };
  }

  private bvg(e: ElmEmployeeInput, f: Figures): ElmPerson["bvg"] {
    if (f.bvgEmployee === 0 && f.bvgEmployer === 0) return null;
    if (value(this.co, "BvgInsurer") === null) {
      if (!this.notes.some((n) => n.code === "elm.bvg_not_declared")) {
        this.notes.push({
          employeeId: null,
          code: "elm.bvg_not_declared",
          message:
            "BVG contributions were calculated but no pension fund is recorded (CompanyBvg.BvgInsurer): BVG salaries are not declared.",
          blocking: false,
        });
      }
      return null;
    }
    return { periodBasis: f.bvgWage, employeeContribution: f.bvgEmployee, employerContribution: f.bvgEmployer };
  }

  private taxAtSource(
    e: ElmEmployeeInput,
    f: Figures,
    employed: boolean,
    residenceCanton: string | null,
    address: ElmAddress,
  ): ElmPerson["taxAtSource"] {
    const cv = e.caseValues;
    const id = e.employeeId;
    const tariff = value(cv, "TaxAtSourceTariff");
    if (tariff === null) {
      if (f.qstAmount !== 0)
        this.problem(
          id,
          "TaxAtSourceTariff",
          "Withholding tax was deducted but no tariff (WithholdingTax.TaxAtSourceTariff) is recorded.",
        );
      return null;
    }
    if (!employed && f.qstWage === 0 && f.qstAmount === 0) return null;
    const category = categoryOf(tariff);
    if (!category)
      this.problem(id, "TaxAtSourceTariff", `TaxAtSourceTariff "${tariff}" is not a tariff code (e.g. A0N).`);
    const canton = cantonOf(value(cv, "TaxAtSourceCanton"));
    if (!canton) this.problem(id, "TaxAtSourceCanton", "WithholdingTax.TaxAtSourceCanton is missing.");
    const municipality = municipalityOf(taxAtSourceMunicipalityOf(cv));
    if (municipality === null)
      this.problem(id, "TaxAtSourceMunicipality", "WithholdingTax.TaxAtSourceMunicipality (BFS number) is missing.");
    const abroad = residenceCanton === "EX" && address.country !== null;
    const residence = abroad
      ? {
          abroadCountry: address.country!,
          kind: this.withDefault(
            "TaxAtSource/Residence/KindOfResidence",
            "Daily" as const,
            "No case field says whether a person living abroad returns daily or weekly.",
            id,
          ),
        }
      : { canton: residenceCanton ?? "" };
    const workMunicipalityId = Number(
      this.withDefault(
        "TaxAtSource/WorkMunicipalityID",
        String(ELM_DEFAULTS.workMunicipalityId),
        "No case field holds the workplace's municipality (BFS number).",
        null,
      ),
    );
    return {
      institutionId: ID.qst(canton ?? ""),
      canton: canton ?? "",
      municipalityId: municipality ?? 0,
      category: category ?? { kind: "code", value: tariff },
      taxableEarning: f.qstWage,
      ascertainedTaxableEarning: f.qstRateIncome,
      taxAtSource: f.qstAmount,
      residence,
      workMunicipalityId,
    };
  }

  private taxAtSourceCorrections(e: ElmEmployeeInput): ElmTaxAtSourceCorrection[] {
    const id = e.employeeId;
    return (e.taxAtSourceCorrections ?? []).map((c) => {
      const figuresOf = (side: QstCorrectionInput["old"]): ElmTaxAtSourceFigures => {
        const category = categoryOf(side.tariff);
        if (!category)
          this.problem(
            id,
            "TaxAtSourceTariff",
            `TaxAtSourceTariff "${side.tariff}" of ${c.month} is not a tariff code.`,
          );
        return {
          category: category ?? { kind: "code", value: side.tariff },
          taxableEarning: side.taxableEarning,
          // As for the current month: the month's QST income (the rate-determining income is not stored).
          ascertainedTaxableEarning: side.taxableEarning,
          taxAtSource: side.taxAtSource,
        };
      };
      const canton = cantonOf(c.canton);
      if (!canton) this.problem(id, "TaxAtSourceCanton", `The withholding-tax canton of ${c.month} is missing.`);
      const municipality = municipalityOf(c.municipality);
      if (municipality === null)
        this.problem(
          id,
          "TaxAtSourceMunicipality",
          `WithholdingTax.TaxAtSourceMunicipality (BFS number) of ${c.month} is missing.`,
        );
      return {
        institutionId: ID.qst(canton ?? ""),
        canton: canton ?? "",
        municipalityId: municipality ?? 0,
        month: c.month,
        old: figuresOf(c.old),
        new: figuresOf(c.new),
      };
    });
  }

  private steadyWork(e: ElmEmployeeInput): ElmPerson["work"]["steady"] {
    const cv = e.caseValues;
    if (value(cv, "SalaryType") === "hourly") return null;
    const rate = hundredths(value(cv, "ActivityRate"));
    if (rate === null) {
      this.problem(e.employeeId, "ActivityRate", "Employment.ActivityRate is missing.");
      return null;
    }
    const weekly = hundredths(value(cv, "WeeklyHours"));
    if (weekly !== null) return { weeklyHours: fixed(weekly), activityRate: fixed(rate) };
    const hours = fixed(roundDiv(hundredths(ELM_DEFAULTS.weeklyHours)! * rate, 10_000n));
    this.withDefault(
      "Work/WorkingTime/Steady/WeeklyHours",
      hours,
      `No Employment.WeeklyHours: the test company's ${ELM_DEFAULTS.weeklyHours} hours x ActivityRate.`,
      e.employeeId,
    );
    return { weeklyHours: hours, activityRate: fixed(rate) };
  }

  private address(
    employeeId: string | null,
    fields: { street: string; houseNumber: string; zip: string; city: string; country: string },
    values: Readonly<Record<string, string>>,
  ): ElmAddress {
    const street = value(values, fields.street);
    const number = value(values, fields.houseNumber);
    const zipCode = value(values, fields.zip);
    const city = value(values, fields.city);
    if (zipCode === null) this.problem(employeeId, fields.zip, `${fields.zip} is missing.`);
    if (city === null) this.problem(employeeId, fields.city, `${fields.city} is missing.`);
    return {
      street: street === null ? null : number === null ? street : `${street} ${number}`,
      zipCode: zipCode ?? "",
      city: city ?? "",
      country: value(values, fields.country)?.toUpperCase() ?? null,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Totals
  // -------------------------------------------------------------------------------------------

  private totals(persons: ElmPerson[]): ElmTotals {
    const sum = <T>(items: T[], pick: (item: T) => number) => sumRappen(items.map(pick));
    const ahvPersons = persons.flatMap((p) => (p.ahv ? [p.ahv] : []));
    const ahv = ahvPersons.length
      ? {
          incomes: sum(ahvPersons, (a) => a.income),
          open: sum(ahvPersons, (a) => a.open),
          alvIncomes: sum(ahvPersons, (a) => a.alvIncome),
          alvzIncomes: 0,
          alvOpen: sum(ahvPersons, (a) => a.alvOpen),
        }
      : null;
    const fakPersons = persons.flatMap((p) => (p.fak ? [p.fak] : []));
    const fak = [...new Set(fakPersons.map((f) => f.workplaceCanton))].sort().map((canton) => {
      const inCanton = fakPersons.filter((f) => f.workplaceCanton === canton);
      return {
        canton,
        contributorySalary: sum(inCanton, (f) => f.contributorySalary),
        familyIncomeSupplement: sum(inCanton, (f) => f.familyIncomeSupplement),
      };
    });
    const uvgPersons = persons.flatMap((p) => (p.uvg ? [{ sex: p.sex, ...p.uvg }] : []));
    const uvgOf = (sex: "F" | "M", buOnly: boolean) =>
      sum(
        uvgPersons.filter((u) => u.sex === sex && u.code.endsWith("3") === buOnly),
        (u) => u.contributorySalary,
      );
    const uvg = uvgPersons.length
      ? {
          branch: uvgPersons[0]!.code.slice(0, 1),
          female: { nbuAndBu: uvgOf("F", false), buOnly: uvgOf("F", true) },
          male: { nbuAndBu: uvgOf("M", false), buOnly: uvgOf("M", true) },
          master: sum(uvgPersons, (u) => u.contributorySalary),
          females: uvgPersons.filter((u) => u.sex === "F").length,
          males: uvgPersons.filter((u) => u.sex === "M").length,
        }
      : null;
    const bvgPersons = persons.flatMap((p) => (p.bvg ? [p.bvg] : []));
    const bvg = bvgPersons.length ? { periodBasis: sum(bvgPersons, (b) => b.periodBasis) } : null;
    const qstPersons = persons.flatMap((p) => (p.taxAtSource ? [p.taxAtSource] : []));
    const corrections = persons.flatMap((p) => p.taxAtSourceCorrections);
    const cantons = [...new Set([...qstPersons.map((q) => q.canton), ...corrections.map((c) => c.canton)])].sort();
    const taxAtSource = cantons.map((canton) => {
      const inCanton = qstPersons.filter((q) => q.canton === canton);
      const correctedHere = corrections.filter((c) => c.canton === canton);
      const months = [...new Set(correctedHere.map((c) => c.month))].sort();
      // The employer's collection commission: the canton's rate for electronic settlement of the tax withheld.
      const basisPoints = this.input.collectionCommission?.[canton] ?? 0;
      const commissionOf = (tax: number) => applyRate(tax, rateFraction(basisPoints, 10_000), ROUND_RAPPEN);
      const taxAtSource = sum(inCanton, (q) => q.taxAtSource);
      return {
        institutionId: ID.qst(canton),
        canton,
        taxableEarning: sum(inCanton, (q) => q.taxableEarning),
        taxAtSource,
        commission: commissionOf(taxAtSource),
        corrections: months.map((month) => {
          const ofMonth = correctedHere.filter((c) => c.month === month);
          const tax = sum(ofMonth, (c) => c.new.taxAtSource - c.old.taxAtSource);
          return {
            month,
            taxableEarning: sum(ofMonth, (c) => c.new.taxableEarning - c.old.taxableEarning),
            taxAtSource: tax,
            commission: commissionOf(tax),
          };
        }),
      };
    });
    return { ahv, fak, uvg, bvg, taxAtSource };
  }

  // -------------------------------------------------------------------------------------------
  // Plumbing
  // -------------------------------------------------------------------------------------------

  private problem(employeeId: string | null, field: string | null, message: string) {
    this.problems.push({ employeeId, field, message });
  }

  private problemOnce(employeeId: string | null, field: string | null, message: string) {
    if (!this.problems.some((p) => p.employeeId === employeeId && p.field === field && p.message === message))
      this.problem(employeeId, field, message);
  }

  /** Uses a default for a required element without a case field, and records it once. */
  private withDefault<T extends string>(
    element: string,
    defaultValue: T,
    reason: string,
    employeeId: string | null,
  ): T {
    if (!this.defaults.some((d) => d.element === element && d.employeeId === employeeId))
      this.defaults.push({ element, value: defaultValue, reason, employeeId });
    return defaultValue;
  }
}

type Figures = NonNullable<ReturnType<Builder["figures"]>>;

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

/**
 * The BFS number declared for withholding tax: the recorded one, else the residence
 * municipality when the person lives in Switzerland, in the canton that taxes them.
 */
export function taxAtSourceMunicipalityOf(values: Readonly<Record<string, string | undefined>>): string | null {
  const canton = value(values, "TaxAtSourceCanton");
  const country = value(values, "Country");
  const livesThere = canton && (country === null || country === "CH") && value(values, "ResidenceCanton") === canton;
  return value(values, "TaxAtSourceMunicipality") ?? (livesThere ? value(values, "ResidenceMunicipality") : null);
}

function value(values: Readonly<Record<string, string | undefined>>, field: string): string | null {
  const v = values[field]?.trim();
  return v ? v : null;
}

function rappen(values: Readonly<Record<string, number>>, key: string): number {
  const v = values[key] ?? 0;
  assertRappen(v);
  return v;
}

function cantonOf(v: string | null): string | null {
  const canton = v?.toUpperCase() ?? null;
  return canton && CANTONS.includes(canton) ? canton : null;
}

function municipalityOf(v: string | null): number | null {
  if (v === null || !/^\d{1,4}$/.test(v)) return null;
  const n = Number(v);
  return n >= 1 && n <= 9999 ? n : null;
}

/** 756.dddd.dddd.dd from a value with or without the dots. */
function ahvNumberOf(v: string): string | null {
  const digits = v.replace(/[.\s]/g, "");
  if (!/^756\d{10}$/.test(digits)) return null;
  return `${digits.slice(0, 3)}.${digits.slice(3, 7)}.${digits.slice(7, 11)}.${digits.slice(11)}`;
}

/** CHE-ddd.ddd.ddd from a value with or without the separators. */
function uidOf(v: string): string | null {
  const digits = v
    .toUpperCase()
    .replace(/^CHE/, "")
    .replace(/[-.\s]/g, "");
  if (!/^\d{9}$/.test(digits)) return null;
  return `CHE-${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`;
}

/** The AHV fund's number as ELM writes it, fund.branch: "3" or "003" -> "003.000", "1.1" -> "001.001". */
function branchNumberOf(v: string): string | null {
  const match = /^(\d{1,3})(?:\.(\d{1,3}))?$/.exec(v);
  if (!match) return null;
  const fund = match[1]!.padStart(3, "0");
  if (fund === "000") return null;
  return `${fund}.${(match[2] ?? "0").padStart(3, "0")}`;
}

/** A decimal text ("80", "42.5", "80.125") in hundredths, rounded half up; null when empty or not a decimal. */
function hundredths(v: string | null): bigint | null {
  const match = v === null ? null : /^(\d+)(?:\.(\d+))?$/.exec(v);
  if (!match) return null;
  const fraction = match[2] ?? "";
  const value = BigInt(match[1]!) * 100n + BigInt(fraction.padEnd(2, "0").slice(0, 2));
  return fraction.length > 2 && fraction[2]! >= "5" ? value + 1n : value;
}

function roundDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** Hundredths as "42.00". */
function fixed(value: bigint): string {
  return `${value / 100n}.${String(value % 100n).padStart(2, "0")}`;
}
