import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatRappen } from "@/server/money/rappen";
import { calc, lineOf } from "./calc-fixture";

/**
 * Issue 39's oracle: for every canton whose tariff file is shipped, random codes and monthly incomes
 * withhold what the ESTV file itself says. The file is read here with the record layout of
 * ../shared/domain/swiss-payroll.md ("ESTV tariff file"), not with the service's parser: 0-based
 * [0:2] record type, [4:6] canton, [6:16] code, [24:33] income from (Rappen), [33:42] step (Rappen),
 * [54:59] rate (% x 100). The bracket holds from <= income < from + step (the last one open-ended);
 * tax = income x rate on the whole income, rounded to 0.05 CHF half up like every deduction line.
 */
type Bracket = { from: bigint; step: bigint; rate: bigint };

function progressiveTariffs(file: string): { canton: string; tariffs: Map<string, Bracket[]> } {
  const text = gunzipSync(readFileSync(path.join(__dirname, "../fixtures/qst", file))).toString("latin1");
  const tariffs = new Map<string, Bracket[]>();
  let canton = "";
  for (const line of text.split("\r\n")) {
    if (!line.startsWith("06")) continue;
    canton = line.slice(4, 6);
    const code = line.slice(6, 16).trim();
    const list = tariffs.get(code) ?? [];
    list.push({ from: BigInt(line.slice(24, 33)), step: BigInt(line.slice(33, 42)), rate: BigInt(line.slice(54, 59)) });
    tariffs.set(code, list);
  }
  for (const list of tariffs.values()) list.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  return { canton, tariffs };
}

/** The withheld Rappen for a monthly income in Rappen, straight from the file's brackets. */
function oracleTax(brackets: Bracket[], income: bigint): bigint {
  let rate = 0n;
  brackets.forEach((bracket, index) => {
    const last = index === brackets.length - 1;
    if (income >= bracket.from && (last || income < bracket.from + bracket.step)) rate = bracket.rate;
  });
  // income x rate / 10,000 Rappen, in units of 5 Rappen, rounded half up.
  return ((income * rate + 25_000n) / 50_000n) * 5n;
}

describe.each(["tar26zh.txt.gz", "tar26ag.txt.gz", "tar26lu.txt.gz"])("withholding tax of %s", (file) => {
  const { canton, tariffs } = progressiveTariffs(file);
  const codes = [...tariffs.keys()].sort();

  it(`has the canton's progressive tariffs (${file})`, () => {
    expect(canton).toMatch(/^[A-Z]{2}$/);
    expect(codes).toContain("A0N");
    expect(codes.length).toBeGreaterThan(10);
  });

  it("withholds the file's rate for the bracket of random monthly incomes and codes", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...codes),
        // CHF 0.01 to 40,000.00 a month, and the exact start of a random bracket now and then.
        fc.oneof(
          fc.integer({ min: 1, max: 4_000_000 }),
          fc.nat().map((n) => {
            const starts = tariffs.get("A0N")!;
            return Number(starts[n % starts.length]!.from);
          }),
        ),
        fc.integer({ min: 1, max: 12 }),
        (code, salary, month) => {
          const period = `2026-${String(month).padStart(2, "0")}`;
          const result = calc({
            period,
            employee: {
              MonthlySalary: formatRappen(salary),
              WorkplaceCanton: canton,
              TaxAtSourceTariff: code,
              TaxAtSourceCanton: canton,
            },
            company: { FakCanton: canton },
          });
          const income = result.collectors.QstWage!;
          // A plain monthly salary is the whole QST-liable income of the month.
          expect(income).toBe(salary);
          const expected = oracleTax(tariffs.get(code)!, BigInt(income));
          expect(result.issues.filter((issue) => issue.code.startsWith("calc.qst"))).toEqual([]);
          expect(BigInt(lineOf(result, "5060")?.amount ?? 0)).toBe(expected);
        },
      ),
      { numRuns: 400 },
    );
  });
});
