import { FRENCH_AGREEMENT_CANTONS } from "@/server/regulations/catalog/identifiers";
import { formatRappen, roundTo5Rappen, toRappen } from "@/server/money/rappen";
import {
  type Rate,
  addRates,
  applyRate,
  compareRates,
  formatPercent,
  multiplyRates,
  rateFraction,
  subtractRates,
} from "@/server/money/rate";
import { ROUND_5_RAPPEN, ROUND_RAPPEN, type Rounding, roundFraction } from "@/server/money/rounding";
import { type QstRateResult, qstAmount, qstRate } from "@/server/regulations/qst/tariffs";
import {
  CaseReader,
  InvalidCaseValue,
  MissingRegulationData,
  type Param,
  type Read,
  RegulationReader,
  type Source,
  decimal,
  explanation,
  issue,
  money,
  pct,
} from "./context";
import { addMonthsToDate, ageOn, daysInclusive, firstOfMonthAfter, maxDate, minDate, monthOf, yearOf } from "./dates";
import { CALC_ISSUES as I } from "./issues";
import { type TextParams, yesNo } from "./texts";
import {
  type CalcIssue,
  type LineExplanation,
  type PeriodInput,
  type PeriodResult,
  type WageTypeLine,
  type YearToDate,
  qstAnnualKey,
} from "./types";
import { WageTypeNumber } from "./wage-types";

export function emptyYearToDate(): YearToDate {
  return {
    ahvWage: 0,
    alvWage: 0,
    uvgWage: 0,
    bvgWage: 0,
    qstWage: 0,
    gross: 0,
    ahvBase: 0,
    alvLiableWage: 0,
    alvBase: 0,
    alvDays: 0,
    uvgBase: 0,
    ktgBase: 0,
    days: 0,
    regularWage: 0,
    thirteenthPaid: 0,
  };
}

/** The CH collectors, always present in the result (the regulation's wage types may name more). */
const CH_COLLECTORS = [
  "GrossWage",
  "AhvWage",
  "AlvWage",
  "UvgWage",
  "BvgWage",
  "QstWage",
  "EmployeeDeductions",
  "EmployerContributions",
  "NetWage",
  "PayableAmount",
];

/** Social-insurance days per year and per month (AHV convention: 360 / 30). */
const YEAR_DAYS = 360n;
const MONTH_DAYS = 30;

/** Work permits of foreign workers taxed at source (everything but C and Swiss citizens). */
export const PERMITS_TAXED_AT_SOURCE = ["B", "L", "G", "F", "N", "S"];
export { FRENCH_AGREEMENT_CANTONS };

const byRate = (amount: number, rate: Rate, rounding: Rounding) => applyRate(amount, rate, rounding);
/** numerator / denominator in Rappen, rounded as named. */
const divide = (numerator: bigint, denominator: bigint, rounding: Rounding) =>
  toRappen(roundFraction(numerator, denominator, rounding));
const big = (n: number) => BigInt(n);
/** Rappen as CHF text for explanations. */
const c = (rappen: number) => formatRappen(rappen);
const percentText = (rate: Rate) => formatPercent(rate);

type Maybe = Source | null | undefined;

type Employment = {
  entry: Read | null;
  exit: Read | null;
  employed: boolean;
  /** First and last employed day within the period (when employed). */
  from: string;
  to: string;
  calendarDays: number;
  /** Social-insurance days: 30 for a whole month, else calendar days, at most 30. */
  svDays: number;
  /** The day state values are read on: the last employed day of the period, else the period's end. */
  refDate: string;
  exitInPeriod: boolean;
};

type Person = {
  birthDate: Read | null;
  sex: Read | null;
  /** AHV/IV/EO (and with it ALV) contributions are due: from 1 January after the 17th birthday. */
  ahvLiable: boolean;
  /** Past the month in which the reference age was reached. */
  pensioner: boolean;
  referenceAgeReached: string | null;
  referenceSources: Maybe[];
};

type PreparedRegulation = {
  reg: RegulationReader;
  defaults: ReadonlyMap<string, string>;
  collectorNames: readonly string[];
  collectorsOf: ReadonlyMap<string, ReadonlySet<string>>;
};

/**
 * What the calculation derives from the regulation alone (parameters in force by the period's end,
 * field defaults, collector names), worked out once per regulation object and period end instead
 * of once per employee: a recalculation passes the same merged regulation for every employee of a
 * period. Keyed by the object's identity (a WeakMap, so it lives as long as the caller keeps the
 * regulation): the regulation given is read as immutable, as the catalog's versions are.
 */
const prepared = new WeakMap<PeriodInput["regulation"], Map<string, PreparedRegulation>>();

function preparedRegulation(regulation: PeriodInput["regulation"], periodEnd: string): PreparedRegulation {
  let byEnd = prepared.get(regulation);
  if (!byEnd) prepared.set(regulation, (byEnd = new Map()));
  let found = byEnd.get(periodEnd);
  if (!found) {
    const defaults = new Map<string, string>();
    for (const definition of regulation.cases)
      for (const field of definition.fields) if (field.default !== undefined) defaults.set(field.name, field.default);
    const reg = new RegulationReader(regulation, periodEnd);
    const names = new Set(CH_COLLECTORS);
    for (const wageType of reg.wageTypes.values()) for (const c of wageType.collectors) names.add(c);
    const collectorsOf = new Map(
      [...reg.wageTypes.values()].map((wageType) => [wageType.number, new Set(wageType.collectors)]),
    );
    byEnd.set(periodEnd, (found = { reg, defaults, collectorNames: [...names], collectorsOf }));
  }
  return found;
}

/**
 * One employee, one period. Pure: reads the case histories and the regulation given, returns the
 * lines, collectors and the year to date for the next period.
 */
const NO_EXPLANATION: LineExplanation = Object.freeze({ text: "", caseValues: [], parameters: [] });

export function calculatePeriod(input: PeriodInput): PeriodResult {
  return new PeriodCalculation(input).run();
}

class PeriodCalculation {
  private readonly reg: RegulationReader;
  private readonly collectorNames: readonly string[];
  /** Per wage type number, the collectors its lines count towards. */
  private readonly collectorsOf: ReadonlyMap<string, ReadonlySet<string>>;
  private readonly emp: CaseReader;
  private readonly co: CaseReader;
  private readonly lines: WageTypeLine[] = [];
  private readonly issues: CalcIssue[] = [];
  private readonly ytd: YearToDate;
  private readonly period: { start: string; end: string; year: number; month: number };
  private work!: Employment;
  private person!: Person;
  /** Contribution bases of this period, for the year to date. */
  private readonly bases = { ahv: 0, alvLiable: 0, alv: 0, alvDays: 0, uvg: 0, ktg: 0, regular: 0 };
  /** The annual withholding-tax model's year in the canton after this month (qstAnnualKey). */
  private qstAnnualUpdate: Record<string, number> = {};
  /** The minor-salary exemption's effect this month (ahv() sets it, alv() follows). */
  private minorSalaryState: "exempt" | "catchUp" | null = null;
  /** The month's rate-determining withholding-tax income (Rappen), 0 when no rate was looked up. */
  private qstRateIncome = 0;
  /** Hourly pay of the period (lines 1005 and 1160): the monthly withholding-tax model converts it to full-time hours. */
  private hourlyPay: { wage: Read; hourly: number; holidayRate: Rate; weeks: Read | Param; paid: number } | null = null;

  constructor(private readonly input: PeriodInput) {
    const { reg, defaults, collectorNames, collectorsOf } = preparedRegulation(input.regulation, input.periodEnd);
    this.reg = reg;
    this.collectorNames = collectorNames;
    this.collectorsOf = collectorsOf;
    this.emp = new CaseReader(input.employee, input.knownAt, defaults);
    this.co = new CaseReader(input.company, input.knownAt, defaults);
    this.ytd = { ...emptyYearToDate(), ...input.yearToDate };
    this.period = {
      start: input.periodStart,
      end: input.periodEnd,
      year: yearOf(input.periodStart),
      month: monthOf(input.periodStart),
    };
  }

  run(): PeriodResult {
    this.work = this.employment();
    this.person = this.personFacts();
    if (this.work.employed) this.requireEmployeeData();

    this.rule(() => this.regularWage());
    this.rule(() => this.thirteenthSalary());
    this.rule(() => this.fourteenthSalary());
    this.rule(() => this.momentPayments());
    this.rule(() => this.companyCar());
    this.rule(() => this.boardAndLodging());
    this.rule(() => this.familyAllowances());

    this.rule(() => this.ahv());
    this.rule(() => this.alv());
    this.rule(() => this.uvg());
    this.rule(() => this.ktg());
    this.rule(() => this.bvg());
    this.rule(() => this.fak());
    this.rule(() => this.industryFunds());
    this.rule(() => this.lgavEnforcement());
    this.rule(() => this.withholdingTax());

    this.netWage();
    return this.result();
  }

  // -------------------------------------------------------------------------------------------
  // Plumbing
  // -------------------------------------------------------------------------------------------

  /** Runs one rule; what the regulation or the data cannot give becomes an issue instead of a crash. */
  private rule(fn: () => void) {
    try {
      fn();
    } catch (error) {
      if (error instanceof MissingRegulationData)
        this.addIssue(I.regulationIncomplete, error.message, true, undefined, { kind: error.kind, name: error.name });
      else if (error instanceof InvalidCaseValue)
        this.addIssue(I.invalidValue, error.message, true, error.field, {
          field: error.field,
          value: error.value,
          expected: error.expected,
        });
      else throw error;
    }
  }

  /** message: the English sentence; params: its figures, for the catalogs' sentence of the code (server/calc/texts.ts). */
  private addIssue(code: string, message: string, blocking: boolean, field?: string, params: TextParams = {}) {
    if (!this.issues.some((i) => i.code === code && i.field === field))
      this.issues.push(issue(code, message, blocking, field, params));
  }

  /**
   * A line's explanation, or none when the caller does not keep them (a recalculation: explain.ts
   * derives them on read). Built only when kept: a recalculation of a whole payroll spent a tenth of
   * its time formatting texts and figures it then threw away.
   */
  private why(
    build: () => readonly [
      key: string,
      params: TextParams,
      text: string,
      sources: readonly (Source | null | undefined)[],
    ],
  ): LineExplanation {
    return this.input.explain === false ? NO_EXPLANATION : explanation(...build());
  }

  private addLine(
    number: string,
    amount: number,
    base: number | null,
    rate: string | null,
    why: LineExplanation,
    keepZero = false,
  ) {
    if (amount === 0 && !keepZero) return;
    const wageType = this.reg.wageTypes.get(number);
    if (!wageType) {
      this.addIssue(
        I.wageTypeNotInRegulation,
        `Wage type ${number} is not part of the regulation in force; its amount ${c(amount)} CHF was left out.`,
        true,
        undefined,
        { number, amount: c(amount) },
      );
      return;
    }
    this.lines.push({ number, name: wageType.name.en, amount, base, rate, explanation: why });
  }

  private amountOf(number: string) {
    return this.lines.filter((l) => l.number === number).reduce((sum, l) => sum + l.amount, 0);
  }

  private collector(name: string) {
    let sum = 0;
    for (const line of this.lines) if (this.collectorsOf.get(line.number)?.has(name)) sum += line.amount;
    return sum;
  }

  private hasWageType(...numbers: string[]) {
    return numbers.some((n) => this.reg.wageTypes.has(n));
  }

  // -------------------------------------------------------------------------------------------
  // Facts
  // -------------------------------------------------------------------------------------------

  private employment(): Employment {
    const { start, end } = this.period;
    const entry = this.emp.dateField("EntryDate", end);
    const exit = this.emp.dateField("ExitDate", end);
    const from = entry ? maxDate(entry.value, start) : start;
    const to = exit ? minDate(exit.value, end) : end;
    const employed = entry !== null && from <= to;
    const calendarDays = employed ? daysInclusive(from, to) : 0;
    const svDays = !employed ? 0 : from === start && to === end ? MONTH_DAYS : Math.min(MONTH_DAYS, calendarDays);
    if (
      !entry &&
      Object.keys(this.input.employee).some((f) => ["SalaryType", "MonthlySalary", "HourlyWage"].includes(f))
    ) {
      this.addIssue(
        I.missingEntryDate,
        "No entry date (Employment.EntryDate): the calculation cannot tell whether the person is employed.",
        true,
        "EntryDate",
      );
    }
    return {
      entry,
      exit,
      employed,
      from,
      to,
      calendarDays,
      svDays,
      refDate: employed ? to : end,
      exitInPeriod: !!exit && exit.value >= start && exit.value <= end,
    };
  }

  private personFacts(): Person {
    const birthDate = this.emp.at("BirthDate", this.work.refDate);
    const sex = this.emp.at("Sex", this.work.refDate);
    if (!birthDate)
      return { birthDate, sex, ahvLiable: true, pensioner: false, referenceAgeReached: null, referenceSources: [] };
    const birthYear = yearOf(birthDate.value);
    const startAfter = this.reg.optionalParam("AhvContributionStartAfterBirthday");
    const ahvLiable = this.period.year >= birthYear + Number(startAfter?.value ?? "17") + 1;
    let months: number;
    const referenceSources: Maybe[] = [birthDate, sex];
    if (sex?.value === "female") {
      const keys = this.reg.lookupValues("ReferenceAgeWomenMonths").map((v) => Number(v.key));
      const key = String(Math.min(Math.max(birthYear, Math.min(...keys)), Math.max(...keys)));
      const found = this.reg.lookup("ReferenceAgeWomenMonths", key);
      if (!found) throw new MissingRegulationData("lookupValue", `ReferenceAgeWomenMonths[${key}]`);
      months = Number(found.value);
      referenceSources.push(found);
    } else {
      const men = this.reg.param("ReferenceAgeMen");
      months = Number(men.value) * 12;
      referenceSources.push(men);
    }
    const reached = addMonthsToDate(birthDate.value, months);
    // AHV 21: the pensioner allowance applies, and ALV ends, from the month after the reference age is reached.
    const pensioner = this.period.start >= firstOfMonthAfter(reached, 1);
    return { birthDate, sex, ahvLiable, pensioner, referenceAgeReached: reached, referenceSources };
  }

  private requireEmployeeData() {
    const at = this.work.refDate;
    if (!this.person.birthDate)
      this.addIssue(
        I.missingBirthDate,
        "No birth date: AHV liability, reference age and BVG age credits cannot be decided (calculated as an adult below reference age, without BVG).",
        true,
        "BirthDate",
      );
    if (!this.person.sex)
      this.addIssue(
        I.missingSex,
        "No sex recorded: the reference age and the KTG rate depend on it (calculated with the men's reference age).",
        true,
        "Sex",
      );
    if (!this.emp.at("AhvNumber", at))
      this.addIssue(I.missingAhvNumber, "No AHV number: contributions cannot be declared.", true, "AhvNumber");
  }

  // -------------------------------------------------------------------------------------------
  // Earnings
  // -------------------------------------------------------------------------------------------

  private regularWage() {
    if (!this.work.employed) {
      // Hours recorded for a period without employment are still paid, and flagged.
      this.hourlyWage(null);
      return;
    }
    const salaryType = this.emp.at("SalaryType", this.work.refDate);
    if (!salaryType) {
      this.addIssue(
        I.missingSalaryType,
        "No salary type (Salary.SalaryType) for an employed person.",
        true,
        "SalaryType",
      );
      return;
    }
    if (salaryType.value === "hourly") this.hourlyWage(salaryType);
    else this.monthlySalary(salaryType);
    this.bases.regular =
      this.amountOf(WageTypeNumber.MonthlySalary) +
      this.amountOf(WageTypeNumber.HourlyWage) +
      this.amountOf(WageTypeNumber.HolidayCompensation);
  }

  /**
   * MonthlySalary is the agreed salary at the activity rate (ch-case-catalog), so the activity rate
   * is not applied again. Entry or exit within the month: svDays / 30. A salary change within the
   * month is weighted by calendar days: sum(salary x days) / employed days x svDays / 30.
   */
  private monthlySalary(salaryType: Read) {
    const { from, to, calendarDays, svDays } = this.work;
    const segments = this.emp.segments("MonthlySalary", from, to);
    let numerator = 0n;
    const sources: Maybe[] = [salaryType, this.work.entry, this.work.exit];
    for (const segment of segments) {
      if (!segment.read) {
        this.addIssue(
          I.missingMonthlySalary,
          `No monthly salary (Salary.MonthlySalary) from ${segment.from} to ${segment.to}.`,
          true,
          "MonthlySalary",
          { from: segment.from, to: segment.to },
        );
        continue;
      }
      sources.push(segment.read);
      numerator += big(money(segment.read)) * big(daysInclusive(segment.from, segment.to));
    }
    if (numerator === 0n) return;
    const amount = divide(numerator * big(svDays), big(calendarDays) * big(MONTH_DAYS), ROUND_RAPPEN);
    const single = segments.length === 1 && segments[0]!.read ? money(segments[0]!.read) : null;
    const prorated = svDays < MONTH_DAYS;
    const why = this.why(() => {
      const listed = segments.map((s) => `${s.read?.value ?? "0.00"} ${s.from}..${s.to}`).join(", ");
      const text =
        (segments.length > 1
          ? `Monthly salary changed within the month: weighted by calendar days (${listed}). `
          : "MonthlySalary, the agreed salary at the activity rate. ") +
        (prorated
          ? `Employed ${from}..${to}: ${svDays} of ${MONTH_DAYS} days, rounded to the Rappen (half up).`
          : "Whole month.");
      const params: TextParams = { prorated: yesNo(prorated), from, to, days: String(svDays) };
      return segments.length > 1
        ? ["monthlySalaryChanged", { segments: listed, ...params }, text, sources]
        : ["monthlySalary", params, text, sources];
    });
    this.addLine(
      WageTypeNumber.MonthlySalary,
      amount,
      single,
      prorated ? percentText(rateFraction(svDays, MONTH_DAYS)) : null,
      why,
    );
  }

  private hourlyWage(salaryType: Read | null) {
    const hours = this.emp.moments("Hours", this.period.start, this.period.end);
    this.flagOutsideEmployment(hours);
    let total: Rate = rateFraction(0, 1);
    for (const h of hours) total = addRates(total, decimal(h));
    if (total.numerator === 0n) {
      if (salaryType)
        this.addIssue(
          I.hourlyWithoutHours,
          "Hourly wage but no hours (WorkedHours.Hours) recorded in the period.",
          true,
          "Hours",
        );
      return;
    }
    const wage = this.emp.at("HourlyWage", this.work.refDate);
    if (!wage) {
      this.addIssue(I.missingHourlyWage, "Hours recorded but no hourly wage (Salary.HourlyWage).", true, "HourlyWage");
      return;
    }
    const hourly = money(wage);
    const amount = byRate(hourly, total, ROUND_RAPPEN);
    const hoursText = formatPercent(multiplyRates(total, rateFraction(1, 100)));
    this.addLine(
      WageTypeNumber.HourlyWage,
      amount,
      hourly,
      null,
      this.why(() => [
        "hourlyWage",
        { hours: hoursText, hourlyWage: wage.value },
        `${hoursText} hours x ${wage.value} CHF, rounded to the Rappen (half up).`,
        [salaryType, wage, ...hours],
      ]),
    );

    // Holiday compensation: weeks / (52 - weeks) of the hourly wage, shown with its percentage.
    const recorded = this.emp.at("HolidayWeeks", this.work.refDate);
    const industry = this.reg.optionalParam("HolidayWeeks");
    let weeksSource: Read | Param = recorded ??
      industry ??
      this.emp.atOrDefault("HolidayWeeks", this.work.refDate) ?? { key: "MinimumHolidayWeeks", value: "4" };
    const sources: Maybe[] = [weeksSource];
    if (this.person.birthDate && ageOn(this.person.birthDate.value, this.period.end) < 20) {
      const minimum = this.reg.optionalParam("MinimumHolidayWeeksUnder20");
      if (minimum && compareRates(decimal(weeksSource), decimal(minimum)) < 0) {
        if (recorded)
          this.addIssue(
            I.holidayWeeksBelowMinimum,
            `HolidayWeeks ${recorded.value} is below the legal minimum of ${minimum.value} weeks up to age 20 (OR 329a).`,
            false,
            "HolidayWeeks",
            { weeks: recorded.value, minimumWeeks: minimum.value },
          );
        else weeksSource = minimum;
        sources.push(minimum, this.person.birthDate);
      }
    }
    const weeks = decimal(weeksSource);
    const rate = rateFraction(weeks.numerator, 52n * weeks.denominator - weeks.numerator);
    const compensation = byRate(amount, rate, ROUND_RAPPEN);
    this.hourlyPay = { wage, hourly, holidayRate: rate, weeks: weeksSource, paid: amount + compensation };
    this.addLine(
      WageTypeNumber.HolidayCompensation,
      compensation,
      amount,
      percentText(rate),
      this.why(() => [
        "holidayCompensation",
        { weeks: weeksSource.value, holidayRate: formatPercent(rate, 2) },
        `Holiday compensation ${weeksSource.value} / (52 - ${weeksSource.value}) = ${formatPercent(rate, 2)} % of the hourly wage, rounded to the Rappen (half up).`,
        [...sources, weeksSource],
      ]),
    );
  }

  /** 13th salary: monthly 1/12 of the regular wage; december: 1/12 of the year's regular wage in December or on exit, less what was paid. */
  private thirteenthSalary() {
    const mode = this.emp.atOrDefault("ThirteenthSalary", this.work.refDate);
    const mandatory = this.reg.optionalParam("ThirteenthSalaryMandatory");
    if ((!mode || mode.value === "none") && mandatory?.value === "true" && this.work.employed) {
      this.addIssue(
        I.thirteenthSalaryMandatory,
        "The industry regulation makes the 13th salary part of the wage, but Salary.ThirteenthSalary is none.",
        false,
        "ThirteenthSalary",
      );
    }
    this.extraMonthlySalary(mode, {
      number: WageTypeNumber.ThirteenthSalary,
      label: "13th",
      paid: this.ytd.thirteenthPaid,
      keys: ["thirteenthMonthly", "thirteenthYear"],
    });
  }

  /** A 14th salary, where the contract agrees one: paid as the 13th is (Salary.FourteenthSalary). */
  private fourteenthSalary() {
    const mode = this.emp.atOrDefault("FourteenthSalary", this.work.refDate);
    this.extraMonthlySalary(mode, {
      number: WageTypeNumber.FourteenthSalary,
      label: "14th",
      paid: this.ytd.fourteenthPaid ?? 0,
      keys: ["fourteenthMonthly", "fourteenthYear"],
    });
  }

  /**
   * An agreed extra monthly salary (13th, 14th): monthly 1/12 of the month's regular wage; december: 1/12 of
   * the year's regular wage in December or on exit, less what was paid.
   */
  private extraMonthlySalary(
    mode: Read | null,
    extra: { number: string; label: string; paid: number; keys: readonly [monthly: string, year: string] },
  ) {
    if (!mode || mode.value === "none") return;
    const regular = this.bases.regular;
    if (mode.value === "monthly") {
      const amount = divide(big(regular), 12n, ROUND_RAPPEN);
      this.addLine(
        extra.number,
        amount,
        regular,
        percentText(rateFraction(1, 12)),
        this.why(() => [
          extra.keys[0],
          {},
          `${extra.label} salary paid monthly: 1/12 of this month's regular wage (1000, 1005, 1160), rounded to the Rappen (half up).`,
          [mode],
        ]),
      );
      return;
    }
    if (this.period.month !== 12 && !this.work.exitInPeriod) return;
    const yearRegular = this.ytd.regularWage + regular;
    const owed = divide(big(yearRegular), 12n, ROUND_RAPPEN);
    const amount = owed - extra.paid;
    const when = this.work.exitInPeriod ? `on exit (${this.work.exit?.value})` : "in December";
    this.addLine(
      extra.number,
      amount,
      yearRegular,
      percentText(rateFraction(1, 12)),
      this.why(() => [
        extra.keys[1],
        {
          when: this.work.exitInPeriod ? "exit" : "december",
          exitDate: this.work.exitInPeriod ? (this.work.exit?.value ?? "") : "",
          yearWage: c(yearRegular),
          paid: c(extra.paid),
        },
        `${extra.label} salary paid ${when}: 1/12 of the year's regular wage ${c(yearRegular)} CHF (pro rata of the time employed), rounded to the Rappen (half up), less ${c(extra.paid)} CHF already paid.`,
        [mode, this.work.exit],
      ]),
    );
  }

  /** Bonus, expenses and insurance daily allowances: moment values of the period. */
  private momentPayments() {
    const { start, end } = this.period;
    const kinds = [
      {
        field: "BonusAmount",
        number: WageTypeNumber.Bonus,
        key: "bonus",
        text: "One-time payment (bonus): AHV/ALV/UVG/QST-liable, not BVG salary.",
      },
      {
        field: "ExpenseAmount",
        number: WageTypeNumber.Expenses,
        key: "expenses",
        text: "Expenses: reimbursed, not wage (no AHV, ALV, UVG, QST).",
      },
      {
        field: "DailyAllowanceAmount",
        number: WageTypeNumber.InsuranceDailyAllowance,
        key: "dailyAllowance",
        text: "Insurance daily allowance paid through payroll: not AHV-liable.",
      },
    ];
    for (const kind of kinds) {
      const moments = this.emp.moments(kind.field, start, end);
      if (!moments.length) continue;
      this.flagOutsideEmployment(moments);
      const amount = moments.reduce((sum, m) => sum + money(m), 0);
      const descriptions = kind.field === "BonusAmount" ? this.emp.moments("BonusDescription", start, end) : [];
      const described = descriptions.map((d) => d.value).join("; ");
      const text = kind.text + (descriptions.length ? ` ${described}.` : "");
      const why = descriptions.length
        ? this.why(() => ["bonusDescribed", { descriptions: described }, text, [...moments, ...descriptions]])
        : this.why(() => [kind.key, {}, text, moments]);
      this.addLine(kind.number, amount, null, null, why);
    }
  }

  /**
   * Private use of a company car (salary certificate field 2.2): CompanyCarPrivateShareRate of the purchase
   * price per month, at least CompanyCarPrivateShareMinimum, as wage for every insurance and the tax, and
   * taken back after the net wage (6400): a benefit in kind is not paid out. A month employed in part counts
   * svDays / 30, as the salary does (the guide states a monthly amount only).
   */
  private companyCar() {
    if (!this.work.employed) return;
    const price = this.emp.at("CompanyCarPrice", this.work.refDate);
    if (!price || money(price) === 0) return;
    const rate = this.reg.param("CompanyCarPrivateShareRate");
    const minimum = this.reg.param("CompanyCarPrivateShareMinimum");
    const byPrice = byRate(money(price), pct(rate), ROUND_RAPPEN);
    const month = Math.max(byPrice, money(minimum));
    const part = this.partOfMonth(month);
    const amount = part.amount;
    const params: TextParams = {
      price: c(money(price)),
      rate: rate.value,
      minimum: minimum.value,
      capped: yesNo(byPrice < money(minimum)),
      perMonth: c(month),
      ...part.params,
    };
    this.addLine(
      WageTypeNumber.PrivateUseOfCompanyCar,
      amount,
      money(price),
      rate.value,
      this.why(() => [
        "companyCar",
        params,
        `Private use of the company car: ${rate.value} % of the purchase price ${c(money(price))} CHF per month, at least ${minimum.value} CHF: ${c(month)} CHF${part.text}`,
        [price, rate, minimum, this.work.entry, this.work.exit],
      ]),
    );
    this.takenBackInKind(WageTypeNumber.CompanyCarInKind, amount, "car", price);
  }

  /**
   * Free board and lodging (salary certificate field 2.1) at the monthly value HR records, a benefit in kind like
   * the car: wage for every insurance and the tax, taken back after the net wage (6410); svDays / 30 in part months.
   */
  private boardAndLodging() {
    if (!this.work.employed) return;
    const value = this.emp.at("BoardAndLodgingValue", this.work.refDate);
    if (!value || money(value) === 0) return;
    const part = this.partOfMonth(money(value));
    this.addLine(
      WageTypeNumber.BoardAndLodging,
      part.amount,
      money(value),
      null,
      this.why(() => [
        "boardAndLodging",
        { perMonth: value.value, ...part.params },
        `Free board and lodging at ${value.value} CHF per month${part.text}`,
        [value, this.work.entry, this.work.exit],
      ]),
    );
    this.takenBackInKind(WageTypeNumber.BoardAndLodgingInKind, part.amount, "board", value);
  }

  /** A monthly amount for the days employed (svDays / 30, as the salary), with the explanation's figures and words. */
  private partOfMonth(monthly: number) {
    const { svDays, from, to } = this.work;
    const prorated = svDays < MONTH_DAYS;
    return {
      amount: prorated ? divide(big(monthly) * big(svDays), big(MONTH_DAYS), ROUND_RAPPEN) : monthly,
      params: { prorated: yesNo(prorated), from, to, days: String(svDays) },
      text: prorated
        ? `; employed ${from}..${to}: ${svDays} of ${MONTH_DAYS} days, rounded to the Rappen (half up).`
        : ".",
    };
  }

  /** A benefit in kind is wage but not money: the line after the net wage that keeps it out of the amount paid. */
  private takenBackInKind(number: string, amount: number, kind: "car" | "board", source: Read) {
    const what = kind === "car" ? "private use of the company car" : "free board and lodging";
    this.addLine(
      number,
      -amount,
      null,
      null,
      this.why(() => [
        "benefitInKind",
        { amount: c(amount), kind },
        `The ${what} (${c(amount)} CHF) is wage in kind: it is not paid out.`,
        [source],
      ]),
    );
  }

  private flagOutsideEmployment(moments: Read[]) {
    if (!moments.length) return;
    const { entry, exit } = this.work;
    const momentStarts = moments.map((m) => this.momentStart(m));
    if (exit && momentStarts.some((s) => s > exit.value)) {
      this.addIssue(
        I.payAfterExit,
        `A payment dated after the exit on ${exit.value} (confirm it or correct the date).`,
        true,
        moments[0]!.field,
        { exitDate: exit.value },
      );
    } else if (!this.work.employed || (entry && momentStarts.some((s) => s < entry.value))) {
      this.addIssue(
        I.payBeforeEntry,
        entry ? `A payment dated before the entry on ${entry.value}.` : "A payment for a person without an entry date.",
        true,
        moments[0]!.field,
        { entry: yesNo(!!entry), entryDate: entry?.value ?? "" },
      );
    }
  }

  private momentStart(read: Read) {
    const values = this.input.employee[read.field] ?? [];
    return (
      values.find((v) => v.caseChangeId === read.caseChangeId && v.value === read.value)?.start ?? this.period.start
    );
  }

  /** Child and education allowances paid out (refunded by the FAK), by the workplace canton's amounts. */
  private familyAllowances() {
    if (!this.work.employed) return;
    const at = this.work.refDate;
    const children = this.emp.at("ChildAllowances", at);
    const education = this.emp.at("EducationAllowances", at);
    if (!children && !education) return;
    const canton = this.emp.at("WorkplaceCanton", at) ?? this.co.at("FakCanton", at);
    let amounts = canton ? this.reg.lookup("FamilyAllowanceAmounts", canton.value) : null;
    if (!amounts) {
      amounts = this.reg.lookup("FamilyAllowanceAmounts", "CH");
      if (!amounts) throw new MissingRegulationData("lookupValue", "FamilyAllowanceAmounts[CH]");
      this.addIssue(
        I.familyAllowanceCantonNotShipped,
        `No family allowance amounts for canton ${canton?.value ?? "(none recorded)"}: the federal minimum is paid. Check the canton's amounts.`,
        false,
        "WorkplaceCanton",
        { known: yesNo(!!canton), canton: canton?.value ?? "" },
      );
    }
    const [child = "0.00", edu = "0.00"] = amounts.value.split("/");
    const { svDays } = this.work;
    const prorated = svDays < MONTH_DAYS ? ` x ${svDays}/${MONTH_DAYS} days` : "";
    for (const [number, count, perChild, label] of [
      [WageTypeNumber.ChildAllowance, children, child, "child"],
      [WageTypeNumber.EducationAllowance, education, edu, "education"],
    ] as const) {
      if (!count) continue;
      const n = BigInt(count.value);
      const each = money({ key: amounts.key, value: perChild });
      const amount = divide(n * big(each) * big(svDays), big(MONTH_DAYS), ROUND_RAPPEN);
      this.addLine(
        number,
        amount,
        each,
        null,
        this.why(() => [
          "familyAllowance",
          {
            count: count.value,
            perChild,
            allowanceKind: label,
            table: amounts.key,
            prorated: yesNo(svDays < MONTH_DAYS),
            days: String(svDays),
          },
          `${count.value} x ${perChild} CHF ${label} allowance (${amounts.key})${prorated}, rounded to the Rappen (half up).`,
          [count, canton, amounts],
        ]),
      );
    }
  }

  // -------------------------------------------------------------------------------------------
  // Social insurance
  // -------------------------------------------------------------------------------------------

  private ahv() {
    const wage = this.collector("AhvWage");
    const { ahvLiable, pensioner, birthDate } = this.person;
    if (!ahvLiable || wage === 0) return; // contributions start on 1 January after the 17th birthday
    const employeeRate = this.reg.param("AhvEmployeeRate");
    const employerRate = this.reg.param("AhvEmployerRate");
    const shares = ["AhvShareEachSide", "IvShareEachSide", "EoShareEachSide"].map((k) => this.reg.optionalParam(k));
    let base = wage;
    const sources: Maybe[] = [birthDate, ...shares];
    let key = "ahv";
    const allowance = pensioner ? this.reg.param("PensionerAllowanceMonth") : null;
    if (allowance) {
      base = Math.max(0, wage - money(allowance));
      sources.push(allowance, ...this.person.referenceSources);
      key = "ahvPensioner";
    }
    const minor = allowance ? null : this.minorSalary(wage);
    if (minor?.exempt) {
      this.minorSalaryState = "exempt";
      this.addLine(
        WageTypeNumber.AhvEmployee,
        0,
        0,
        employeeRate.value,
        this.why(() => [
          "ahvMinorSalary",
          { wage: c(wage), yearWage: c(minor.yearWage), limit: minor.limit.value },
          `No AHV/IV/EO on the AHV-liable wage ${c(wage)} CHF: the year's ${c(minor.yearWage)} CHF does not exceed the minor-salary limit of ${minor.limit.value} CHF per employer, and the person has not asked for contributions (AHVV Art. 34d).`,
          [minor.limit, ...minor.sources],
        ]),
        true,
      );
      return;
    }
    if (minor) {
      // Past the limit: the whole year's wage is liable, the months exempted before included.
      this.minorSalaryState = "catchUp";
      base = minor.yearWage - this.ytd.ahvBase;
      sources.push(minor.limit);
      key = "ahvMinorSalaryCatchUp";
    }
    const text = () =>
      `AHV/IV/EO on the AHV-liable wage ${c(wage)} CHF` +
      (allowance
        ? `, less the pensioner allowance ${allowance.value} CHF (reference age reached ${this.person.referenceAgeReached})`
        : "") +
      (minor
        ? `: the year's ${c(minor.yearWage)} CHF exceeds the minor-salary limit of ${minor.limit.value} CHF, so the whole year is liable, ${c(base)} CHF this month with the months exempted before`
        : "");
    const params = (): TextParams => ({
      wage: c(wage),
      ...(allowance ? { allowance: allowance.value, reached: this.person.referenceAgeReached ?? "" } : {}),
      ...(minor ? { yearWage: c(minor.yearWage), limit: minor.limit.value, base: c(base) } : {}),
    });
    this.bases.ahv = base;
    const employee = byRate(base, pct(employeeRate), ROUND_5_RAPPEN);
    const employer = byRate(base, pct(employerRate), ROUND_5_RAPPEN);
    this.addLine(
      WageTypeNumber.AhvEmployee,
      employee,
      base,
      employeeRate.value,
      this.why(() => [
        key,
        { ...params(), rate: employeeRate.value },
        `${text()}; ${employeeRate.value} %, rounded to 0.05 CHF (half up).`,
        [...sources, employeeRate],
      ]),
    );
    this.addLine(
      WageTypeNumber.AhvEmployer,
      employer,
      base,
      employerRate.value,
      this.why(() => [
        key,
        { ...params(), rate: employerRate.value },
        `${text()}; ${employerRate.value} %, rounded to 0.05 CHF (half up).`,
        [...sources, employerRate],
      ]),
    );
    const adminRate = this.co.atOrDefault("AhvAdminCostRate", this.work.refDate);
    if (adminRate) {
      const contributions = employee + employer;
      this.addLine(
        WageTypeNumber.AhvAdministrationCosts,
        byRate(contributions, pct(adminRate), ROUND_5_RAPPEN),
        contributions,
        adminRate.value,
        this.why(() => [
          "ahvAdmin",
          { rate: adminRate.value },
          `AHV administration costs: ${adminRate.value} % of the AHV/IV/EO contributions (employee and employer), rounded to 0.05 CHF (half up).`,
          [adminRate],
        ]),
      );
    }
  }

  /**
   * The minor-salary exemption (AHVV Art. 34d): AHV/IV/EO (and with it ALV and FAK) is levied on a wage of at
   * most MinorSalaryExemptionYear per calendar year and employer only when the person asks, and always in
   * the sectors MinorSalaryExemptionExcludedSectors names. Exempt while the year's AHV wage so far, and with it
   * the monthly salary agreed for the rest of the year, stay within the limit; once past it the whole year is
   * liable, the months exempted before caught up. null: the exemption does not apply.
   */
  private minorSalary(wage: number) {
    const limit = this.reg.optionalParam("MinorSalaryExemptionYear");
    if (!limit) return null;
    const requested = this.emp.at("AhvMinorSalaryContributions", this.work.refDate);
    if (requested?.value === "true") return null;
    const sector = this.co.atOrDefault("EmployerSector", this.work.refDate);
    const excluded = this.reg.optionalParam("MinorSalaryExemptionExcludedSectors");
    if (sector && excluded?.value.split(",").includes(sector.value)) return null;
    const yearWage = this.ytd.ahvWage + wage;
    const sources = [requested, sector, excluded];
    if (yearWage <= money(limit) && this.agreedSalaryUntilYearEnd() + yearWage <= money(limit))
      return { exempt: true, yearWage, limit, sources };
    // Liable from the start of the year on: nothing to catch up.
    if (this.ytd.ahvBase >= this.ytd.ahvWage) return null;
    return { exempt: false, yearWage, limit, sources };
  }

  /**
   * The monthly salary still agreed for the rest of the calendar year (to the exit when one is recorded):
   * a salary that will exceed the minor-salary limit within the year is liable from its first month.
   */
  private agreedSalaryUntilYearEnd() {
    const { refDate, exit, employed } = this.work;
    if (!employed || this.emp.at("SalaryType", refDate)?.value !== "monthly") return 0;
    const salary = this.emp.at("MonthlySalary", refDate);
    if (!salary) return 0;
    const lastMonth = exit && yearOf(exit.value) === this.period.year ? monthOf(exit.value) : 12;
    return money(salary) * Math.max(0, lastMonth - this.period.month);
  }

  /**
   * ALV, cumulative year to date: the base of the year so far is min(ALV-liable wage, 148,200 x
   * ALV days / 360); this month's base is its increase. A month below the ceiling after months
   * above it catches up, as the AHV funds count it. Not due past the reference age.
   */
  private alv() {
    const { ahvLiable, pensioner } = this.person;
    const liable = ahvLiable && !pensioner;
    const exempted = this.ytd.alvWage - this.ytd.alvLiableWage;
    const wage = !liable
      ? 0
      : this.minorSalaryState === "exempt"
        ? 0
        : this.collector("AlvWage") + (this.minorSalaryState === "catchUp" ? exempted : 0);
    const days = liable ? this.work.svDays : 0;
    this.bases.alvLiable = wage;
    this.bases.alvDays = days;
    const ceilingYear = this.reg.param("AlvCeilingYear");
    const alvDays = this.ytd.alvDays + days;
    const ceiling = divide(big(money(ceilingYear)) * big(alvDays), YEAR_DAYS, ROUND_RAPPEN);
    const liableYtd = this.ytd.alvLiableWage + wage;
    const base = Math.min(liableYtd, ceiling) - this.ytd.alvBase;
    this.bases.alv = base;
    if (base === 0) return;
    const employeeRate = this.reg.param("AlvEmployeeRate");
    const employerRate = this.reg.param("AlvEmployerRate");
    const solidarity = this.reg.optionalParam("AlvSolidarityRate");
    const text = () =>
      `ALV on the ALV-liable wage up to the ceiling counted year to date: ceiling ${ceilingYear.value} x ${alvDays}/360 days = ${c(ceiling)} CHF, liable wage so far ${c(liableYtd)} CHF, base so far ${c(this.ytd.alvBase)} CHF, this month ${c(base)} CHF`;
    const sources: Maybe[] = [ceilingYear, solidarity, ...this.person.referenceSources];
    const params = (): TextParams => ({
      ceilingYear: ceilingYear.value,
      days: String(alvDays),
      ceiling: c(ceiling),
      liableSoFar: c(liableYtd),
      baseSoFar: c(this.ytd.alvBase),
      base: c(base),
    });
    this.addLine(
      WageTypeNumber.AlvEmployee,
      byRate(base, pct(employeeRate), ROUND_5_RAPPEN),
      base,
      employeeRate.value,
      this.why(() => [
        "alv",
        { ...params(), rate: employeeRate.value },
        `${text()}; ${employeeRate.value} %, rounded to 0.05 CHF (half up).`,
        [...sources, employeeRate],
      ]),
    );
    this.addLine(
      WageTypeNumber.AlvEmployer,
      byRate(base, pct(employerRate), ROUND_5_RAPPEN),
      base,
      employerRate.value,
      this.why(() => [
        "alv",
        { ...params(), rate: employerRate.value },
        `${text()}; ${employerRate.value} %, rounded to 0.05 CHF (half up).`,
        [...sources, employerRate],
      ]),
    );
  }

  /** UVG: NBU (employee share, employer rest) and BU (employer) on the wage up to the insured maximum, cumulative like ALV. */
  private uvg() {
    const wage = this.collector("UvgWage");
    const maxYear = this.reg.param("UvgMaxSalaryYear");
    const days = this.ytd.days + this.work.svDays;
    const ceiling = divide(big(money(maxYear)) * big(days), YEAR_DAYS, ROUND_RAPPEN);
    const liableYtd = this.ytd.uvgWage + wage;
    const base = Math.min(liableYtd, ceiling) - this.ytd.uvgBase;
    this.bases.uvg = base;
    if (base === 0) return;
    const at = this.work.refDate;
    const nbuRate = this.co.at("NbuRate", at);
    const buRate = this.co.at("BuRate", at);
    if (!nbuRate || !buRate) {
      this.addIssue(
        I.missingCompanyUvg,
        "The company's UVG rates (CompanyUvg.NbuRate, BuRate) are missing.",
        true,
        !nbuRate ? "NbuRate" : "BuRate",
      );
    }
    const text = () =>
      `UVG-liable wage up to the insured maximum ${maxYear.value} x ${days}/360 days = ${c(ceiling)} CHF year to date: this month ${c(base)} CHF`;
    const uvgParams = (): TextParams => ({
      maxYear: maxYear.value,
      days: String(days),
      ceiling: c(ceiling),
      base: c(base),
    });
    if (nbuRate) {
      const hours = this.emp.at("WeeklyHours", at);
      const minimum = this.reg.optionalParam("NbuMinWeeklyHours");
      const covered = !hours || !minimum || compareRates(decimal(hours), decimal(minimum)) >= 0;
      if (covered) {
        const share = this.co.atOrDefault("NbuEmployeeShare", at) ?? { key: "NbuEmployeeShare", value: "100" };
        const premium = byRate(base, pct(nbuRate), ROUND_5_RAPPEN);
        const employeeRate = multiplyRates(pct(nbuRate), pct(share));
        const employee = byRate(base, employeeRate, ROUND_5_RAPPEN);
        const sources: Maybe[] = [maxYear, nbuRate, share, hours, hours ? minimum : null];
        this.addLine(
          WageTypeNumber.NbuEmployee,
          employee,
          base,
          percentText(employeeRate),
          this.why(() => [
            "nbuEmployee",
            { ...uvgParams(), rate: nbuRate.value, share: share.value },
            `NBU: ${text()}; NbuRate ${nbuRate.value} % x employee share ${share.value} %, rounded to 0.05 CHF (half up).`,
            sources,
          ]),
        );
        this.addLine(
          WageTypeNumber.NbuEmployerShare,
          premium - employee,
          base,
          percentText(subtractRates(pct(nbuRate), employeeRate)),
          this.why(() => [
            "nbuEmployer",
            { rate: nbuRate.value, premium: c(premium), employee: c(employee) },
            `NBU employer share: the NBU premium ${nbuRate.value} % (${c(premium)} CHF, rounded to 0.05 CHF half up) less the employee's ${c(employee)} CHF.`,
            sources,
          ]),
        );
      }
    }
    if (buRate) {
      this.addLine(
        WageTypeNumber.BuEmployer,
        byRate(base, pct(buRate), ROUND_5_RAPPEN),
        base,
        buRate.value,
        this.why(() => [
          "bu",
          { ...uvgParams(), rate: buRate.value },
          `BU: ${text()}; BuRate ${buRate.value} %, rounded to 0.05 CHF (half up).`,
          [maxYear, buRate],
        ]),
      );
    }
  }

  /** KTG: the company's rate by sex on the UVG-liable wage, up to KtgMaxSalary (x days / 360, year to date) when set; split by KtgEmployeeShare. */
  private ktg() {
    const at = this.work.refDate;
    const men = this.co.at("KtgRateMen", at);
    const women = this.co.at("KtgRateWomen", at);
    if (!men && !women) return;
    if (!this.person.sex) return; // reported as missing data
    const rateRead = this.person.sex.value === "female" ? women : men;
    if (!rateRead) return;
    const wage = this.collector("UvgWage");
    const max = this.co.at("KtgMaxSalary", at);
    let base = wage;
    const days = this.ytd.days + this.work.svDays;
    const ceiling = max ? divide(big(money(max)) * big(days), YEAR_DAYS, ROUND_RAPPEN) : null;
    if (ceiling !== null) base = Math.min(wage, Math.max(0, ceiling - this.ytd.ktgBase));
    const text = () =>
      `KTG on the UVG-liable wage ${c(wage)} CHF` +
      (max && ceiling !== null
        ? ` up to KtgMaxSalary ${max.value} x ${days}/360 days = ${c(ceiling)} CHF year to date`
        : "");
    const ktgParams = (): TextParams =>
      max && ceiling !== null
        ? { wage: c(wage), capped: "yes", maxSalary: max.value, days: String(days), ceiling: c(ceiling) }
        : { wage: c(wage), capped: "no", maxSalary: "", days: "", ceiling: "" };
    this.bases.ktg = base;
    if (base === 0) return;
    const share = this.co.atOrDefault("KtgEmployeeShare", at) ?? { key: "KtgEmployeeShare", value: "50" };
    const rate = pct(rateRead);
    const premium = byRate(base, rate, ROUND_5_RAPPEN);
    const employeeRate = multiplyRates(rate, pct(share));
    const employee = byRate(base, employeeRate, ROUND_5_RAPPEN);
    const sources: Maybe[] = [this.person.sex, rateRead, share, max];
    this.addLine(
      WageTypeNumber.KtgEmployee,
      employee,
      base,
      percentText(employeeRate),
      this.why(() => [
        "ktgEmployee",
        { ...ktgParams(), rate: rateRead.value, share: share.value },
        `${text()}; rate ${rateRead.value} % x employee share ${share.value} %, rounded to 0.05 CHF (half up).`,
        sources,
      ]),
    );
    this.addLine(
      WageTypeNumber.KtgEmployer,
      premium - employee,
      base,
      percentText(subtractRates(rate, employeeRate)),
      this.why(() => [
        "ktgEmployer",
        { ...ktgParams(), rate: rateRead.value, premium: c(premium), employee: c(employee) },
        `${text()}; the premium ${rateRead.value} % (${c(premium)} CHF, rounded to 0.05 CHF half up) less the employee's ${c(employee)} CHF.`,
        sources,
      ]),
    );
  }

  /**
   * BVG: fixed amounts of the pension fund, or the legal minimum plan. Legal minimum: the annual
   * salary is this month's regular BVG wage (without the 13th line) as a whole month x 12, or x 13
   * with a 13th salary; below the entry threshold nothing is insured; the coordinated salary is
   * min(annual, upper limit) - coordination deduction, at least the minimum coordinated salary; the
   * age credit by BVG age (calendar year - birth year) is split in equal halves, per month x svDays/30.
   * Risk-only cover (BVG age 18-24) has no legal rate: not calculated (use fixedAmounts for the fund's premium).
   * Ends past the reference age.
   */
  private bvg() {
    const { svDays, refDate } = this.work;
    if (svDays === 0 || this.person.pensioner) return;
    const plan = this.emp.atOrDefault("BvgPlan", refDate) ?? {
      field: "BvgPlan",
      value: "legalMinimum",
      caseChangeId: null,
    };
    const prorate = svDays < MONTH_DAYS ? ` x ${svDays}/${MONTH_DAYS} days` : "";
    if (plan.value === "fixedAmounts") {
      const ee = this.emp.at("BvgEmployeeContribution", refDate);
      const er = this.emp.at("BvgEmployerContribution", refDate);
      if (!ee || !er) {
        this.addIssue(
          I.missingBvgFixedAmounts,
          "BvgPlan fixedAmounts needs BvgEmployeeContribution and BvgEmployerContribution.",
          true,
          !ee ? "BvgEmployeeContribution" : "BvgEmployerContribution",
        );
        return;
      }
      const employee = divide(big(money(ee)) * big(svDays), big(MONTH_DAYS), ROUND_5_RAPPEN);
      const employer = divide(big(money(er)) * big(svDays), big(MONTH_DAYS), ROUND_5_RAPPEN);
      if (employer < employee) {
        this.addIssue(
          I.bvgEmployerBelowHalf,
          "The employer's BVG contribution is below the employee's: the employer must pay at least half (BVG Art. 66).",
          false,
          "BvgEmployerContribution",
          { employee: ee.value, employer: er.value },
        );
      }
      const fixed = (amount: string): TextParams => ({
        amount,
        prorated: yesNo(svDays < MONTH_DAYS),
        days: String(svDays),
      });
      this.addLine(
        WageTypeNumber.BvgEmployee,
        employee,
        money(ee),
        null,
        this.why(() => [
          "bvgFixedEmployee",
          fixed(ee.value),
          `Pension fund's fixed employee contribution ${ee.value} CHF per month${prorate}, rounded to 0.05 CHF (half up).`,
          [plan, ee],
        ]),
      );
      this.addLine(
        WageTypeNumber.BvgEmployer,
        employer,
        money(er),
        null,
        this.why(() => [
          "bvgFixedEmployer",
          fixed(er.value),
          `Pension fund's fixed employer contribution ${er.value} CHF per month${prorate}, rounded to 0.05 CHF (half up).`,
          [plan, er],
        ]),
      );
      return;
    }
    const birth = this.person.birthDate;
    if (!birth) return; // reported as missing data
    const bvgAge = this.period.year - yearOf(birth.value);
    const regular =
      this.collector("BvgWage") -
      this.amountOf(WageTypeNumber.ThirteenthSalary) -
      this.amountOf(WageTypeNumber.FourteenthSalary);
    if (regular <= 0) return;
    const thirteenth = this.emp.atOrDefault("ThirteenthSalary", refDate);
    const fourteenth = this.emp.atOrDefault("FourteenthSalary", refDate);
    const agreed = (extra: Read | null) => (extra && extra.value !== "none" ? 1n : 0n);
    const months = 12n + agreed(thirteenth) + agreed(fourteenth);
    const annual = divide(big(regular) * big(MONTH_DAYS) * months, big(svDays), ROUND_RAPPEN);
    const threshold = this.reg.param("BvgEntryThreshold");
    const upper = this.reg.param("BvgUpperLimit");
    const deduction = this.reg.param("BvgCoordinationDeduction");
    const minCoordinated = this.reg.param("BvgMinCoordinatedSalary");
    const savingsAfter = this.reg.param("BvgSavingsStartAfterBirthday");
    const riskAfter = this.reg.optionalParam("BvgRiskStartAfterBirthday");
    if (annual < money(threshold)) return;
    if (bvgAge < Number(savingsAfter.value) + 1) {
      if (riskAfter && bvgAge >= Number(riskAfter.value) + 1) {
        this.addIssue(
          I.bvgRiskPremiumNotCalculated,
          `BVG age ${bvgAge}: risk cover only, whose premium the pension fund sets; record it as BvgPlan fixedAmounts.`,
          false,
          "BvgPlan",
          { age: String(bvgAge) },
        );
      }
      return;
    }
    const coordinated = Math.max(Math.min(annual, money(upper)) - money(deduction), money(minCoordinated));
    const bands = this.reg
      .lookupValues("BvgAgeCredits")
      .filter((v) => Number(v.key) <= bvgAge)
      .sort((a, b) => Number(b.key) - Number(a.key));
    const band = bands[0];
    if (!band) return;
    const credit = { key: `BvgAgeCredits[${band.key}]`, value: band.value };
    const creditRate = pct(credit);
    const half = multiplyRates(creditRate, rateFraction(1, 2));
    // coordinated x credit / 2 / 12 x svDays / 30
    const monthly = rateFraction(
      creditRate.numerator * big(svDays),
      creditRate.denominator * 2n * 12n * big(MONTH_DAYS),
    );
    const employee = byRate(coordinated, monthly, ROUND_5_RAPPEN);
    const text = () =>
      `BVG legal minimum: annual salary ${c(regular)} CHF x ${MONTH_DAYS}/${svDays} x ${months} = ${c(annual)} CHF; ` +
      `coordinated salary min(annual, ${upper.value}) - ${deduction.value}, at least ${minCoordinated.value} = ${c(coordinated)} CHF; ` +
      `age credit ${credit.value} % (BVG age ${bvgAge}), half each side, / 12${prorate}, rounded to 0.05 CHF (half up).`;
    const sources: Maybe[] = [
      plan,
      birth,
      thirteenth,
      fourteenth,
      threshold,
      upper,
      deduction,
      minCoordinated,
      savingsAfter,
      credit,
      this.reg.optionalParam("BvgEmployerMinimumShare"),
    ];
    const params = (): TextParams => ({
      regular: c(regular),
      days: String(svDays),
      months: String(months),
      annual: c(annual),
      upper: upper.value,
      deduction: deduction.value,
      minimumCoordinated: minCoordinated.value,
      coordinated: c(coordinated),
      credit: credit.value,
      age: String(bvgAge),
      prorated: yesNo(svDays < MONTH_DAYS),
    });
    this.addLine(
      WageTypeNumber.BvgEmployee,
      employee,
      coordinated,
      percentText(half),
      this.why(() => ["bvgLegalEmployee", params(), text(), sources]),
    );
    this.addLine(
      WageTypeNumber.BvgEmployer,
      employee,
      coordinated,
      percentText(half),
      this.why(() => [
        "bvgLegalEmployer",
        params(),
        `${text()} The employer pays the same half (BVG Art. 66).`,
        sources,
      ]),
    );
  }

  /** FAK: the company's FakRate on the AHV contribution base (after the age rules and the pensioner allowance). */
  private fak() {
    const base = this.bases.ahv;
    if (base === 0) return;
    const rate = this.co.at("FakRate", this.work.refDate);
    if (!rate) {
      this.addIssue(I.missingFakRate, "The company's FAK rate (CompanyFak.FakRate) is missing.", true, "FakRate");
      return;
    }
    const canton = this.co.at("FakCanton", this.work.refDate);
    this.addLine(
      WageTypeNumber.FakEmployer,
      byRate(base, pct(rate), ROUND_5_RAPPEN),
      base,
      rate.value,
      this.why(() => [
        "fak",
        { rate: rate.value },
        `FAK: FakRate ${rate.value} % of the AHV contribution base, rounded to 0.05 CHF (half up).`,
        [rate, canton],
      ]),
    );
  }

  /** Construction (LMV): FAR and Parifonds at the company's rates, of the AHV contribution base. */
  private industryFunds() {
    const at = this.work.refDate;
    const base = this.bases.ahv;
    if (base === 0) return;
    const far = this.emp.atOrDefault("FarInsured", at);
    const funds = [
      {
        employee: WageTypeNumber.FarEmployee,
        employer: WageTypeNumber.FarEmployer,
        eeField: "FarEmployeeRate",
        erField: "FarEmployerRate",
        name: "FAR",
        applies: far?.value !== "false",
        extra: far,
      },
      {
        employee: WageTypeNumber.ParifondsEmployee,
        employer: WageTypeNumber.ParifondsEmployer,
        eeField: "ParifondsEmployeeRate",
        erField: "ParifondsEmployerRate",
        name: "Parifonds",
        applies: true,
        extra: null,
      },
    ];
    for (const fund of funds) {
      if (!fund.applies || !this.hasWageType(fund.employee, fund.employer)) continue;
      for (const [number, field] of [
        [fund.employee, fund.eeField],
        [fund.employer, fund.erField],
      ] as const) {
        if (!this.hasWageType(number)) continue;
        const rate = this.co.at(field, at);
        if (!rate) {
          this.addIssue(I.missingIndustryRate, `The company's ${fund.name} rate (${field}) is missing.`, true, field, {
            fund: fund.name,
            field,
          });
          continue;
        }
        this.addLine(
          number,
          byRate(base, pct(rate), ROUND_5_RAPPEN),
          base,
          rate.value,
          this.why(() => [
            "industryFund",
            { fund: fund.name, rate: rate.value },
            `${fund.name}: ${rate.value} % of the AHV contribution base, rounded to 0.05 CHF (half up).`,
            [rate, fund.extra],
          ]),
        );
      }
    }
  }

  /** Hospitality (L-GAV): the enforcement contribution per month employed, unless exempt. */
  private lgavEnforcement() {
    if (!this.hasWageType(WageTypeNumber.LgavEnforcementContribution) || !this.work.employed) return;
    const exempt = this.emp.atOrDefault("LgavEnforcementContributionExempt", this.work.refDate);
    if (exempt?.value === "true") return;
    const perMonth = this.reg.param("LgavEnforcementContributionMonth");
    this.addLine(
      WageTypeNumber.LgavEnforcementContribution,
      money(perMonth),
      null,
      null,
      this.why(() => [
        "lgavEnforcement",
        { amount: perMonth.value },
        `L-GAV enforcement contribution ${perMonth.value} CHF per month employed.`,
        [perMonth, exempt],
      ]),
    );
  }

  // -------------------------------------------------------------------------------------------
  // Withholding tax and net wage
  // -------------------------------------------------------------------------------------------

  /** Monthly model: the rate of the bracket holding this month's QST-liable income, applied to all of it. */
  private withholdingTax() {
    const at = this.work.refDate;
    const tariff = this.emp.at("TaxAtSourceTariff", at);
    if (!tariff) {
      const permit = this.emp.at("WorkPermit", at);
      if (this.work.employed && permit && PERMITS_TAXED_AT_SOURCE.includes(permit.value)) {
        this.addIssue(
          I.missingTaxAtSourceTariff,
          `Work permit ${permit.value} is taxed at source, but no tariff (WithholdingTax.TaxAtSourceTariff) is recorded.`,
          true,
          "TaxAtSourceTariff",
          { permit: permit.value },
        );
      }
      return;
    }
    const income = this.collector("QstWage");
    const canton = this.emp.at("TaxAtSourceCanton", at);
    if (income === 0 && !(canton && this.ytd[qstAnnualKey(canton.value, "withheld")])) return;
    if (!canton) {
      this.addIssue(
        I.missingTaxAtSourceCanton,
        "A withholding-tax tariff is recorded but no canton (WithholdingTax.TaxAtSourceCanton).",
        true,
        "TaxAtSourceCanton",
      );
      return;
    }
    if (tariff.value === "SFN") return this.frenchCrossBorderCommuter(tariff, canton, income, at);
    const model = this.reg.lookup("QstCantonModel", canton.value);
    if (model?.value === "annual") return this.withholdingTaxAnnual(tariff, canton, model, income, at);
    if (income === 0) return;
    const rateIncome = this.qstRateDeterminingIncome(income, at);
    const result = qstRate(this.input.qst, {
      canton: canton.value,
      code: tariff.value,
      monthlyIncomeRappen: rateIncome.amount,
      date: at,
    });
    if (!result) {
      this.addIssue(
        I.qstTariffNotAvailable,
        `No withholding-tax tariff ${tariff.value} of canton ${canton.value} for ${at.slice(0, 4)} is shipped: nothing was withheld.`,
        true,
        "TaxAtSourceTariff",
        { tariff: tariff.value, canton: canton.value, year: at.slice(0, 4) },
      );
      return;
    }
    this.qstRateIncome = rateIncome.amount;
    const to = result.bracket.belowRappen === null ? "open-ended" : `to ${c(result.bracket.belowRappen - 1)} CHF`;
    const bracket = {
      bracketFrom: c(result.bracket.fromRappen),
      openEnded: yesNo(result.bracket.belowRappen === null),
      bracketTo: result.bracket.belowRappen === null ? "" : c(result.bracket.belowRappen - 1),
      rate: result.ratePercent,
    };
    const rateSource = {
      key: `QST ${canton.value} ${tariff.value} ${result.validFrom} bracket from ${c(result.bracket.fromRappen)}`,
      value: result.ratePercent,
    };
    const converted = rateIncome.amount !== income;
    this.addLine(
      WageTypeNumber.WithholdingTax,
      qstAmount(income, result),
      income,
      result.ratePercent,
      this.why(() =>
        converted
          ? [
              "withholdingTaxConverted",
              {
                canton: canton.value,
                tariff: tariff.value,
                validFrom: result.validFrom,
                income: c(income),
                rateIncome: c(rateIncome.amount),
                periodic: c(rateIncome.periodic),
                aperiodic: c(income - rateIncome.periodic),
                oneOff: yesNo(income > rateIncome.periodic),
                partMonth: yesNo(rateIncome.days !== null),
                days: String(rateIncome.days ?? 0),
                other: rateIncome.other,
                ownRate: rateIncome.ownRate,
                totalRate: rateIncome.totalRate,
                otherIncome: c(rateIncome.otherIncome),
                hourly: yesNo(rateIncome.hourly !== null),
                hourlyRate: c(rateIncome.hourly?.rate ?? 0),
                rateHours: rateIncome.hourly?.hours ?? "",
                ...bracket,
              },
              `Withholding tax ${canton.value} ${tariff.value} (tariff from ${result.validFrom}, monthly model): the rate is set by ${c(rateIncome.amount)} CHF, ${rateIncome.text}; that income is in the bracket from ${c(result.bracket.fromRappen)} ${to}, rate ${result.ratePercent} % on the liable income ${c(income)} CHF, rounded to 0.05 CHF (half up).`,
              [tariff, canton, model, ...rateIncome.sources, rateSource],
            ]
          : [
              "withholdingTax",
              {
                canton: canton.value,
                tariff: tariff.value,
                validFrom: result.validFrom,
                income: c(income),
                ...bracket,
              },
              `Withholding tax ${canton.value} ${tariff.value} (tariff from ${result.validFrom}, monthly model): QST-liable income ${c(income)} CHF is in the bracket from ${c(result.bracket.fromRappen)} ${to}, rate ${result.ratePercent} % on the whole income, rounded to 0.05 CHF (half up).`,
              [tariff, canton, model, rateSource],
            ],
      ),
    );
  }

  /**
   * SFN, a French cross-border commuter under the agreement of 11 April 1983 (BE, SO, BS, BL, VD, VS, NE, JU): the
   * wage is taxed in France only and nothing is withheld (the canton gets 4.5 % of it from France). Elsewhere, or
   * for someone not living in France, SFN does not apply: a blocking item asks for the ordinary code.
   */
  private frenchCrossBorderCommuter(tariff: Read, canton: Read, income: number, at: string) {
    const country = this.emp.at("Country", at);
    const cantons = FRENCH_AGREEMENT_CANTONS.join(", ");
    if (!FRENCH_AGREEMENT_CANTONS.includes(canton.value) || country?.value !== "FR") {
      const reason = FRENCH_AGREEMENT_CANTONS.includes(canton.value) ? "residence" : "canton";
      this.addIssue(
        I.qstFrenchAgreementNotApplicable,
        reason === "canton"
          ? `SFN (French cross-border commuters) applies only in ${cantons}; ${canton.value} taxes at source: record the person's tariff code.`
          : `SFN (French cross-border commuters) applies only to people living in France; the address is in ${country?.value ?? "no recorded country"}: record the person's tariff code.`,
        true,
        "TaxAtSourceTariff",
        { canton: canton.value, reason },
      );
      return;
    }
    this.addLine(
      WageTypeNumber.WithholdingTax,
      0,
      income,
      "0.00",
      this.why(() => [
        "withholdingTaxFrenchAgreement",
        { canton: canton.value, tariff: tariff.value, income: c(income) },
        `Not taxed at source: a cross-border commuter living in France and working in ${canton.value} is taxed in France only (agreement of 11 April 1983, SFN); nothing is withheld from the liable income ${c(income)} CHF.`,
        [tariff, canton, country],
      ]),
      true,
    );
  }

  /** The part of this month's QST-liable income paid once (bonus; a 13th salary not paid monthly): never converted. */
  private qstAperiodic(at: string) {
    const aperiodicNumbers: string[] = [WageTypeNumber.Bonus];
    const thirteenth = this.emp.atOrDefault("ThirteenthSalary", at);
    if (thirteenth?.value !== "monthly") aperiodicNumbers.push(WageTypeNumber.ThirteenthSalary);
    if (this.emp.atOrDefault("FourteenthSalary", at)?.value !== "monthly")
      aperiodicNumbers.push(WageTypeNumber.FourteenthSalary);
    let aperiodic = 0;
    for (const number of aperiodicNumbers)
      if (this.collectorsOf.get(number)?.has("QstWage")) aperiodic += this.amountOf(number);
    return aperiodic;
  }

  /**
   * Annual model (FR, GE, TI, VD, VS): every month the year in the canton is calculated again and what was
   * withheld before is credited (SwissSalary manual, "Quellensteuer Einrichtung": the rate-determining wage is
   * the annual gross income divided by 12, and "im Jahresmodell wird immer das gesamte Kalenderjahr neu
   * berechnet und die Beträge, welche im Vormonat bereits abgezogen wurden, werden wieder gutgeschrieben";
   * ge.ch "Taux applicable": the employer rectifies at the end of the year or of the employment, payments
   * made once are not annualised; ESTV circular 45 § 7.1 with Swissdec: a 13th salary counts when paid).
   * - Rate-determining income: the periodic income of the months in this canton scaled to 360 days (the
   *   social-insurance days employed there), plus what was paid once as paid, divided by 12.
   * - The income earned under each tariff code this year is taxed at that code's rate for this income, so a
   *   code changed mid-year (marriage, a child) recalculates the earlier months with their own code; each
   *   code's tax is rounded to 0.05 CHF. This month withholds the year's tax less what was withheld: a
   *   negative amount gives back what earlier months withheld too much.
   * - A person moving here from a monthly-model canton starts the canton's year with the month of the move
   *   (the months before were settled where they were taxed).
   */
  private withholdingTaxAnnual(tariff: Read, canton: Read, model: Param | null, income: number, at: string) {
    const key = (part: string) => qstAnnualKey(canton.value, part);
    const sofar = (part: string) => this.ytd[key(part)] ?? 0;
    const aperiodic = this.qstAperiodic(at);
    const periodicYear = sofar("periodic") + income - aperiodic;
    const aperiodicYear = sofar("aperiodic") + aperiodic;
    const days = sofar("days") + this.work.svDays;
    const withheld = sofar("withheld");
    const incomes = new Map<string, number>();
    for (const [name, amount] of Object.entries(this.ytd)) {
      const prefix = qstAnnualKey(canton.value, "income:");
      if (name.startsWith(prefix) && amount) incomes.set(name.slice(prefix.length), amount);
    }
    incomes.set(tariff.value, (incomes.get(tariff.value) ?? 0) + income);
    // (periodic x 360 / days + aperiodic) / 12, rounded to the Rappen once.
    const rateIncome = Number(
      days > 0
        ? roundFraction(BigInt(periodicYear * 360 + aperiodicYear * days), BigInt(12 * days), ROUND_RAPPEN)
        : BigInt(periodicYear + aperiodicYear),
    );
    const shares: { code: string; income: number; rate: QstRateResult }[] = [];
    for (const [code, amount] of [...incomes].sort(([a], [b]) =>
      a === tariff.value ? 1 : b === tariff.value ? -1 : a.localeCompare(b),
    )) {
      const rate = qstRate(this.input.qst, { canton: canton.value, code, monthlyIncomeRappen: rateIncome, date: at });
      if (!rate) {
        this.addIssue(
          I.qstTariffNotAvailable,
          `No withholding-tax tariff ${code} of canton ${canton.value} for ${at.slice(0, 4)} is shipped: nothing was withheld.`,
          true,
          "TaxAtSourceTariff",
          { tariff: code, canton: canton.value, year: at.slice(0, 4) },
        );
        return;
      }
      shares.push({ code, income: amount, rate });
    }
    const due = shares.reduce((sum, share) => sum + qstAmount(share.income, share.rate), 0);
    const amount = due - withheld;
    this.qstRateIncome = rateIncome;
    this.qstAnnualUpdate = {
      [key("periodic")]: periodicYear,
      [key("aperiodic")]: aperiodicYear,
      [key("days")]: days,
      [key("withheld")]: due,
      [key(`income:${tariff.value}`)]: incomes.get(tariff.value)!,
    };
    const own = shares[shares.length - 1]!.rate;
    const earlier = shares.slice(0, -1);
    const to = own.bracket.belowRappen === null ? "open-ended" : `to ${c(own.bracket.belowRappen - 1)} CHF`;
    const yearIncome = periodicYear + aperiodicYear;
    this.addLine(
      WageTypeNumber.WithholdingTax,
      amount,
      income,
      own.ratePercent,
      this.why(() => [
        "withholdingTaxAnnual",
        {
          canton: canton.value,
          tariff: tariff.value,
          validFrom: own.validFrom,
          yearIncome: c(yearIncome),
          periodic: c(periodicYear),
          aperiodic: c(aperiodicYear),
          oneOff: yesNo(aperiodicYear > 0),
          days: String(days),
          rateIncome: c(rateIncome),
          bracketFrom: c(own.bracket.fromRappen),
          openEnded: yesNo(own.bracket.belowRappen === null),
          bracketTo: own.bracket.belowRappen === null ? "" : c(own.bracket.belowRappen - 1),
          rate: own.ratePercent,
          earlier: yesNo(earlier.length > 0),
          tariffShares: earlier.map((share) => `${share.code} ${c(share.income)} ${share.rate.ratePercent}`).join(", "),
          due: c(due),
          withheld: c(withheld),
          amount: c(amount),
        },
        `Withholding tax ${canton.value} ${tariff.value} (tariff from ${own.validFrom}, annual model): the year's liable income in ${canton.value} is ${c(yearIncome)} CHF; the periodic ${c(periodicYear)} CHF for ${days} days scaled to 360 plus ${c(aperiodicYear)} CHF paid once, divided by 12, sets the rate: ${c(rateIncome)} CHF is in the bracket from ${c(own.bracket.fromRappen)} ${to}, rate ${own.ratePercent} %${earlier.length ? ` (earlier codes at their rate for it: ${earlier.map((share) => `${share.code} ${c(share.income)} CHF at ${share.rate.ratePercent} %`).join(", ")})` : ""}. Tax for the year ${c(due)} CHF (each code rounded to 0.05 CHF), less ${c(withheld)} CHF withheld in earlier months: ${c(amount)} CHF.`,
        [
          tariff,
          canton,
          model,
          {
            key: `QST ${canton.value} ${tariff.value} ${own.validFrom} bracket from ${c(own.bracket.fromRappen)}`,
            value: own.ratePercent,
          },
        ],
      ]),
    );
  }

  /**
   * The monthly model's rate-determining income (Kanton Bern, "Ermittlung des satzbestimmenden Einkommens",
   * taxinfo.sv.fin.be.ch, after ESTV circular 45): only the periodic part of the liable income is converted, the
   * aperiodic (bonus, a 13th salary paid in December or on exit) is added as paid.
   * - Entry or exit during the month: the periodic part is scaled to 30 calendar days (3,500 for 16 days: 6,562.50).
   * - Other employments or replacement income (WithholdingTax.OtherEmployment): the periodic part is converted to
   *   the total activity rate of all of them when it is known (own rate + OtherEmploymentActivityRate), to 100 %
   *   when it is not; when their income is known (OtherEmploymentIncome), it is added instead.
   * Part-time work for this employer alone is not converted.
   */
  private qstRateDeterminingIncome(income: number, at: string) {
    const hourly = this.hourlyPay;
    const rateHours = hourly ? this.reg.optionalParam("QstHourlyRateHours") : null;
    if (hourly && rateHours && this.collectorsOf.get(WageTypeNumber.HourlyWage)?.has("QstWage")) {
      // Hourly pay: the agreed hourly wage with its holiday compensation for the full-time hours of a month
      // (ESTV circular 45: 180), whatever the hours, entry or exit; the rest of the month's pay as paid.
      // Rounded once: the shown hourly rate is to the Rappen, the converted income is exact until its own rounding.
      const withHoliday = addRates(rateFraction(1, 1), hourly.holidayRate);
      const hourlyRate = applyRate(hourly.hourly, withHoliday, ROUND_RAPPEN);
      const converted = applyRate(hourly.hourly, multiplyRates(withHoliday, decimal(rateHours)), ROUND_RAPPEN);
      const rest = income - hourly.paid;
      return {
        amount: converted + rest,
        periodic: hourly.paid,
        days: null,
        other: "none" as const,
        ownRate: "",
        totalRate: "",
        otherIncome: 0,
        hourly: { rate: hourlyRate, hours: rateHours.value, rest },
        sources: [hourly.wage, hourly.weeks, rateHours] as (Read | Param | null)[],
        text: `the hourly wage with holiday compensation ${c(hourlyRate)} CHF for ${rateHours.value} hours${rest ? `, plus ${c(rest)} CHF of other pay as paid` : ""}`,
      };
    }
    const aperiodic = this.qstAperiodic(at);
    const periodic = income - aperiodic;
    const { from, to, calendarDays } = this.work;
    const partMonth = this.work.employed && (from !== this.period.start || to !== this.period.end);
    let factor = partMonth ? rateFraction(MONTH_DAYS, calendarDays) : rateFraction(1, 1);
    const sources: (Read | null)[] = [];
    const reasons: string[] = [];
    if (partMonth) {
      sources.push(this.work.entry, this.work.exit);
      reasons.push(`the periodic ${c(periodic)} CHF for ${calendarDays} days scaled to 30`);
    }
    const others = this.emp.at("OtherEmployment", at);
    let other: "none" | "income" | "rate" | "unknown" = "none";
    let ownRate = "";
    let totalRate = "";
    let otherIncome = 0;
    if (others?.value === "true") {
      sources.push(others);
      const knownIncome = this.emp.at("OtherEmploymentIncome", at);
      const knownRate = this.emp.at("OtherEmploymentActivityRate", at);
      const own = this.emp.at("ActivityRate", at);
      if (knownIncome) {
        other = "income";
        otherIncome = money(knownIncome);
        sources.push(knownIncome);
        reasons.push(`plus the other employments' income ${c(otherIncome)} CHF`);
      } else if (own && compareRates(pct(own), rateFraction(0, 1)) > 0) {
        const ownPct = pct(own);
        const total = knownRate ? addRates(ownPct, pct(knownRate)) : rateFraction(1, 1);
        other = knownRate ? "rate" : "unknown";
        ownRate = formatPercent(ownPct, 2);
        totalRate = formatPercent(total, 2);
        sources.push(own, knownRate);
        factor = multiplyRates(
          factor,
          rateFraction(total.numerator * ownPct.denominator, total.denominator * ownPct.numerator),
        );
        reasons.push(
          knownRate
            ? `the periodic part converted from ${ownRate} % to the total activity rate of ${totalRate} %`
            : `the periodic part converted from ${ownRate} % to 100 % (the other employments' activity rate is not known)`,
        );
      }
    }
    const amount = applyRate(periodic, factor, ROUND_RAPPEN) + aperiodic + otherIncome;
    if (aperiodic && amount !== income) reasons.push(`plus ${c(aperiodic)} CHF paid once, as paid`);
    return {
      amount,
      periodic,
      days: partMonth ? calendarDays : null,
      other,
      ownRate,
      totalRate,
      otherIncome,
      hourly: null,
      sources: sources as (Read | Param | null)[],
      text: reasons.join(", "),
    };
  }

  private netWage() {
    const gross = this.collector("GrossWage");
    const deductions = this.collector("EmployeeDeductions");
    const unrounded = gross - deductions;
    const net = roundTo5Rappen(unrounded);
    if (this.work.employed || this.lines.length > 0) {
      const difference = net - unrounded;
      this.addLine(
        WageTypeNumber.NetWage,
        net,
        unrounded,
        null,
        this.why(() => [
          "netWage",
          {
            gross: c(gross),
            deductions: c(deductions),
            unrounded: c(unrounded),
            rounded: yesNo(difference !== 0),
            difference: c(difference),
          },
          `Gross wage ${c(gross)} - employee deductions ${c(deductions)} = ${c(unrounded)} CHF, rounded to 0.05 CHF (half up)${difference ? ` (rounding difference ${c(difference)} CHF)` : ""}.`,
          [],
        ]),
        true,
      );
    }
    if (net < 0)
      this.addIssue(I.negativeNetWage, `The net wage is negative (${c(net)} CHF).`, true, undefined, { net: c(net) });
  }

  private result(): PeriodResult {
    this.lines.sort((a, b) => (a.number === b.number ? 0 : a.number < b.number ? -1 : 1));
    const collectors: Record<string, number> = {};
    // One pass over the lines for all collectors (each wage type's collectors counted once, as collector() does).
    for (const name of this.collectorNames) collectors[name] = 0;
    for (const line of this.lines)
      for (const name of this.collectorsOf.get(line.number) ?? []) collectors[name]! += line.amount;
    const ytd = this.ytd;
    const yearToDate: YearToDate = {
      ...ytd,
      ...this.qstAnnualUpdate,
      ahvWage: ytd.ahvWage + (collectors.AhvWage ?? 0),
      alvWage: ytd.alvWage + (collectors.AlvWage ?? 0),
      uvgWage: ytd.uvgWage + (collectors.UvgWage ?? 0),
      bvgWage: ytd.bvgWage + (collectors.BvgWage ?? 0),
      qstWage: ytd.qstWage + (collectors.QstWage ?? 0),
      gross: ytd.gross + (collectors.GrossWage ?? 0),
      ahvBase: ytd.ahvBase + this.bases.ahv,
      alvLiableWage: ytd.alvLiableWage + this.bases.alvLiable,
      alvBase: ytd.alvBase + this.bases.alv,
      alvDays: ytd.alvDays + this.bases.alvDays,
      uvgBase: ytd.uvgBase + this.bases.uvg,
      ktgBase: ytd.ktgBase + this.bases.ktg,
      days: ytd.days + this.work.svDays,
      regularWage: ytd.regularWage + this.bases.regular,
      thirteenthPaid: ytd.thirteenthPaid + this.amountOf(WageTypeNumber.ThirteenthSalary),
    };
    const fourteenthPaid = (ytd.fourteenthPaid ?? 0) + this.amountOf(WageTypeNumber.FourteenthSalary);
    if (fourteenthPaid) yearToDate.fourteenthPaid = fourteenthPaid;
    const qstRateIncome = (ytd.qstRateIncome ?? 0) + this.qstRateIncome;
    if (qstRateIncome) yearToDate.qstRateIncome = qstRateIncome;
    return { lines: this.lines, collectors, yearToDate, employed: this.work.employed, issues: this.issues };
  }
}
