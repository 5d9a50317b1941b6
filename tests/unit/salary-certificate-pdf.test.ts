import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { StoredLine } from "@/server/db/schema/results";
import {
  type SalaryCertificateInput,
  buildSalaryCertificateModel,
  certificateFieldOf,
} from "@/server/documents/salary-certificate/model";
import { renderSalaryCertificatePdf } from "@/server/documents/salary-certificate/render";
import { CH } from "@/server/regulations/catalog/ch";

/**
 * Form 11 from a hand-made year: Ex. 1 of the domain notes every month (6,500.00; AHV 344.50,
 * ALV 71.50, NBU 65.00, BVG 214.75, QST A0N 473.20), a 5,000.00 bonus in December with its
 * contributions, a child allowance of 215.00 a month, KTG 30.00 a month (not on the form),
 * 120.00 expenses in March and a retro correction of February booked in March.
 */

const dir = mkdtempSync(path.join(tmpdir(), "certificate-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const wageTypes = CH.versions.find((v) => v.validFrom === "2026-01-01")!.wageTypes;

function line(number: string, amount: number, more: Partial<StoredLine> = {}): StoredLine {
  return {
    number,
    name: `stored ${number}`,
    amount,
    base: null,
    rate: null,
    retro: false,
    retroPeriodStart: null,
    explanation: { text: "", caseValues: [], parameters: [] },
    ...more,
  };
}
const retro = (number: string, amount: number) => line(number, amount, { retro: true, retroPeriodStart: "2026-02-01" });

function month(m: number): SalaryCertificateInput["entries"][number] {
  const start = `2026-${String(m).padStart(2, "0")}-01`;
  const december = m === 12;
  const lines = [
    line("1000", 650_000),
    ...(december ? [line("1300", 500_000)] : []),
    line("3000", 21_500),
    line("5010", december ? 60_950 : 34_450),
    line("5020", december ? 12_650 : 7_150),
    line("5040", december ? 11_500 : 6_500),
    line("5045", 3_000),
    line("5050", 21_475),
    line("5060", 47_320),
    ...(m === 3
      ? [
          line("6000", 12_000),
          retro("1000", 20_000),
          retro("5010", 1_060),
          retro("5020", 220),
          retro("5040", 200),
          retro("6500", 18_520),
        ]
      : []),
    line("6500", 123_456), // the net wage is not on the form; any amount
    line("8010", 34_450),
  ];
  return { periodStart: start, periodEnd: `${start.slice(0, 8)}28`, lines };
}

function input(more: Partial<SalaryCertificateInput> = {}): SalaryCertificateInput {
  return {
    payroll: { name: "Lohnlauf", documentLanguage: "de" },
    companyName: "Bäckerei Grünig AG",
    company: {
      CompanyStreet: "Bahnhofstrasse",
      CompanyHouseNumber: "1",
      CompanyPostalCode: "6003",
      CompanyCity: "Luzern",
      CompanyUid: "CHE-999.999.996",
    },
    employeeValues: {
      AhvNumber: "756.9217.0769.85",
      Street: "Rue de l'Hôpital",
      HouseNumber: "12",
      PostalCode: "2000",
      City: "Neuchâtel",
      Country: "CH",
      EntryDate: "2024-04-01",
    },
    employee: { identifier: "E-1001", firstName: "Zoë", lastName: "Müller-Lüthi" },
    year: 2026,
    entries: Array.from({ length: 12 }, (_, i) => month(i + 1)),
    wageTypes,
    issued: { date: "2027-01-29" },
    final: true,
    ...more,
  };
}

// 1: 12 x 6,500.00 + 200.00 = 78,200.00; 3: 5,000.00; 7: 12 x 215.00 = 2,580.00; 8 = 85,780.00
// 9: AHV 11 x 344.50 + 609.50 + 10.60 = 4,409.60; ALV 11 x 71.50 + 126.50 + 2.20 = 915.20;
//    NBU 11 x 65.00 + 115.00 + 2.00 = 832.00; together 6,156.80
// 10.1: 12 x 214.75 = 2,577.00; 11 = 85,780.00 - 6,156.80 - 2,577.00 = 77,046.20
// 12: 12 x 473.20 = 5,678.40; 13.1.1: 120.00
const F1 = 7_820_000;
const F3 = 500_000;
const F7 = 258_000;
const F8 = 8_578_000;
const F9 = 615_680;
const F10 = 257_700;
const F11 = 7_704_620;

describe("buildSalaryCertificateModel", () => {
  const m = buildSalaryCertificateModel(input());

  it("sums the year's lines into the form's fields, retro lines included", () => {
    expect(m.amounts).toMatchObject({
      "1": F1,
      "3": F3,
      "7": F7,
      "8": F8,
      "9": F9,
      "10.1": F10,
      "10.2": 0,
      "11": F11,
      "12": 567_840,
      "13.1.1": 12_000,
      "2.1": 0,
      "2.2": 0,
      "2.3": 0,
      "14": 0,
    });
    expect(m.parts["9"]!.map((p) => [p.number, p.amount])).toEqual([
      ["5010", 440_960],
      ["5020", 91_520],
      ["5040", 83_200],
    ]);
  });

  it("holds 8 = 1 + ... + 7 and 11 = 8 - 9 - 10 exactly in Rappen", () => {
    const a = m.amounts;
    expect(a["8"]).toBe(a["1"] + a["2.1"] + a["2.2"] + a["2.3"] + a["3"] + a["4"] + a["5"] + a["6"] + a["7"]);
    expect(a["11"]).toBe(a["8"] - a["9"] - a["10.1"] - a["10.2"]);
  });

  it("prints whole francs that add up as well", () => {
    expect(m.francs).toMatchObject({
      "1": 78_200,
      "3": 5_000,
      "7": 2_580,
      "8": 85_780,
      "9": 6_157,
      "10.1": 2_577,
      "11": 77_046,
      "12": 5_678,
      "13.1.1": 120,
    });
    const f = m.francs;
    expect(f["11"]).toBe(f["8"] - f["9"] - f["10.1"] - f["10.2"]);
  });

  it("keeps KTG, the net wage and employer contributions off the form, and names field 7 in the remarks", () => {
    expect(m.notOnForm.map((p) => p.number)).toEqual(["5045", "6500", "8010"]);
    expect(m.remarks).toEqual(["Ziffer 7: Kinderzulage 2'580.00"]);
  });

  it("maps wage types by number first, then by kind", () => {
    const types = new Map(wageTypes.map((w) => [w.number, w]));
    expect(
      ["1000", "1200", "1300", "3010", "6100", "5040", "5045", "5050", "5060", "6000", "6500", "8050"].map((n) =>
        certificateFieldOf(n, types),
      ),
    ).toEqual(["1", "1", "3", "7", "7", "9", null, "10.1", "12", "13.1.1", null, null]);
    // Not in the regulation: by the numbering convention.
    expect(["1400", "3500", "5070", "6200", "8070"].map((n) => certificateFieldOf(n, types))).toEqual([
      "1",
      "7",
      null,
      "13.1.1",
      null,
    ]);
  });

  it("covers the part of the year employed (E)", () => {
    expect(m.period).toEqual({ from: "2026-01-01", to: "2026-12-31" });
    const joinedAndLeft = buildSalaryCertificateModel(
      input({ employeeValues: { EntryDate: "2026-04-15", ExitDate: "2026-09-30" }, entries: [month(4), month(9)] }),
    );
    expect(joinedAndLeft.period).toEqual({ from: "2026-04-15", to: "2026-09-30" });
    const leftLater = buildSalaryCertificateModel(
      input({ employeeValues: { EntryDate: "2020-01-01", ExitDate: "2027-03-31" } }),
    );
    expect(leftLater.period).toEqual({ from: "2026-01-01", to: "2026-12-31" });
  });

  it("refuses an entry of another year", () => {
    expect(() =>
      buildSalaryCertificateModel(
        input({ entries: [month(1), { periodStart: "2025-12-01", periodEnd: "2025-12-31", lines: [] }] }),
      ),
    ).toThrow(/not in 2026/);
  });
});

async function pdfText(model: ReturnType<typeof buildSalaryCertificateModel>, name: string) {
  const pdf = await renderSalaryCertificatePdf(model);
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
}

describe("renderSalaryCertificatePdf, read back with pdftotext", () => {
  it("shows the letter boxes, the numbered fields in whole francs and the employer (German)", async () => {
    const text = await pdfText(buildSalaryCertificateModel(input()), "de");
    expect(text).toContain("Lohnausweis");
    expect(text).toContain("☒ Lohnausweis");
    expect(text).toContain("756.9217.0769.85");
    expect(text).toContain("2026");
    expect(text).toContain("von 01.01.2026 bis 31.12.2026");
    expect(text).toContain("Zoë Müller-Lüthi");
    expect(text).toContain("2000 Neuchâtel");
    expect(text).toMatch(/\n\s*1\s+Lohn\s+78'200\n/);
    expect(text).toMatch(/\n\s*3\s+Unregelmässige Leistungen\s+5'000\n/);
    expect(text).toMatch(/\n\s*7\s+Andere Leistungen\s+2'580\n/);
    expect(text).toMatch(/\n\s*8\s+Bruttolohn total\s+=\s+85'780\n/);
    expect(text).toMatch(/\n\s*9\s+Beiträge AHV\/IV\/EO\/ALV\/NBUV\s+-\s+6'157\n/);
    expect(text).toMatch(/\n\s*10\.1\s+Berufliche Vorsorge 2\. Säule: ordentliche Beiträge\s+-\s+2'577\n/);
    expect(text).toMatch(/\n\s*11\s+Nettolohn\s+=\s+77'046\n/);
    expect(text).toMatch(/\n\s*12\s+Quellensteuerabzug\s+5'678\n/);
    expect(text).toMatch(/13\.1\.1\s+Effektive Spesen: Reise, Verpflegung, Übernachtung\s+120\n/);
    expect(text).toContain("Ziffer 7: Kinderzulage 2'580.00");
    expect(text).toContain("Luzern, 29.01.2027");
    expect(text).toContain("Bäckerei Grünig AG");
    expect(text).toContain("UID CHE-999.999.996");
    expect(text).not.toContain("VORSCHAU");
  });

  it("speaks French, accents included", async () => {
    const model = buildSalaryCertificateModel(
      input({
        payroll: { name: "Paie", documentLanguage: "fr" },
        employee: { identifier: "E-2", firstName: "François", lastName: "Bérard" },
        remarks: ["Véhicule de service: aucun usage privé"],
        final: false,
      }),
    );
    const text = await pdfText(model, "fr");
    expect(text).toContain("Certificat de salaire");
    expect(text).toContain("APERÇU – non définitif");
    expect(text).toContain("François Bérard");
    expect(text).toMatch(/\n\s*8\s+Salaire brut total\s+=\s+85'780\n/);
    expect(text).toMatch(/\n\s*11\s+Salaire net\s+=\s+77'046\n/);
    expect(text).toContain("Chiffre 7: Allocation pour enfant 2'580.00");
    expect(text).toContain("Véhicule de service: aucun usage privé");
    expect(text).toContain("du 01.01.2026 au 31.12.2026");
  });
});
