import { readFileSync } from "node:fs";
import path from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { formatterFor } from "@/components/format/swiss";
import { explanationSentence, formatParams, issueSentence, type CalcTranslator } from "@/components/results/calc-text";
import { languageOf } from "@/components/cases/labels";
import { findingSentence } from "@/components/results/labels";
import { vocabularyOf } from "@/components/results/vocabulary";
import { LOCALES } from "@/i18n/locales";
import { CALC_ISSUES, calculatePeriod, emptyYearToDate, type PeriodInput, type PeriodResult } from "@/server/calc";
import { PARAM_KINDS } from "@/server/calc/texts";
import { regulationByName, versionInForce } from "@/server/regulations/catalog";
import { shippedQstTable } from "@/server/regulations/qst";
import { regulationNames } from "@/server/results/names";
import { calc, calcYear, companySpec, employeeSpec, history, month, regulationOn } from "./calc-fixture";

/**
 * Issue 12: every text the calculation can emit (a Payroll Control item's code, a payslip line's
 * explanation key) has an ICU message in all four catalogs (messages/<locale>/calc.json) whose
 * arguments are exactly the figures (params) the calculation passes with it. The calculation is run
 * over scenarios that reach every code and every explanation key; the producers outside the
 * calculation (server/results: control.*, retro lines) are listed with their params.
 */
const root = path.resolve(__dirname, "../..");
const catalog = (locale: string) =>
  JSON.parse(readFileSync(path.join(root, "messages", locale, "calc.json"), "utf8")) as {
    issue: Record<string, Record<string, string>>;
    why: Record<string, string>;
  };
const messageOf = (locale: string, key: string) =>
  key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog(locale));

function argumentsOf(message: string, locale: string) {
  const names = new Set<string>();
  const walk = (elements: unknown[]) => {
    for (const element of elements as {
      type: number;
      value?: unknown;
      options?: Record<string, { value: unknown[] }>;
    }[]) {
      if (element.type !== 0 && typeof element.value === "string") names.add(element.value);
      if (element.options) for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(message, locale).getAst());
  return [...names].sort();
}

/** The calc namespace's messages of a locale, as the console's t. */
const translatorOf = (locale: (typeof LOCALES)[number]): CalcTranslator =>
  Object.assign(
    (key: string, values?: Record<string, string | number>) =>
      new IntlMessageFormat(messageOf(locale, key) as string, locale).format(values) as string,
    {
      has: (key: string) => typeof messageOf(locale, key) === "string",
    },
  );

type Emitted = Map<string, Set<string>>;
function collect(results: PeriodResult[], emitted: Emitted, samples: Map<string, Record<string, string>>) {
  const note = (key: string, params: Record<string, string> | undefined) => {
    expect(params, `${key} has params`).toBeDefined();
    const names = Object.keys(params!).sort().join(",");
    const seen = emitted.get(key) ?? new Set<string>();
    seen.add(names);
    emitted.set(key, seen);
    if (!samples.has(key)) samples.set(key, params!);
  };
  for (const result of results) {
    for (const issue of result.issues) note(`issue.${issue.code}`, issue.params);
    for (const line of result.lines) {
      expect(line.explanation.key, `line ${line.number} has a key`).toBeTruthy();
      note(`why.${line.explanation.key}`, line.explanation.params);
    }
  }
}

/** The regulation in force without a parameter or a wage type, for what an incomplete regulation makes the calculation say. */
function withRegulation(options: {
  period: string;
  drop?: { parameter?: string; wageType?: string };
  employee?: Record<string, string | [string, string][]>;
}) {
  const { periodStart, periodEnd } = month(options.period);
  const regulation = regulationOn(periodStart);
  const changed: PeriodInput["regulation"] = {
    ...regulation,
    parameters: regulation.parameters.filter((p) => p.key !== options.drop?.parameter),
    wageTypes: regulation.wageTypes.filter((w) => w.number !== options.drop?.wageType),
  };
  return calculatePeriod({
    periodStart,
    periodEnd,
    employee: history({ ...employeeSpec, ...options.employee }),
    company: history(companySpec),
    regulation: changed,
    qst: shippedQstTable(),
    yearToDate: emptyYearToDate(),
  });
}

function scenarios(): PeriodResult[] {
  const hourly = {
    SalaryType: "hourly",
    MonthlySalary: [] as never,
    HourlyWage: "30.00",
    HolidayWeeks: "5",
    Hours: [["80", "2026-03-15"]] as [string, string][],
  };
  const ytd = {
    ...emptyYearToDate(),
    regularWage: 3_900_000,
    thirteenthPaid: 0,
    days: 330,
    ktgBase: 0,
    uvgBase: 0,
    uvgWage: 0,
  };
  return [
    calc({ period: "2026-03" }),
    calc({ period: "2026-03", employee: { TaxAtSourceTariff: "A0N", TaxAtSourceCanton: "ZH", WorkPermit: "B" } }),
    calc({
      period: "2026-03",
      employee: { TaxAtSourceTariff: "A0N", TaxAtSourceCanton: "ZH", MonthlySalary: "90000.00" },
    }),
    calc({
      period: "2026-03",
      employee: {
        TaxAtSourceTariff: "A0N",
        TaxAtSourceCanton: "ZH",
        EntryDate: "2026-03-16",
        BonusAmount: [["500.00", "2026-03-05"]],
        OtherEmployment: "true",
        ActivityRate: "80",
        OtherEmploymentActivityRate: "10",
      },
    }),
    calc({
      period: "2026-03",
      employee: { EntryDate: "2026-03-16", MonthlySalary: "6000.00", BonusAmount: [["500.00", "2026-03-05"]] },
    }),
    calc({
      period: "2026-04",
      employee: {
        MonthlySalary: [
          ["6000.00", "2020-01-01"],
          ["6600.00", "2026-04-16"],
        ],
      },
    }),
    calc({ period: "2026-10", employee: { ExitDate: "2026-09-10", BonusAmount: [["500.00", "2026-10-15"]] } }),
    calc({ period: "2026-06", employee: { BirthDate: "1961-05-20", MonthlySalary: "6000.00" } }),
    calc({ period: "2027-01", employee: { BirthDate: "2009-04-01", MonthlySalary: "2000.00" } }),
    calc({ period: "2026-03", employee: { ...hourly, ThirteenthSalary: "monthly" } }),
    calc({ period: "2026-04", employee: hourly }),
    calc({ period: "2026-03", employee: { ...hourly, BirthDate: "2008-01-01", HolidayWeeks: "4" } }),
    calc({ period: "2026-03", employee: { ...hourly, HourlyWage: [] as never } }),
    calc({
      period: "2026-03",
      employee: { EntryDate: "2026-03-10", WorkplaceCanton: "LU", ChildAllowances: "2", EducationAllowances: "1" },
    }),
    calc({ period: "2026-03", employee: { ChildAllowances: "1" } }),
    calc({ period: "2026-03", employee: { TaxAtSourceTariff: "A0N", TaxAtSourceCanton: "BE" } }),
    calc({ period: "2026-03", employee: { TaxAtSourceTariff: "A0N", TaxAtSourceCanton: "GE" } }),
    calc({ period: "2026-03", employee: { TaxAtSourceTariff: "SFN", TaxAtSourceCanton: "VD", Country: "FR" } }),
    calc({ period: "2026-03", employee: { TaxAtSourceTariff: "SFN", TaxAtSourceCanton: "GE", Country: "FR" } }),
    calc({ period: "2026-03", employee: { TaxAtSourceTariff: "SFN", TaxAtSourceCanton: "BE", Country: "CH" } }),
    calc({ period: "2026-03", employee: { WorkPermit: "B" } }),
    calc({ period: "2026-03", employee: { TaxAtSourceTariff: "A0N" } }),
    calc({
      period: "2026-03",
      employee: { ExpenseAmount: [["120.35", "2026-03-10"]], DailyAllowanceAmount: [["800.00", "2026-03-20"]] },
    }),
    calc({
      period: "2026-03",
      employee: { BonusAmount: [["1000.00", "2026-03-10"]], BonusDescription: [["Sales target", "2026-03-10"]] },
    }),
    calc({
      period: "2026-03",
      employee: { BvgPlan: "fixedAmounts", BvgEmployeeContribution: "300.00", BvgEmployerContribution: "250.00" },
    }),
    calc({
      period: "2026-03",
      employee: {
        EntryDate: "2026-03-16",
        BvgPlan: "fixedAmounts",
        BvgEmployeeContribution: "300.00",
        BvgEmployerContribution: "300.00",
      },
    }),
    calc({ period: "2026-03", employee: { BvgPlan: "fixedAmounts" } }),
    calc({ period: "2026-03", employee: { EntryDate: "2026-03-16" } }),
    calc({
      period: "2026-03",
      employee: { Sex: "female" },
      company: {
        NbuRate: "1.6",
        NbuEmployeeShare: "50",
        AhvAdminCostRate: "3",
        KtgRateMen: "0.966",
        KtgRateWomen: "1.309",
      },
    }),
    calc({
      period: "2026-12",
      employee: { ThirteenthSalary: "december" },
      company: { KtgRateMen: "0.966", KtgMaxSalary: "100000.00" },
      yearToDate: ytd,
    }),
    calc({ period: "2026-03", employee: { ExitDate: "2026-03-20", ThirteenthSalary: "december" } }),
    calc({
      period: "2026-03",
      industries: ["CH.Construction"],
      company: { FarEmployeeRate: "1.5", ParifondsEmployeeRate: "0.7", ParifondsEmployerRate: "0.5" },
    }),
    calc({ period: "2026-03", industries: ["CH.Hospitality"] }),
    calc({ period: "2026-03", employee: { AhvNumber: [], BirthDate: [], Sex: [], MonthlySalary: [] } }),
    calc({ period: "2026-03", employee: { SalaryType: [] } }),
    calc({ period: "2026-03", employee: { EntryDate: [] } }),
    calc({
      period: "2026-03",
      employee: {
        MonthlySalary: "100.00",
        BvgPlan: "fixedAmounts",
        BvgEmployeeContribution: "300.00",
        BvgEmployerContribution: "300.00",
      },
    }),
    calc({ period: "2026-03", employee: { EntryDate: "2026-03-16", CompanyCarPrice: "12000.00" } }),
    calc({ period: "2026-03", employee: { FourteenthSalary: "monthly" } }),
    calc({ period: "2026-03", employee: { BoardAndLodgingValue: "990.00" } }),
    calc({ period: "2026-12", employee: { FourteenthSalary: "december" } }),
    ...calcYear(2026, (m) => ({ MonthlySalary: "200.00", BonusAmount: m === 3 ? [["2500.00", "2026-03-10"]] : [] }), {
      months: [1, 2, 3],
    }),
    calc({ period: "2026-03", company: { NbuRate: [], FakRate: [] } }),
    calc({ period: "2026-03", employee: { MonthlySalary: "a lot" } }),
    withRegulation({ period: "2026-03", drop: { parameter: "AhvEmployeeRate" } }),
    withRegulation({
      period: "2026-03",
      drop: { wageType: "1300" },
      employee: { BonusAmount: [["500.00", "2026-03-10"]] },
    }),
  ];
}

/** Producers outside the calculation (server/results/recalculate/, explain.ts, read-entries.ts) and their params. */
const OUTSIDE: Record<string, string> = {
  "issue.control.missing_bank_account": "",
  "issue.control.missing_cost_center": "",
  "issue.control.not_in_payroll": "entryDate,exitDate,reason",
  "why.retroCorrection": "booked,periodStart,should",
};

describe("the calculation's texts in four languages", () => {
  const emitted: Emitted = new Map();
  const samples = new Map<string, Record<string, string>>();
  collect(scenarios(), emitted, samples);
  for (const [key, names] of Object.entries(OUTSIDE)) emitted.set(key, new Set([names]));

  it("the scenarios reach every issue code and every explanation key of the calculation", () => {
    const codes = Object.values(CALC_ISSUES).map((code) => `issue.${code}`);
    expect(codes.filter((key) => !emitted.has(key))).toEqual([]);
    const source = readFileSync(path.join(root, "server/calc/calculate.ts"), "utf8");
    // A key is the first of what a line's explanation is built from: this.why(() => ["key", ...]), either of `? ["a", ...] : ["b", ...]`, or a `key` set to it.
    const keys = [
      ...source.matchAll(/(?:explanation\(|this\.why\(\(\) => \[|[?:] \[)\s*"(\w+)"|key(?::| =) "([a-z]\w*)"/g),
    ].map((m) => `why.${m[1] ?? m[2]}`);
    expect(keys.length).toBeGreaterThan(20);
    expect(keys.filter((key) => !emitted.has(key))).toEqual([]);
  });

  it("every key has one set of params, each of a known kind", () => {
    for (const [key, sets] of emitted) {
      expect([...sets], `${key}: always the same params`).toHaveLength(1);
      for (const name of [...sets][0]!.split(",").filter(Boolean))
        expect(Object.keys(PARAM_KINDS), `${key}: ${name}`).toContain(name);
    }
  });

  it("every key has a message in all four catalogs whose arguments are exactly its params", () => {
    for (const [key, sets] of emitted) {
      const params = [...sets][0]!.split(",").filter(Boolean).sort();
      for (const locale of LOCALES) {
        const message = messageOf(locale, key);
        expect(typeof message, `${locale} ${key}`).toBe("string");
        expect(argumentsOf(message as string, locale), `${locale} ${key}: arguments`).toEqual(params);
      }
    }
  });

  it("the catalogs hold no sentence the calculation does not emit", () => {
    const en = catalog("en-CH");
    const keys = [
      ...Object.entries(en.issue).flatMap(([group, codes]) =>
        Object.keys(codes).map((code) => `issue.${group}.${code}`),
      ),
      ...Object.keys(en.why).map((key) => `why.${key}`),
    ];
    expect(keys.filter((key) => !emitted.has(key))).toEqual([]);
  });

  it("renders every sample in every language with Swiss figures, display names, and no ISO date or raw amount", () => {
    const words = new Map([["MonthlySalary", "Monatslohn"]]);
    for (const [key, params] of samples) {
      for (const locale of LOCALES) {
        const format = formatterFor(locale);
        const text = new IntlMessageFormat(messageOf(locale, key) as string, locale).format(
          formatParams(params, format, words),
        ) as string;
        expect(text, `${locale} ${key}`).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
        expect(text, `${locale} ${key}`).not.toMatch(/\b\d{4,}\.\d{2}\b/);
        expect(text, `${locale} ${key}`).not.toMatch(/[{}]/);
      }
    }
  });

  it("formats the figures by kind: dates, CHF, percent, numbers and names", () => {
    const words = new Map([["MonthlySalary", "Salaire mensuel"]]);
    const fr = formatParams(
      {
        from: "2026-01-15",
        wage: "7234.50",
        rate: "5.3",
        hours: "42.5",
        field: "MonthlySalary",
        segments: "6500.00 2026-01-01..2026-01-14, 7000.00 2026-01-15..2026-01-31",
      },
      formatterFor("fr-CH"),
      words,
    );
    expect(fr).toEqual({
      from: "15.01.2026",
      wage: "CHF 7'234.50",
      rate: "5.3\u202f%",
      hours: "42.5",
      field: "Salaire mensuel",
      segments: "CHF 6'500.00 01.01.2026–14.01.2026, CHF 7'000.00 15.01.2026–31.01.2026",
    });
    expect(formatParams({ wage: "1234.5", field: "NbuRate" }, formatterFor("de-CH"), new Map())).toEqual({
      wage: "CHF 1'234.50",
      field: "NBU rate",
    });
  });

  it("says a stored item and a line in the person's language from key and params, and falls back for what was stored before them", () => {
    const translator = translatorOf;
    const speech = {
      t: translator("de-CH"),
      format: formatterFor("de-CH"),
      words: new Map([["MonthlySalary", "Monatslohn"]]),
    };
    const item = {
      code: "calc.missing_monthly_salary",
      message: "No monthly salary (Salary.MonthlySalary) from 2026-01-15 to 2026-01-31.",
      params: { from: "2026-01-15", to: "2026-01-31" },
    };
    expect(issueSentence(item, speech)).toBe("Kein Monatslohn vom 15.01.2026 bis 31.01.2026.");
    expect(issueSentence({ ...item, params: undefined }, speech)).toBeNull();
    expect(issueSentence({ code: "calc.unknown_code", params: {} }, speech)).toBeNull();
    // Stored before issue 12: the English text in plain words, as before.
    expect(findingSentence({ code: item.code, message: item.message }, speech.words)).toBe(
      "No monthly salary from 15.01.2026 to 31.01.2026.",
    );
    const fr = { t: translator("fr-CH"), format: formatterFor("fr-CH"), words: new Map<string, string>() };
    expect(explanationSentence({ key: "ahv", params: { wage: "7234.50", rate: "5.3" } }, fr)).toBe(
      "AVS/AI/APG sur le salaire soumis à l'AVS de CHF 7'234.50 : 5.3\u202f%, arrondi à 0.05 CHF (au plus proche).",
    );
    expect(explanationSentence({}, fr)).toBeNull();
  });

  it("names the parameter an incomplete regulation lacks by its display name in the person's language, from the payroll's vocabulary", () => {
    const issue = withRegulation({ period: "2026-03", drop: { parameter: "AhvEmployeeRate" } }).issues.find(
      (i) => i.code === "calc.regulation_incomplete",
    );
    expect(issue?.params).toEqual({ kind: "parameter", name: "AhvEmployeeRate" });
    // As payrollNames builds it for a stored version that lacks the parameter: its name from the regulation's other versions.
    const ch = regulationByName("CH")!;
    const inForce = versionInForce(ch, "2026-03-01")!;
    const lacking = { ...inForce, parameters: inForce.parameters.filter((p) => p.key !== "AhvEmployeeRate") };
    const names = regulationNames([lacking], [...ch.versions].reverse());
    const sentence = (locale: (typeof LOCALES)[number]) =>
      issueSentence(issue!, {
        t: translatorOf(locale),
        format: formatterFor(locale),
        words: vocabularyOf(names, languageOf(locale)).words,
      });
    expect(sentence("de-CH")).toBe("Dem geltenden Regelwerk fehlt die Kennzahl AHV/IV/EO-Beitragssatz Arbeitnehmende.");
    expect(sentence("fr-CH")).toBe(
      "Il manque à la réglementation en vigueur le paramètre Taux de cotisation AVS/AI/APG employé.",
    );
    expect(sentence("it-CH")).toBe(
      "Al regolamento in vigore manca il parametro Aliquota di contributo AVS/AI/IPG dipendente.",
    );
    expect(sentence("en-CH")).toBe("The regulation in force lacks the figure AHV/IV/EO contribution rate, employee.");
    // A regulation stored before parameters had display names: the key spelled out, as before.
    const unnamed = regulationNames([
      { ...lacking, parameters: lacking.parameters.map((p) => ({ ...p, displayName: undefined })) },
    ]);
    expect(
      issueSentence(issue!, {
        t: translatorOf("de-CH"),
        format: formatterFor("de-CH"),
        words: vocabularyOf(unnamed, "de").words,
      }),
    ).toBe("Dem geltenden Regelwerk fehlt die Kennzahl AHV employee rate.");
  });
});
