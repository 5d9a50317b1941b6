import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildSalaryCertificateModel } from "@/server/documents/salary-certificate/model";
import { renderSalaryCertificatePdf } from "@/server/documents/salary-certificate/render";
import { formatRappen } from "@/server/money/rappen";
import { CH } from "@/server/regulations/catalog/ch";
import { calc, calcYear } from "./calc-fixture";

/** The lines of a result as CHF text by wage type number, and its collectors. */
function payslip(result: ReturnType<typeof calc>) {
  return {
    lines: Object.fromEntries(result.lines.map((l) => [l.number, formatRappen(l.amount)])),
    payable: formatRappen(result.collectors.PayableAmount!),
  };
}

/**
 * Issue 40, wage kinds. Each payslip is computed by hand below from the default employee of the fixture
 * (ZH, 40 years old, 6,500.00 a month, NBU 1 % borne by the employee, FAK 1.2 %) and the rule's source.
 */
describe("wage kinds: the company car (salary certificate field 2.2)", () => {
  // ESTV/SSK Wegleitung zum Lohnausweis (605.040.18.1d), field 2.2, as ../shared/domain/swiss-payroll.md gives it:
  // private use 0.9 % of the purchase price per month, at least CHF 150.
  it("adds 0.9 % of the purchase price to every insured wage and takes it back from the amount paid out", () => {
    const slip = payslip(calc({ period: "2026-03", employee: { CompanyCarPrice: "45000.00" } }));
    // 45,000.00 x 0.9 % = 405.00; gross 6,905.00.
    // AHV 5.3 % = 365.965 -> 365.95; ALV 1.1 % = 75.955 -> 75.95; NBU 1 % = 69.05;
    // BVG: 6,905.00 x 12 = 82,860.00 - 26,460.00 = 56,400.00 x 10 % / 12 / 2 = 235.00.
    // Net 6,905.00 - 745.95 = 6,159.05; paid out 6,159.05 - 405.00 = 5,754.05.
    expect(slip.lines).toMatchObject({
      "1000": "6500.00",
      "1500": "405.00",
      "5010": "365.95",
      "5020": "75.95",
      "5040": "69.05",
      "5050": "235.00",
      "6400": "-405.00",
      "6500": "6159.05",
      "8010": "365.95",
      "8030": "82.85",
    });
    expect(slip.payable).toBe("5754.05");
  });

  it("charges at least CHF 150 a month for a cheap car", () => {
    // 12,000.00 x 0.9 % = 108.00, below the minimum: 150.00.
    const result = calc({ period: "2026-03", employee: { CompanyCarPrice: "12000.00" } });
    expect(payslip(result).lines).toMatchObject({ "1500": "150.00", "6400": "-150.00" });
    expect(result.lines.find((l) => l.number === "1500")!.explanation.params).toMatchObject({ capped: "yes" });
  });

  it("counts an entry month by its days, as the salary", () => {
    // Entry on 16 March: 16 of 30 days; 405.00 x 16 / 30 = 216.00.
    const slip = payslip(
      calc({ period: "2026-03", employee: { EntryDate: "2026-03-16", CompanyCarPrice: "45000.00" } }),
    );
    expect(slip.lines).toMatchObject({ "1000": "3466.67", "1500": "216.00", "6400": "-216.00" });
  });

  it("gives nothing without a price, or outside the employment", () => {
    expect(payslip(calc({ period: "2026-03" })).lines["1500"]).toBeUndefined();
    const after = calc({ period: "2026-04", employee: { ExitDate: "2026-03-31", CompanyCarPrice: "45000.00" } });
    expect(after.lines.map((l) => l.number)).not.toContain("1500");
  });
});

describe("wage kinds: the 14th salary", () => {
  // Not required by law; where the contract agrees one it is paid as the 13th (swiss-payroll.md, 13th month salary):
  // monthly 1/12, or 1/12 of the year's regular wage in December or pro rata on exit. It is wage like the 13th,
  // and the BVG annual salary counts it as one more month (the legal minimum plan's 12 + 1 + 1).
  it("pays 1/12 of the year's salary in December, with the 13th", () => {
    const december = payslip(
      calcYear(2026, () => ({ ThirteenthSalary: "december", FourteenthSalary: "december" }))[11]!,
    ).lines;
    // 13th and 14th: 78,000.00 / 12 = 6,500.00 each; gross 19,500.00. AHV 5.3 % = 1,033.50; ALV 1.1 % = 214.50
    // (91,000.00 so far, under the ceiling); NBU 1 % = 195.00. BVG: 6,500.00 x 14 = 91,000.00, capped at 90,720.00,
    // - 26,460.00 = 64,260.00 x 10 % / 12 / 2 = 267.75. Net 19,500.00 - 1,710.75 = 17,789.25.
    expect(december).toMatchObject({
      "1000": "6500.00",
      "1200": "6500.00",
      "1210": "6500.00",
      "5010": "1033.50",
      "5020": "214.50",
      "5040": "195.00",
      "5050": "267.75",
      "6500": "17789.25",
    });
  });

  it("pays 1/12 every month when agreed so", () => {
    const slip = payslip(calc({ period: "2026-03", employee: { FourteenthSalary: "monthly" } })).lines;
    // 6,500.00 / 12 = 541.67; gross 7,041.67; AHV 5.3 % = 373.21 -> 373.20. BVG: 6,500.00 x 13 = 84,500.00
    // - 26,460.00 = 58,040.00 x 10 % / 24 = 241.83 -> 241.85.
    expect(slip).toMatchObject({ "1210": "541.67", "5010": "373.20", "5050": "241.85" });
  });

  it("pays the part of the year employed on exit", () => {
    const june = calcYear(2026, () => ({ ExitDate: "2026-06-30", FourteenthSalary: "december" }), {
      months: [1, 2, 3, 4, 5, 6],
    })[5]!;
    // 6 x 6,500.00 = 39,000.00 / 12 = 3,250.00.
    expect(payslip(june).lines["1210"]).toBe("3250.00");
    expect(june.yearToDate.fourteenthPaid).toBe(325_000);
  });
});

describe("wage kinds: free board and lodging (salary certificate field 2.1)", () => {
  // The value is what HR records per month (the AHV's rates for board and lodging are not in ../shared/domain);
  // it is a benefit in kind like the car: insured wage, taken back from the payout.
  it("adds the value to every insured wage and takes it back after the net wage", () => {
    const slip = payslip(calc({ period: "2026-03", employee: { BoardAndLodgingValue: "990.00" } }));
    // Gross 7,490.00: AHV 5.3 % = 396.97 -> 396.95; ALV 1.1 % = 82.39 -> 82.40; NBU 1 % = 74.90;
    // BVG 7,490.00 x 12 = 89,880.00 - 26,460.00 = 63,420.00 x 10 % / 24 = 264.25.
    // Net 7,490.00 - 818.50 = 6,671.50; paid out 6,671.50 - 990.00 = 5,681.50.
    expect(slip.lines).toMatchObject({
      "1510": "990.00",
      "5010": "396.95",
      "5020": "82.40",
      "5040": "74.90",
      "5050": "264.25",
      "6410": "-990.00",
      "6500": "6671.50",
    });
    expect(slip.payable).toBe("5681.50");
  });
});

describe("wage kinds on the salary certificate", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "wage-kinds-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const certificate = (employeeValues: Record<string, string>) => {
    const year = calcYear(2026, () => ({ CompanyCarPrice: "45000.00", BoardAndLodgingValue: "990.00" }));
    return buildSalaryCertificateModel({
      payroll: { name: "Lohnlauf", documentLanguage: "de" },
      company: { CompanyStreet: "Bahnhofstrasse", CompanyPostalCode: "8001", CompanyCity: "Zürich" },
      employeeValues: { EntryDate: "2020-01-01", ...employeeValues },
      employee: { identifier: "E-1", firstName: "Zoë", lastName: "Muster" },
      year: 2026,
      entries: year.map((r, i) => ({
        periodStart: `2026-${String(i + 1).padStart(2, "0")}-01`,
        periodEnd: `2026-${String(i + 1).padStart(2, "0")}-28`,
        lines: r.lines.map((l) => ({ ...l, retro: false, retroPeriodStart: null })),
      })),
      wageTypes: CH.versions.find((v) => v.validFrom === "2026-01-01")!.wageTypes,
      final: true,
    });
  };

  it("declares board and lodging in 2.1 and the car in 2.2, inside the gross total 8, not what is taken back", () => {
    const model = certificate({});
    // 12 x 990.00 = 11,880.00 in 2.1; 12 x 405.00 = 4,860.00 in 2.2; 12 x 6,500.00 = 78,000.00 in 1; 8 = 94,740.00.
    expect(model.amounts).toMatchObject({ "1": 7_800_000, "2.1": 1_188_000, "2.2": 486_000, "2.3": 0, "8": 9_474_000 });
    expect(model.notOnForm.map((p) => [p.number, p.amount])).toEqual(
      expect.arrayContaining([
        ["6400", -486_000],
        ["6410", -1_188_000],
      ]),
    );
    expect(model.checks).toEqual({ freeTransport: false, canteen: false });
  });

  it("ticks F and G from the fringe benefits recorded, read back from the PDF", async () => {
    const model = certificate({ FreeTransport: "true", CanteenMeals: "true" });
    expect(model.checks).toEqual({ freeTransport: true, canteen: true });
    const file = path.join(dir, "fg.pdf");
    writeFileSync(file, await renderSalaryCertificatePdf(model));
    const text = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
    expect(text).toContain("F ☒ Unentgeltliche Beförderung");
    expect(text).toContain("G ☒ Kantinenverpflegung / Lunch-Checks");
    expect(text).toMatch(/2\.1\s+Gehaltsnebenleistungen: Verpflegung, Unterkunft\s+11'880\n/);
    expect(text).toMatch(/2\.2\s+Gehaltsnebenleistungen: Privatanteil Geschäftsfahrzeug\s+4'860\n/);
    const none = path.join(dir, "none.pdf");
    writeFileSync(none, await renderSalaryCertificatePdf(certificate({})));
    const plain = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", none, "-"], { encoding: "utf8" });
    expect(plain).toContain("F ☐ Unentgeltliche Beförderung");
    expect(plain).toContain("G ☐ Kantinenverpflegung");
  });

  it("still draws a certificate kept before fields 2.1-2.3 and F/G existed", async () => {
    const kept: Record<string, unknown> = { ...certificate({}) };
    delete kept.checks;
    const drop = (fields: Record<string, number>) => {
      const rest: Record<string, number> = { ...fields, "2": 0 };
      for (const key of ["2.1", "2.2", "2.3"]) delete rest[key];
      return rest;
    };
    const old = {
      ...kept,
      amounts: drop(kept.amounts as Record<string, number>),
      francs: drop(kept.francs as Record<string, number>),
    } as unknown as Parameters<typeof renderSalaryCertificatePdf>[0];
    const file = path.join(dir, "kept.pdf");
    writeFileSync(file, await renderSalaryCertificatePdf(old));
    const text = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
    expect(text).toContain("F ☐ Unentgeltliche Beförderung");
    expect(text).toMatch(/\n\s*2\.2\s+Gehaltsnebenleistungen: Privatanteil Geschäftsfahrzeug\s*\n/);
  });
});

describe("the AHV minor-salary exemption", () => {
  // AHVV Art. 34d, as ../shared/domain/swiss-payroll.md gives it: CHF 2,500 a year per employer, contributions only
  // at the person's request; from 2026 not in design, museums, electronic and print media, choirs (nor households
  // and artists). Exempt while the year's wage so far and the monthly salary agreed for the rest of the year stay
  // within the limit. The person works 4 hours a week: no NBU (under 8 hours).
  const small = { MonthlySalary: "200.00", WeeklyHours: "4" };
  const year = (employee: Record<string, unknown> = {}, company: Record<string, string> = {}) =>
    calcYear(2026, (m) => ({ ...small, ...(m === 3 ? employee : { ...employee, BonusAmount: [] }) }), {
      company,
      months: [1, 2, 3, 4],
    }).map((r) => payslip(r).lines);

  it("levies nothing on 200.00 a month (2,400.00 a year)", () => {
    for (const month of year()) {
      expect(month).toMatchObject({ "1000": "200.00", "5010": "0.00", "6500": "200.00" });
      for (const n of ["5020", "8010", "8020", "8030"]) expect(month[n], n).toBeUndefined();
    }
  });

  it("levies the whole year once a bonus takes it past CHF 2,500", () => {
    const [january, february, march, april] = year({ BonusAmount: [["1000.00", "2026-03-20"]] });
    for (const month of [january, february]) expect(month).toMatchObject({ "5010": "0.00", "6500": "200.00" });
    // March: 200.00 + 200.00 + 1,200.00 = 1,600.00 so far and 9 x 200.00 still agreed: 3,400.00 > 2,500.00.
    // All of 1,600.00 is liable now: AHV 5.3 % = 84.80, ALV 1.1 % = 17.60, FAK 1.2 % = 19.20;
    // net 1,200.00 - 84.80 - 17.60 = 1,097.60.
    expect(march).toMatchObject({
      "5010": "84.80",
      "5020": "17.60",
      "8010": "84.80",
      "8030": "19.20",
      "6500": "1097.60",
    });
    // April: its own 200.00: AHV 10.60, ALV 2.20, net 187.20.
    expect(april).toMatchObject({ "5010": "10.60", "5020": "2.20", "6500": "187.20" });
  });

  it("levies a salary that will exceed the limit within the year from its first month", () => {
    // 1,000.00 a month: 12,000.00 a year. AHV 53.00, ALV 11.00 in January.
    expect(year({ MonthlySalary: "1000.00" })[0]).toMatchObject({ "5010": "53.00", "5020": "11.00" });
  });

  it("levies from the first franc when the person asks", () => {
    expect(year({ AhvMinorSalaryContributions: "true" })[0]).toMatchObject({ "5010": "10.60", "5020": "2.20" });
  });

  it("does not apply in a sector the 2026 rules exclude, and did in 2025; never in a private household", () => {
    expect(year({}, { EmployerSector: "museums" })[0]).toMatchObject({ "5010": "10.60" });
    const in2025 = (sector: string) =>
      payslip(calcYear(2025, () => small, { company: { EmployerSector: sector }, months: [1] })[0]!).lines;
    expect(in2025("museums")).toMatchObject({ "5010": "0.00" });
    expect(in2025("household")).toMatchObject({ "5010": "10.60" });
  });

  it("says why nothing is levied", () => {
    const [january] = calcYear(2026, () => small, { months: [1] });
    expect(january!.lines.find((l) => l.number === "5010")!.explanation.params).toEqual({
      wage: "200.00",
      yearWage: "200.00",
      limit: "2500.00",
    });
  });
});
