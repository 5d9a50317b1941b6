/**
 * bench/calc (run by hand): server/calc alone, no database. A varied population (monthly and
 * hourly wages, salary changes within a month, entries and exits, bonuses, expenses, QST, BVG fixed
 * amounts, 13th salary, pensioners, industries, corrections recorded later) is calculated over the
 * 12 months of 2026, year to date chained. Prints calculations per second and a fingerprint
 * (sha256 of every result) that must not change when the calculation is only made faster.
 * With --no-explain, as a recalculation calculates (no line explanations; another fingerprint).
 *   tsx --conditions=react-server bench/calc.ts [--employees 2000] [--rounds 3] [--no-explain]
 */
import { createHash } from "node:crypto";
import { parseArgs } from "node:util";
import { type CaseHistory, type PeriodInput, calculatePeriod, emptyYearToDate } from "../server/calc";
import { monthEnd } from "../server/dates";
import { regulationByName, versionInForce } from "../server/regulations/catalog";
import { shippedQstTable } from "../server/regulations/qst";

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: {
    employees: { type: "string", default: "2000" },
    rounds: { type: "string", default: "3" },
    "no-explain": { type: "boolean", default: false },
  },
});

type Value = [value: string, start: string, end?: string | null, recordedLater?: boolean];
const base = new Date("2025-12-01T08:00:00Z").getTime();
let seq = 0;
function history(spec: Record<string, string | Value[]>): CaseHistory {
  const out: CaseHistory = {};
  for (const [field, given] of Object.entries(spec)) {
    const list: Value[] = typeof given === "string" ? [[given, "2020-01-01"]] : given;
    out[field] = list.map(([value, start, end, later]) => {
      seq += 1;
      const id = `v${String(seq).padStart(8, "0")}`;
      return {
        value,
        start,
        end: end ?? null,
        createdAt: new Date(base + seq * 1000 + (later ? 86_400_000 * 60 : 0)),
        id,
        caseChangeId: `cc-${seq % 97}-${later ? "late" : "early"}`,
      };
    });
  }
  return out;
}

function regulationOn(date: string, industries: string[]): PeriodInput["regulation"] {
  const versions = ["CH", ...industries].map((name) => versionInForce(regulationByName(name)!, date)!);
  return {
    parameters: versions.flatMap((v) => v.parameters),
    lookups: versions.flatMap((v) => v.lookups),
    wageTypes: versions.flatMap((v) => v.wageTypes),
    cases: versions.flatMap((v) => v.cases),
  };
}

/** Employee i of the population: deterministic, covering the rules' branches. */
function employee(i: number): Record<string, string | Value[]> {
  const spec: Record<string, string | Value[]> = {
    BirthDate: `${1955 + (i % 52)}-${String((i % 12) + 1).padStart(2, "0")}-15`,
    Sex: i % 2 ? "female" : "male",
    AhvNumber: "756.9217.0769.85",
    EntryDate: i % 11 === 3 ? [["2026-03-10", "2026-03-10"]] : "2019-05-01",
    ActivityRate: "100",
    WorkplaceCanton: i % 9 === 4 ? "LU" : "ZH",
  };
  if (i % 13 === 5) spec.ExitDate = [["2026-08-20", "2026-08-20"]];
  if (i % 7 === 6) {
    spec.SalaryType = "hourly";
    spec.HourlyWage = `${28 + (i % 20)}.50`;
    spec.Hours = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(
      (m) => [`${100 + ((i + m) % 80)}.25`, `2026-${String(m).padStart(2, "0")}-28`] as Value,
    );
    if (i % 3 === 0) spec.HolidayWeeks = "5";
  } else {
    spec.SalaryType = "monthly";
    const salary = [[`${3500 + (i % 90) * 123}.00`, "2019-05-01"]] as Value[];
    if (i % 5 === 2) salary.push([`${5200 + (i % 40) * 77}.35`, "2026-06-12"]);
    if (i % 17 === 8) salary.push([`${6100 + (i % 30) * 11}.00`, "2026-02-01", null, true]);
    spec.MonthlySalary = salary;
    spec.WeeklyHours = i % 19 === 1 ? "6" : "42";
  }
  if (i % 4 === 1) spec.ThirteenthSalary = i % 8 === 1 ? "monthly" : "december";
  if (i % 6 === 2)
    spec.BonusAmount = [
      [`${1000 + i}.00`, "2026-04-25"],
      [`${200 + i}.00`, "2026-11-25"],
    ];
  if (i % 6 === 2) spec.BonusDescription = [["Performance", "2026-04-25"]];
  if (i % 10 === 7)
    spec.ExpenseAmount = [
      ["120.00", "2026-05-31"],
      ["80.40", "2026-09-30"],
    ];
  if (i % 23 === 11) spec.DailyAllowanceAmount = [["930.15", "2026-07-31"]];
  if (i % 8 === 3) {
    spec.TaxAtSourceTariff = ["A0N", "B1N", "C0Y", "H1N"][i % 4]!;
    spec.TaxAtSourceCanton = i % 40 === 3 ? "GE" : "ZH";
    spec.WorkPermit = "B";
  }
  if (i % 29 === 14) spec.WorkPermit = "L";
  if (i % 5 === 4) spec.ChildAllowances = String(1 + (i % 3));
  if (i % 15 === 9) spec.EducationAllowances = "1";
  if (i % 12 === 10) {
    spec.BvgPlan = "fixedAmounts";
    spec.BvgEmployeeContribution = `${200 + (i % 50)}.00`;
    spec.BvgEmployerContribution = i % 24 === 10 ? "150.00" : `${260 + (i % 50)}.00`;
  }
  if (i % 31 === 30) delete spec.AhvNumber;
  return spec;
}

const company = (i: number): Record<string, string | Value[]> => ({
  UvgInsurer: "Suva",
  NbuRate: "1.2",
  BuRate: "0.1",
  NbuEmployeeShare: i % 2 ? "100" : "70",
  FakCanton: "ZH",
  FakRate: [
    ["1.2", "2020-01-01", "2026-06-30"],
    ["1.025", "2026-07-01"],
  ],
  AhvAdminCostRate: "3",
  ...(i % 3 === 0 ? { KtgRateMen: "0.8", KtgRateWomen: "1.1", KtgMaxSalary: "120000.00" } : {}),
  ...(i % 4 === 1
    ? { FarEmployeeRate: "1.25", FarEmployerRate: "6.75", ParifondsEmployeeRate: "0.7", ParifondsEmployerRate: "0.5" }
    : {}),
});
const industriesOf = (i: number) => (i % 4 === 1 ? ["CH.Construction"] : i % 4 === 2 ? ["CH.Hospitality"] : []);

const N = Number(args.employees);
const qst = shippedQstTable();
const months = Array.from({ length: 12 }, (_, m) => `2026-${String(m + 1).padStart(2, "0")}-01`);
const regulations = new Map<string, PeriodInput["regulation"]>();
const population = Array.from({ length: N }, (_, i) => ({
  employee: history(employee(i)),
  company: history(company(i % 12)),
  industries: industriesOf(i),
}));
const knownAt = new Date(base + 86_400_000 * 30);

for (let round = 0; round < Number(args.rounds); round++) {
  const hash = createHash("sha256");
  let calls = 0;
  const seen = new Set<string>();
  let ms = 0;
  population.forEach((p, i) => {
    let yearToDate = emptyYearToDate();
    for (const periodStart of months) {
      const key = `${periodStart}|${p.industries.join()}`;
      let regulation = regulations.get(key);
      if (!regulation) regulations.set(key, (regulation = regulationOn(periodStart, p.industries)));
      const t0 = performance.now();
      const result = calculatePeriod({
        periodStart,
        periodEnd: monthEnd(periodStart),
        employee: p.employee,
        company: p.company,
        regulation,
        qst,
        yearToDate,
        knownAt: i % 17 === 8 && periodStart < "2026-07-01" ? knownAt : undefined,
        explain: !args["no-explain"],
      });
      ms += performance.now() - t0;
      yearToDate = result.yearToDate;
      hash.update(JSON.stringify(result));
      if (round === 0)
        for (const item of [...result.lines.map((l) => l.number), ...result.issues.map((x) => x.code)]) seen.add(item);
      calls++;
    }
  });
  if (round === 0) console.log(`covers ${[...seen].sort().join(" ")}`);
  console.log(
    `round ${round + 1}: ${calls} calculations in ${(ms / 1000).toFixed(2)} s = ${Math.round(calls / (ms / 1000))}/s fingerprint ${hash.digest("hex").slice(0, 16)}`,
  );
}
