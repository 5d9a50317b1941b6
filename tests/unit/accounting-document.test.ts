import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { renderAccountingCsv } from "@/server/accounting/csv";
import {
  buildAccountingJournal,
  type AccountingJournal,
  type AccountingJournalInput,
} from "@/server/accounting/journal";
import { formatChf, renderAccountingPdf } from "@/server/documents/pdf/accounting-journal";

const accounts = {
  "1020": "Bank",
  "1091": "Lohndurchlaufkonto",
  "2270": "Sozialversicherungen und Vorsorgeeinrichtungen",
  "2272": "FAK",
  "5000": "Löhne und Gehälter",
  "5700": "Sozialleistungen (AHV/IV/EO)",
};
const mapping = {
  "1000": { debit: "5000", credit: "1091" },
  "3000": { debit: "2272", credit: "1091" },
  "5010": { debit: "1091", credit: "2270" },
  "8010": { debit: "5700", credit: "2270" },
};
const wageTypes = {
  "1000": { kind: "earning", name: 'Monatslohn; "Basis"' },
  "3000": { kind: "allowance", name: "Kinderzulage" },
  "5010": { kind: "deduction", name: "AHV/IV/EO Arbeitnehmende" },
  "6500": { kind: "net", name: "Nettolohn" },
  "8010": { kind: "employerContribution", name: "AHV/IV/EO Arbeitgeber" },
} as const;
const stored = (number: string, amount: number, retroPeriodStart: string | null = null) => ({
  number,
  name: number,
  amount,
  retro: retroPeriodStart !== null,
  retroPeriodStart,
});

function journalOf(overrides: Partial<AccountingJournalInput> = {}): AccountingJournal {
  const result = buildAccountingJournal({
    period: { periodStart: "2025-03-01", periodEnd: "2025-03-31" },
    language: "de",
    template: { groupBy: ["account", "wageType"] },
    accounts,
    costCenters: { "100": "Verkauf", "200": "Produktion" },
    wageTypes,
    mapping,
    netPayment: { debit: "1091", credit: "1020" },
    entries: [
      {
        employeeId: "a",
        costCenters: [{ costCenter: "100", weight: 1 }],
        lines: [stored("1000", 650_000), stored("5010", 34_450), stored("6500", 615_550)],
      },
    ],
    ...overrides,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.unmapped));
  return result.journal;
}

describe("accounting CSV", () => {
  it("writes the journal with a header, semicolons, dot decimals, CRLF and quoting where needed", () => {
    expect(renderAccountingCsv(journalOf())).toBe(
      [
        "Date;Document;DebitAccount;CreditAccount;Amount;Text;CostCenter",
        '2025-03-31;PR-2025-03;5000;1091;6500.00;"1000 Monatslohn; ""Basis""";',
        "2025-03-31;PR-2025-03;1091;2270;344.50;5010 AHV/IV/EO Arbeitnehmende;",
        "2025-03-31;PR-2025-03;1091;1020;6155.50;6500 Nettolohn;",
        "",
      ].join("\r\n"),
    );
  });

  it("fills the cost center column, swaps a negative retro line and keeps two decimals", () => {
    const journal = journalOf({
      template: { groupBy: ["account", "wageType", "costCenter"] },
      reference: "L 03/2025",
      entries: [
        {
          employeeId: "b",
          costCenters: [
            { costCenter: "100", weight: 60 },
            { costCenter: "200", weight: 40 },
          ],
          lines: [stored("1000", -1_001, "2025-01-01"), stored("6500", -1_005, "2025-01-01")],
        },
      ],
    });
    expect(renderAccountingCsv(journal).split("\r\n")).toEqual([
      "Date;Document;DebitAccount;CreditAccount;Amount;Text;CostCenter",
      '2025-03-31;L 03/2025;1091;5000;6.01;"1000 Monatslohn; ""Basis"", Korrektur 01.2025";100',
      "2025-03-31;L 03/2025;1020;1091;6.03;6500 Nettolohn, Korrektur 01.2025;100",
      '2025-03-31;L 03/2025;1091;5000;4.00;"1000 Monatslohn; ""Basis"", Korrektur 01.2025";200',
      "2025-03-31;L 03/2025;1020;1091;4.02;6500 Nettolohn, Korrektur 01.2025;200",
      "",
    ]);
  });
});

describe("accounting PDF", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "accounting-pdf-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const textOf = (pdf: Buffer, name: string) => {
    const file = path.join(dir, `${name}.pdf`);
    writeFileSync(file, pdf);
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  };

  const byCostCenter = () =>
    journalOf({
      template: { groupBy: ["account", "wageType", "costCenter"] },
      entries: [
        {
          employeeId: "a",
          costCenters: [{ costCenter: "100", weight: 1 }],
          lines: [
            stored("1000", 650_000),
            stored("3000", 21_500),
            stored("5010", 34_450),
            stored("6500", 615_550),
            stored("8010", 34_450),
          ],
        },
        {
          employeeId: "b",
          costCenters: [
            { costCenter: "100", weight: 60 },
            { costCenter: "200", weight: 40 },
          ],
          lines: [
            stored("1000", 1_234_567),
            stored("5010", 65_432),
            stored("6500", 1_169_135),
            stored("1000", -10_001, "2025-01-01"),
            stored("6500", -10_000, "2025-01-01"),
          ],
        },
      ],
    });

  it("formats amounts the Swiss way", () => {
    expect(formatChf(123_456_789)).toBe("1'234'567.89");
    expect(formatChf(5)).toBe("0.05");
    expect(formatChf(-100_000)).toBe("-1'000.00");
  });

  it("renders the preview by cost center with sections, accounts and the totals", async () => {
    const journal = byCostCenter();
    expect(journal.totals.debit).toBe(journal.totals.credit);
    const pdf = await renderAccountingPdf(journal, { payrollName: "Muster AG", language: "de", final: false });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = textOf(pdf, "preview-de");
    expect(text).toContain("Buchungsjournal");
    expect(text).toContain("VORSCHAU");
    expect(text).toContain("Muster AG");
    expect(text).toContain("01.03.2025 – 31.03.2025");
    expect(text).toContain("Kostenstelle 100 Verkauf");
    expect(text).toContain("Kostenstelle 200 Produktion");
    expect(text).toMatch(/1091\s+Lohndurchlaufkonto/);
    expect(text).toMatch(/2272\s+FAK/);
    expect(text).toContain("Kinderzulage, Auszahlung");
    expect(text).toMatch(new RegExp(`Total Soll\\s+${escape(formatChf(journal.totals.debit))}`));
    expect(text).toMatch(new RegExp(`Total Haben\\s+${escape(formatChf(journal.totals.credit))}`));
    // Beat's salary 12'345.67 split 60/40 -> 7'407.40 + 4'938.27; cost center 100 adds Anna's 6'500.00.
    expect(text).toMatch(/Kostenstelle 100[\s\S]*1000 Monatslohn; "Basis"\s+13'907\.40[\s\S]*Kostenstelle 200/);
    expect(text).toContain("4'938.27");
  });

  it("renders a final document in English without the preview marker, the same bytes every time", async () => {
    const journal = journalOf({ language: "en" });
    const options = { payrollName: "Example Ltd", language: "en", final: true } as const;
    const pdf = await renderAccountingPdf(journal, options);
    const text = textOf(pdf, "final-en");
    expect(text).toContain("Accounting journal");
    expect(text).not.toContain("PREVIEW");
    expect(text).toMatch(/Total debit\s+13'000\.00/);
    expect(text).toMatch(/Total credit\s+13'000\.00/);
    expect(text).not.toContain("Cost center");
    expect(text).toMatch(/5000\s+Löhne und Gehälter/);
    expect(Buffer.compare(pdf, await renderAccountingPdf(journal, options))).toBe(0);
  });

  it("labels the document in French and Italian", async () => {
    const journal = journalOf();
    expect(
      textOf(await renderAccountingPdf(journal, { payrollName: "Exemple SA", language: "fr", final: false }), "fr"),
    ).toMatch(/APERÇU[\s\S]*Total débit/);
    expect(
      textOf(await renderAccountingPdf(journal, { payrollName: "Esempio SA", language: "it", final: false }), "it"),
    ).toMatch(/ANTEPRIMA[\s\S]*Totale avere/);
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
