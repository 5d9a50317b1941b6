import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { StoredLine } from "@/server/db/schema/results";
import { type PayslipInput, buildPayslipModel } from "@/server/documents/payslip/model";
import { renderPayslipOnOnePage, renderPayslipPdf } from "@/server/documents/payslip/render";
import { formatChf, formatDate, wholeFrancs } from "@/server/documents/pdf/i18n";
import { pdfPageCount } from "@/server/documents/pdf/page-count";
import { measureIn, wrapToWidth } from "@/server/documents/pdf/wrap";
import { CH } from "@/server/regulations/catalog/ch";
import { changeSettings } from "../support/settings";

/**
 * The payslip PDF, checked by what a reader sees: rendered with @react-pdf/renderer, read back with
 * poppler's pdftotext -layout. The entry is Ex. 1 of the domain notes (6,500.00 a month, AHV, ALV,
 * NBU 1 %, BVG 214.75) for March 2026, plus a retro correction of February (a raise of 200.00
 * recorded late) and 120.00 expenses.
 */

const dir = mkdtempSync(path.join(tmpdir(), "payslip-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
async function pdfText(input: PayslipInput) {
  const pdf = await renderPayslipPdf(buildPayslipModel(input));
  const file = path.join(dir, `payslip-${++files}.pdf`);
  writeFileSync(file, pdf);
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  return execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
}

const wageTypes = CH.versions.find((v) => v.validFrom === "2026-01-01")!.wageTypes;

function line(number: string, amount: number, more: Partial<StoredLine> = {}): StoredLine {
  return {
    number,
    name: `stored name ${number}`,
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

const lines: StoredLine[] = [
  line("1000", 650_000, { base: 650_000 }),
  line("5010", 34_450, { base: 650_000, rate: "5.3" }),
  line("5020", 7_150, { base: 650_000, rate: "1.1" }),
  line("5040", 6_500, { base: 650_000, rate: "1" }),
  line("5050", 21_475, { base: 429_500, rate: "5" }),
  line("6000", 12_000),
  line("6500", 580_425, { base: 580_425 }),
  line("8010", 34_450, { base: 650_000, rate: "5.3" }),
  line("8020", 7_150, { base: 650_000, rate: "1.1" }),
  line("8030", 7_800, { base: 650_000, rate: "1.2" }),
  line("8050", 21_475, { base: 429_500, rate: "5" }),
  // February corrected: 200.00 more salary, 5.3 % AHV, 1.1 % ALV, 1 % NBU on it, and the net difference.
  retro("1000", 20_000),
  retro("5010", 1_060),
  retro("5020", 220),
  retro("5040", 200),
  retro("6500", 18_520),
  retro("8010", 1_060),
];

// 6,700.00 gross; deductions 710.55; net 5,989.45; payable with expenses 6,109.45.
const GROSS = 670_000;
const NET = 598_945;
const PAYABLE = 610_945;

function input(more: Partial<PayslipInput> = {}): PayslipInput {
  return {
    payroll: { name: "Lohnlauf Grünig", documentLanguage: "de" },
    companyName: "Bäckerei Grünig AG",
    company: {
      CompanyStreet: "Bahnhofstrasse",
      CompanyHouseNumber: "1",
      CompanyPostalCode: "6003",
      CompanyCity: "Luzern",
      CompanyCountry: "CH",
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
      ActivityRate: "80",
      Iban: "CH9300762011623852957",
      AccountHolder: "Zoë Müller-Lüthi",
    },
    employee: { identifier: "E-1001", firstName: "Zoë", lastName: "Müller-Lüthi" },
    period: { periodStart: "2026-03-01", periodEnd: "2026-03-31" },
    entry: {
      lines,
      collectors: { GrossWage: 650_000, NetWage: 580_425 },
      yearToDate: {
        gross: 1_970_000,
        ahvWage: 1_970_000,
        ahvBase: 1_970_000,
        alvBase: 1_970_000,
        uvgBase: 1_970_000,
        bvgWage: 1_950_000,
        qstWage: 0,
        thirteenthPaid: 0,
        days: 90,
      },
      gross: GROSS,
      net: NET,
      payable: PAYABLE,
      paidOut: 0,
    },
    wageTypes,
    payouts: [],
    showEmployerContributions: false,
    final: true,
    ...more,
  };
}

describe("buildPayslipModel", () => {
  it("groups the lines by wage type kind and totals them in Rappen", () => {
    const m = buildPayslipModel(input({ showEmployerContributions: true }));
    expect(m.earnings.lines.map((l) => [l.number, l.amount, l.retroPeriodStart])).toEqual([
      ["1000", 650_000, null],
      ["1000", 20_000, "2026-02-01"],
    ]);
    expect(m.earnings.total).toBe(GROSS);
    expect(m.deductions.lines.map((l) => l.number)).toEqual(["5010", "5010", "5020", "5020", "5040", "5040", "5050"]);
    expect(m.deductions.total).toBe(71_055);
    expect(m.net).toBe(NET);
    expect(m.roundingDifference).toBe(0);
    expect(m.allowancesAndExpenses).toEqual({
      lines: [expect.objectContaining({ number: "6000", amount: 12_000 })],
      total: 12_000,
    });
    expect(m.payable).toBe(PAYABLE);
    expect(m.payments).toEqual({
      payouts: [],
      carriedForward: 0,
      paidOut: 0,
      open: PAYABLE,
      bankAccount: { iban: "CH9300762011623852957", holder: "Zoë Müller-Lüthi" },
    });
    expect(m.employerContributions?.total).toBe(34_450 + 7_150 + 7_800 + 21_475 + 1_060);
    expect(m.employee).toMatchObject({
      name: "Zoë Müller-Lüthi",
      ahvNumber: "756.9217.0769.85",
      entryDate: "2024-04-01",
      activityRate: "80",
      addressLines: ["Rue de l'Hôpital 12", "2000 Neuchâtel"],
    });
    expect(m.employer).toEqual({
      name: "Bäckerei Grünig AG",
      addressLines: ["Bahnhofstrasse 1", "6003 Luzern"],
      uid: "CHE-999.999.996",
    });
  });

  it("names lines in the document language and leaves employer contributions out unless asked", () => {
    const m = buildPayslipModel(input({ payroll: { name: "P", documentLanguage: "fr" } }));
    expect(m.earnings.lines[0]!.text).toBe("Salaire mensuel");
    expect(m.deductions.lines[0]!.text).toBe("AVS/AI/APG employé");
    expect(m.employerContributions).toBeNull();
  });

  it("keeps only year-to-date figures that say something, and the net when the service sums it", () => {
    expect(buildPayslipModel(input()).yearToDate.map((y) => y.key)).toEqual([
      "gross",
      "ahvWage",
      "ahvBase",
      "alvBase",
      "uvgBase",
      "bvgWage",
    ]);
    expect(buildPayslipModel(input({ yearToDateNet: 1_759_795 })).yearToDate.at(-1)).toEqual({
      key: "net",
      amount: 1_759_795,
    });
  });

  it("shows the rounding of the net wage and classifies a wage type no longer in force by its number", () => {
    const odd: StoredLine[] = [
      line("1000", 650_003),
      line("5010", 34_450),
      line("6500", 615_555),
      line("1999", 100, { name: "Alte Zulage" }),
      line("5999", 100, { name: "Alter Abzug" }),
    ];
    const m = buildPayslipModel(
      input({ entry: { ...input().entry, lines: odd, gross: 650_103, net: 615_555, payable: 615_555 } }),
    );
    expect(m.roundingDifference).toBe(615_555 - (650_103 - 34_550));
    expect(m.earnings.lines.map((l) => l.text)).toEqual(["Monatslohn", "Alte Zulage"]);
    expect(m.deductions.lines.map((l) => l.text)).toEqual(["AHV/IV/EO Arbeitnehmende", "Alter Abzug"]);
  });

  it("refuses an entry whose lines do not add up to its stored totals", () => {
    expect(() => buildPayslipModel(input({ entry: { ...input().entry, net: NET + 5 } }))).toThrow(/does not add up/);
  });

  it("counts payouts made against the payable amount", () => {
    const m = buildPayslipModel(
      input({
        payouts: [{ date: "2026-03-25", amount: 500_000, iban: "CH93 0076 2011 6238 5295 7" }],
        entry: { ...input().entry, paidOut: 500_000 },
      }),
    );
    expect(m.payments.open).toBe(PAYABLE - 500_000);
    expect(m.payments.payouts[0]!.iban).toBe("CH9300762011623852957");
  });
});

describe("wrapToWidth (the address window, issue 38)", () => {
  const chars = (text: string) => [...text].length;
  it("breaks at spaces where words fit, and inside a word only where it is wider than the line", () => {
    expect(wrapToWidth("Zoë Müller-Lüthi", 10, chars)).toEqual(["Zoë", "Müller-Lüt", "hi"]);
    expect(wrapToWidth("Anna Maria Keller", 11, chars)).toEqual(["Anna Maria", "Keller"]);
    expect(wrapToWidth("=cmd|'/C calc'!A0", 6, chars)).toEqual(["=cmd|'", "/C", "calc'!", "A0"]);
    expect(wrapToWidth("", 6, chars)).toEqual([]);
  });

  it("keeps every character, emoji and combining marks whole, at any width, in the real font", async () => {
    const measure = await measureIn("bold", 9.5);
    const name = `Zoë 👩‍💻 e\u0301\u0301 ${"Ａ".repeat(30)} ${"x".repeat(120)}!A0`;
    for (const width of [5, 40, 120, 216]) {
      const lines = wrapToWidth(name, width, measure);
      expect(lines.join(" ").replace(/ /g, ""), String(width)).toBe(name.replace(/ /g, ""));
      for (const line of lines)
        expect(
          measure(line) <= width || [...new Intl.Segmenter().segment(line)].length === 1,
          `${width}: ${line}`,
        ).toBe(true);
    }
  });
});

describe("formats", () => {
  it("writes Swiss amounts and dates", () => {
    expect([
      formatChf(598_945),
      formatChf(-34_450),
      formatChf(123_456_789),
      formatChf(5),
      formatChf(-5),
      formatChf(0),
    ]).toEqual(["5'989.45", "-344.50", "1'234'567.89", "0.05", "-0.05", "0.00"]);
    expect(formatDate("2026-03-31")).toBe("31.03.2026");
    expect([wholeFrancs(123_450), wholeFrancs(123_449), wholeFrancs(-50)]).toEqual([1_235, 1_234, -1]);
  });
});

describe("renderPayslipPdf, read back with pdftotext", () => {
  it("shows the employee, the lines, the net pay and the retro marker (German, final)", async () => {
    const started = performance.now();
    const text = await pdfText(input());
    const first = performance.now() - started;

    expect(text).toContain("Lohnabrechnung März 2026");
    expect(text).toContain("Periode 01.03.2026 – 31.03.2026");
    expect(text).toContain("Bäckerei Grünig AG");
    expect(text).toContain("CHE-999.999.996");
    expect(text).toContain("Zoë Müller-Lüthi");
    expect(text).toContain("Rue de l'Hôpital 12");
    expect(text).toContain("2000 Neuchâtel");
    expect(text).toContain("756.9217.0769.85");
    // Labels above their values: personnel number, AHV number, activity rate, entry date.
    expect(text).toMatch(
      /Personalnummer\s+AHV-Nummer\s+Beschäftigungsgrad\s+Eintritt\n\s*E-1001\s+756\.9217\.0769\.85\s+80 %\s+01\.04\.2024/,
    );
    expect(text).toMatch(/1000\s+Monatslohn\s+6'500\.00\s+6'500\.00/);
    expect(text).toMatch(/5010\s+AHV\/IV\/EO Arbeitnehmende\s+6'500\.00\s+5\.3 %\s+-344\.50/);
    expect(text).toMatch(/1000\s+Monatslohn\s+Korrektur 02\.2026\s+200\.00/);
    expect(text).toMatch(/5010\s+AHV\/IV\/EO Arbeitnehmende\s+Korrektur 02\.2026\s+-10\.60/);
    expect(text).toMatch(/Bruttolohn\s+6'700\.00/);
    expect(text).toMatch(/Total Abzüge\s+-710\.55/);
    expect(text).toMatch(/6500\s+Nettolohn\s+5'989\.45/);
    expect(text).toMatch(/6000\s+Spesen\s+120\.00/);
    expect(text).toMatch(/Auszahlungsbetrag\s+6'109\.45/);
    expect(text).toContain("CH93 0076 2011 6238 5295 7");
    expect(text).toMatch(/Offener Betrag\s+6'109\.45/);
    expect(text).toMatch(/AHV-pflichtiger Lohn\s+19'700\.00/);
    expect(text).not.toContain("Arbeitgeberbeiträge");
    expect(text).not.toContain("VORSCHAU");
    expect(text).not.toContain("Rundungsdifferenz");

    // Measured, not asserted: the time depends on the machine and its load.
    const times: number[] = [];
    const model = buildPayslipModel(input({ showEmployerContributions: true, final: false }));
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await renderPayslipPdf(model);
      times.push(performance.now() - t0);
    }
    const sorted = [...times].sort((a, b) => a - b);
    console.info(
      `payslip render: first ${first.toFixed(0)} ms (fonts loaded, build, render, pdftotext); then 20 renders: median ${sorted[10]!.toFixed(0)} ms, min ${sorted[0]!.toFixed(0)} ms, max ${sorted[19]!.toFixed(0)} ms`,
    );
  });

  it("marks a preview as not final and shows employer contributions when asked", async () => {
    const text = await pdfText(input({ final: false, showEmployerContributions: true }));
    expect(text).toContain("VORSCHAU – nicht definitiv");
    expect(text).toContain("Arbeitgeberbeiträge");
    expect(text).toMatch(/8010\s+AHV\/IV\/EO Arbeitgeber\s+6'500\.00\s+5\.3 %\s+344\.50/);
    expect(text).toMatch(/8010\s+AHV\/IV\/EO Arbeitgeber\s+Korrektur 02\.2026\s+10\.60/);
    expect(text).toMatch(/Total Arbeitgeberbeiträge\s+719\.35/);
  });

  it("speaks French when the payroll's document language is fr, accents included", async () => {
    const text = await pdfText(
      input({
        payroll: { name: "Paie", documentLanguage: "fr" },
        companyName: "Boulangerie Dupré Sàrl",
        employee: { identifier: "E-2002", firstName: "François", lastName: "Bérard-Nüesch" },
        payouts: [{ date: "2026-03-25", amount: 610_945, iban: "CH9300762011623852957" }],
        entry: { ...input().entry, paidOut: 610_945 },
        final: false,
      }),
    );
    expect(text).toContain("Décompte de salaire mars 2026");
    expect(text).toContain("APERÇU – non définitif");
    expect(text).toContain("François Bérard-Nüesch");
    expect(text).toContain("Boulangerie Dupré Sàrl");
    expect(text).toContain("Numéro AVS");
    expect(text).toMatch(/1000\s+Salaire mensuel\s+Correction 02\.2026\s+200\.00/);
    expect(text).toMatch(/Total des déductions\s+-710\.55/);
    expect(text).toMatch(/6500\s+Salaire net\s+5'989\.45/);
    expect(text).toMatch(/Montant à verser\s+6'109\.45/);
    expect(text).toMatch(/25\.03\.2026\s+CH93 0076 2011 6238 5295 7\s+6'109\.45/);
    expect(text).toMatch(/Versé\s+6'109\.45/);
    expect(text).not.toContain("Montant ouvert");
    expect(text).not.toContain("Nettolohn");
  });

  it("has labels in Italian and English too", async () => {
    const it_ = await pdfText(input({ payroll: { name: "P", documentLanguage: "it" }, final: false }));
    expect(it_).toContain("Conteggio salariale marzo 2026");
    expect(it_).toContain("ANTEPRIMA – non definitivo");
    expect(it_).toMatch(/6500\s+Salario netto\s+5'989\.45/);
    const en = await pdfText(input({ payroll: { name: "P", documentLanguage: "en" } }));
    expect(en).toContain("Payslip March 2026");
    expect(en).toMatch(/1000\s+Monthly salary\s+Correction 02\.2026\s+200\.00/);
    expect(en).toMatch(/6500\s+Net wage\s+5'989\.45/);
    expect(en).not.toContain("PREVIEW");
  });
});

/**
 * A payslip carries the moment it was drawn (CreationDate, and the file /ID pdfkit derives from it):
 * everything else is the same bytes for the same model.
 */
function withoutDrawTime(pdf: Buffer) {
  return pdf
    .toString("latin1")
    .replace(/\n\(D:\d{14}Z\)\n/g, "\n(D:)\n")
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/g, "/ID []");
}

describe("page numbers", () => {
  it("numbers a one-page payslip as text with the same bytes as numbered by the renderer, and a longer one page by page", async () => {
    for (const language of ["de", "fr", "it", "en"] as const) {
      const model = buildPayslipModel(
        input({
          payroll: { name: "P", documentLanguage: language },
          showEmployerContributions: true,
          final: language === "de",
        }),
      );
      const fast = await renderPayslipPdf(model);
      expect(pdfPageCount(fast)).toBe(1);
      expect(withoutDrawTime(fast), language).toBe(
        withoutDrawTime(await renderPayslipPdf(model, { countPages: true })),
      );
    }
    const model = buildPayslipModel(input());
    // 90 earnings lines do not fit one page: drawn again with the pages counted (three).
    const long = {
      ...model,
      earnings: { ...model.earnings, lines: Array.from({ length: 90 }, () => model.earnings.lines[0]!) },
    };
    const pdf = await renderPayslipPdf(long);
    expect(pdfPageCount(pdf)).toBe(3);
    expect(withoutDrawTime(pdf)).toBe(withoutDrawTime(await renderPayslipPdf(long, { countPages: true })));
    const file = path.join(dir, "payslip-long.pdf");
    writeFileSync(file, pdf);
    const text = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
    expect(text).toMatch(/1 ?\/ ?3[\s\S]*2 ?\/ ?3[\s\S]*3 ?\/ ?3/);
    expect(text).not.toMatch(/1 ?\/ ?1\b/);
  }, 60_000);

  it("draws without pagination exactly the payslips that fit one page: the same bytes on either side of the page's end", async () => {
    const model = buildPayslipModel(input({ showEmployerContributions: true }));
    const pages = new Set<number>();
    // With 9 earnings lines the year's figures (a block that does not split) no longer fit the first page.
    for (let lines = 4; lines <= 14; lines += 1) {
      const grown = {
        ...model,
        earnings: { ...model.earnings, lines: Array.from({ length: lines }, () => model.earnings.lines[0]!) },
      };
      const paginated = await renderPayslipPdf(grown, { countPages: true });
      const onePage = await renderPayslipOnOnePage(grown);
      pages.add(pdfPageCount(paginated));
      if (pdfPageCount(paginated) === 1)
        expect(onePage && withoutDrawTime(onePage), `${lines} lines`).toBe(withoutDrawTime(paginated));
      else expect(onePage, `${lines} lines`).toBeNull();
      expect(withoutDrawTime(await renderPayslipPdf(grown)), `${lines} lines`).toBe(withoutDrawTime(paginated));
    }
    expect([...pages].sort()).toEqual([1, 2]);
  }, 120_000);
});

describe("the PDF worker pool", () => {
  afterAll(async () => (await import("@/server/documents/pdf/pool")).closePdfPool());

  it("draws the same bytes as the bare draw in this thread, one document or many at once", async () => {
    const { drawInPool } = await import("@/server/documents/pdf/pool");
    const { drawModel } = await import("@/server/documents/pdf/draw");
    const models = ["de", "fr", "it", "en"].map((language) => ({
      kind: "payslip" as const,
      payslip: buildPayslipModel(
        input({
          payroll: { name: "Lohnlauf Grünig", documentLanguage: language as "de" },
          showEmployerContributions: true,
          final: language !== "en",
        }),
      ),
    }));
    const bare: Buffer[] = [];
    for (const model of models) bare.push(await drawModel(model));
    expect(withoutDrawTime(bare[0]!)).toMatch(/\(D:\)[\s\S]*\/ID \[\]/);
    expect(withoutDrawTime(await drawModel(models[0]!))).toBe(withoutDrawTime(bare[0]!));
    const pooled = await Promise.all([...models, ...models].map((model) => drawInPool(model)));
    pooled.forEach((bytes, i) =>
      expect(withoutDrawTime(bytes), `document ${i}`).toBe(withoutDrawTime(bare[i % models.length]!)),
    );
    expect(new Set(bare.map((b) => b.toString("base64"))).size).toBe(4);
  }, 60_000);

  it("replaces its threads after PDF_RECYCLE_AFTER documents without losing one in flight", async () => {
    const { drawInPool, closePdfPool, pdfPoolThreads } = await import("@/server/documents/pdf/pool");
    const { drawModel } = await import("@/server/documents/pdf/draw");
    await closePdfPool();
    const restoreSettings = changeSettings({ PDF_WORKERS: 1, PDF_RECYCLE_AFTER: 3 });
    try {
      const models = ["de", "fr", "it", "en"].map((language) => ({
        kind: "payslip" as const,
        payslip: buildPayslipModel(input({ payroll: { name: "P", documentLanguage: language as "de" } })),
      }));
      const bare = await Promise.all(models.map(async (model) => withoutDrawTime(await drawModel(model))));
      const before = await pdfPoolThreads();

      expect(withoutDrawTime(await drawInPool(models[0]!))).toBe(bare[0]);
      const first = await pdfPoolThreads();
      expect(first.generations).toBe(before.generations + 1);
      expect(first.threadIds).toHaveLength(1);
      await drawInPool(models[1]!);
      await drawInPool(models[2]!); // the third: these threads are retired
      expect((await pdfPoolThreads()).threadIds).toEqual([]);

      expect(withoutDrawTime(await drawInPool(models[3]!))).toBe(bare[3]);
      const second = await pdfPoolThreads();
      expect(second.generations).toBe(before.generations + 2);
      expect(second.threadIds).toHaveLength(1);
      expect(second.threadIds[0]).not.toBe(first.threadIds[0]);

      // Ten at once, given to four sets of threads (2 more to the second, 3, 3, 2), three of them
      // retired while their documents are still queued: every document comes back, the same bytes.
      const many = await Promise.all(Array.from({ length: 10 }, (_, i) => drawInPool(models[i % 4]!)));
      many.forEach((bytes, i) => expect(withoutDrawTime(bytes), `document ${i}`).toBe(bare[i % 4]));
      expect((await pdfPoolThreads()).generations).toBe(before.generations + 5);
    } finally {
      await closePdfPool();
      restoreSettings();
    }
  }, 120_000);
});
