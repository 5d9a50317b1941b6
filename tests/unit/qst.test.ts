import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { formatRappen } from "@/server/money/rappen";
import {
  TariffFileError,
  isComplete,
  parseTariffFile,
  parseTariffRecord,
  qstAmount,
  qstRate,
  shippedQstSources,
  shippedQstTable,
  shippedQstTariffs,
  tariffTable,
  tariffsFromRecords,
} from "@/server/regulations/qst";
import { tariffFileName, verifyTariffFile } from "@/server/regulations/qst/tariff-import";
import { compactTariff, expandCompactTariff, groupRecords } from "@/server/regulations/qst/tariffs";

// Copies of the ESTV files of shared/domain/qst (see tests/fixtures/qst/README.md).
const domain = path.resolve(import.meta.dirname, "../fixtures/qst");
const sample = readFileSync(`${domain}/tar26zh-sample.txt`, "latin1");

describe("ESTV tariff file parser", () => {
  const file = parseTariffFile(sample);

  it("reads header, records and footer of the sample", () => {
    expect(file.canton).toBe("ZH");
    expect(file.creationDate).toBe("2025-12-08");
    expect(file.recordCount).toBe(24978); // the footer counts the full file
    expect(file.records).toHaveLength(57); // 59 lines minus header and footer
    expect(isComplete(file)).toBe(false);
    expect(new Set(file.records.map((r) => r.recordType))).toEqual(new Set(["06", "11", "12", "13"]));
  });

  it("reads every field of a progressive tariff record", () => {
    const first = file.records[0]!;
    expect(first).toMatchObject({
      recordType: "06",
      transactionType: "01",
      canton: "ZH",
      code: "A0N",
      validFrom: "2026-01-01",
      incomeFromRappen: 100,
      stepRappen: 80_000,
      sexCode: null,
      children: 0,
      minimumTaxRappen: 0,
      rateBasisPoints: 25,
      status: "",
      line: 2,
    });
    const b2n = file.records.find((r) => r.code === "B2N")!;
    expect(b2n).toMatchObject({ children: 2, incomeFromRappen: 635_100, stepRappen: 5_000, rateBasisPoints: 133 });
    const med = file.records.find((r) => r.code === "MED")!;
    expect(med).toMatchObject({ recordType: "13", minimumTaxRappen: 587_500, rateBasisPoints: 0 });
    const hen = file.records.find((r) => r.code === "HEN")!;
    expect(hen).toMatchObject({ recordType: "11", rateBasisPoints: 2500 });
  });

  it("refuses broken input with the line number", () => {
    expect(() => parseTariffRecord("0601ZHA0N       2026010", 7)).toThrow(/line 7/);
    expect(() =>
      parseTariffRecord(
        "0601ZHA0N       20261301000000100000080000 0000000000000025   ".replace("20261301", "2026AB01"),
      ),
    ).toThrow(TariffFileError);
    const lines = sample.split("\r\n");
    expect(() => parseTariffFile(lines.slice(1).join("\r\n"))).toThrow(/header/);
    expect(() => parseTariffFile(lines.slice(0, 5).join("\r\n"))).toThrow(/footer/);
    expect(() => parseTariffFile([lines[0], "07xx", ...lines.slice(1)].join("\r\n"))).toThrow(
      /line 2: unknown record type/,
    );
  });

  it("parses the full ZH 2026 file and its footer count matches", () => {
    const full = parseTariffFile(gunzipSync(readFileSync(`${domain}/tar26zh.txt.gz`)).toString("latin1"));
    expect(isComplete(full)).toBe(true);
    expect(full.records).toHaveLength(24_976);
    const tariffs = tariffsFromRecords(full.records);
    expect(tariffs.find((t) => t.code === "A0N")!.brackets).toHaveLength(315);
  });
});

describe("withholding-tax rate lookup", () => {
  const table = tariffTable(tariffsFromRecords(parseTariffFile(sample).records));
  const at = (code: string, chf: number, date = "2026-03-31") =>
    qstRate(table, { canton: "ZH", code, monthlyIncomeRappen: chf * 100, date });

  it("finds the bracket from <= income < from + step (worked example 1: 6,500.00 A0N 7.28 %)", () => {
    const a0n = at("A0N", 6500)!;
    expect(a0n.ratePercent).toBe("7.28");
    expect(a0n.bracket).toMatchObject({ fromRappen: 645_100, belowRappen: 650_100 });
    expect(formatRappen(qstAmount(650_000, a0n))).toBe("473.20");
    expect(at("A0Y", 6500)!.ratePercent).toBe("7.47");
    expect(at("B2N", 6500)!.ratePercent).toBe("1.41");
    expect(at("C0N", 6500)!.ratePercent).toBe("8.17");
    expect(at("H1N", 6500)!.ratePercent).toBe("3.02");
    expect(formatRappen(qstAmount(650_000, at("H1N", 6500)!))).toBe("196.30");
  });

  it("handles the bracket edges", () => {
    expect(at("A0N", 6451)!.ratePercent).toBe("7.28");
    expect(
      qstRate(table, { canton: "ZH", code: "A0N", monthlyIncomeRappen: 650_099, date: "2026-01-01" })!.ratePercent,
    ).toBe("7.28");
    expect(
      qstRate(table, { canton: "ZH", code: "A0N", monthlyIncomeRappen: 650_100, date: "2026-01-01" })!.ratePercent,
    ).toBe("7.32");
    expect(at("A0N", 1)!.ratePercent).toBe("0.25");
    expect(at("A0N", 0)!.ratePercent).toBe("0.00"); // below the first bracket
    expect(at("A0N", 250_000)!.ratePercent).toBe("31.27"); // open-ended top bracket
    expect(at("E0N", 9000)!.ratePercent).toBe("5.00");
    expect(at("L0N", 9000)!.ratePercent).toBe("4.50");
  });

  it("answers null for unknown tariffs and for dates outside the tariff's year", () => {
    expect(at("Z9N", 6500)).toBeNull();
    expect(qstRate(table, { canton: "BE", code: "A0N", monthlyIncomeRappen: 650_000, date: "2026-03-31" })).toBeNull();
    expect(at("A0N", 6500, "2025-12-31")).toBeNull();
    expect(at("A0N", 6500, "2027-01-01")).toBeNull();
  });

  it("takes the tariff in force on the date when several years are loaded", () => {
    const records = parseTariffFile(sample).records.filter((r) => r.code === "A0N");
    const older = records.map((r) => ({ ...r, validFrom: "2025-01-01", rateBasisPoints: r.rateBasisPoints + 1 }));
    const both = tariffTable(tariffsFromRecords([...records, ...older]));
    const query = { canton: "ZH", code: "A0N", monthlyIncomeRappen: 650_000 };
    expect(qstRate(both, { ...query, date: "2025-06-30" })!.ratePercent).toBe("7.29");
    expect(qstRate(both, { ...query, date: "2026-06-30" })!.ratePercent).toBe("7.28");
  });
});

describe("shipped tariffs", () => {
  it("are the whole ZH, AG and LU 2026 files, identical to parsing them", () => {
    expect(shippedQstSources()).toEqual([
      {
        file: "tar26zh.txt",
        canton: "ZH",
        creationDate: "2025-12-08",
        sha256: "742f984bb9c3d1c64ce32d7504ff693b138ef7ed3bff77600240dd6c2ad58226",
        records: 24978,
      },
      expect.objectContaining({ file: "tar26ag.txt", canton: "AG", creationDate: "2026-03-04", records: 19843 }),
      expect.objectContaining({ file: "tar26lu.txt", canton: "LU", creationDate: "2025-11-26", records: 62904 }),
    ]);
    const parsed = ["zh", "ag", "lu"].flatMap((canton) =>
      tariffsFromRecords(
        parseTariffFile(gunzipSync(readFileSync(`${domain}/tar26${canton}.txt.gz`)).toString("latin1")).records,
      ),
    );
    expect(shippedQstTariffs()).toEqual(parsed);
    const codes = shippedQstTariffs()
      .filter((t) => t.canton === "ZH")
      .map((t) => t.code);
    for (const code of ["A0N", "A1N", "B0N", "B1N", "C0N", "H1N", "A0Y", "E0N", "G9N", "L0N", "HEN", "NON"])
      expect(codes).toContain(code);
  });

  it("answer the worked example through the shipped table", () => {
    const result = qstRate(shippedQstTable(), {
      canton: "ZH",
      code: "A0N",
      monthlyIncomeRappen: 650_000,
      date: "2026-01-31",
    })!;
    expect(result.ratePercent).toBe("7.28");
    expect(result.validFrom).toBe("2026-01-01");
    expect(shippedQstTariffs().find((t) => t.canton === "ZH" && t.code === "A0Y")!.churchTax).toBe(true);
    expect(shippedQstTariffs().find((t) => t.canton === "ZH" && t.code === "PEL")!.churchTax).toBeNull();
  });

  it("compact and expand round-trip", () => {
    const records = parseTariffFile(sample).records;
    for (const group of groupRecords(records).filter((g) => g[0]!.code === "E0N" || g[0]!.code === "G9N")) {
      expect(expandCompactTariff(compactTariff(group))).toEqual(tariffsFromRecords(group)[0]);
    }
    // the sample's A0N has gaps (it is an excerpt): the compact form refuses it
    expect(() => compactTariff(groupRecords(records)[0]!)).toThrow(/gap/);
  });
});

describe("tariff file verification before import", () => {
  const zh = gunzipSync(readFileSync(`${domain}/tar26zh.txt.gz`));

  it("accepts a complete file under its ESTV name and gives its year and the sha256 of its bytes", () => {
    const verified = verifyTariffFile(zh, "tar26zh.txt");
    expect(verified.year).toBe(2026);
    expect(verified.source).toEqual(shippedQstSources().find((s) => s.canton === "ZH"));
  });

  it("refuses an excerpt, a file under another canton's or year's name, and a file of two years", () => {
    expect(() => verifyTariffFile(Buffer.from(sample, "latin1"), "tar26zh.txt")).toThrow(/footer counts 24978/);
    expect(() => verifyTariffFile(zh, "tar26ag.txt")).toThrow(/canton ZH, 2026: its name would be tar26zh.txt/);
    expect(() => verifyTariffFile(zh, "tar27zh.txt")).toThrow(/its name would be tar26zh.txt/);
    const lines = zh.toString("latin1").split("\r\n");
    lines[1] = lines[1]!.slice(0, 16) + "2027" + lines[1]!.slice(20);
    expect(() => verifyTariffFile(Buffer.from(lines.join("\r\n"), "latin1"), "tar26zh.txt")).toThrow(
      /one year; this one has 2026, 2027/,
    );
    expect(tariffFileName("ZH", 2096)).toBe("tar96zh.txt");
  });
});
