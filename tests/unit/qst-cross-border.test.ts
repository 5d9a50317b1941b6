import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { checkTaxAtSourceTariff } from "@/server/regulations/catalog/identifiers";
import { calc } from "./calc-fixture";

/**
 * Issue 39 item 5, cross-border commuters.
 * - Germany (DBA-D): tariffs L, M, N, P, Q mirror A, B, C, H, G at a flat 4.50 % in the ZH 2026 file
 *   (../shared/domain/swiss-payroll.md section 2); read here from the file itself.
 * - France: under the agreement of 11 April 1983 (signed for BE, SO, BS, BL, VD, VS, NE and JU) the wages of a
 *   cross-border commuter living in France are taxed in France only, France paying those cantons 4.5 %; the
 *   ELM category for them is SFN. Geneva is not part of it and taxes French residents at source.
 */
const zh = gunzipSync(readFileSync(path.join(__dirname, "../fixtures/qst/tar26zh.txt.gz"))).toString("latin1");
const withholding = (result: ReturnType<typeof calc>) => result.lines.find((l) => l.number === "5060");

describe("cross-border commuters", () => {
  it("a German cross-border commuter (L0N) pays the file's flat 4.50 % in ZH", () => {
    const rates = new Set(
      zh
        .split("\r\n")
        .filter((l) => l.startsWith("0601ZHL0N"))
        .map((l) => l.slice(54, 59)),
    );
    expect([...rates]).toEqual(["00450"]);
    const result = calc({
      period: "2026-03",
      employee: {
        TaxAtSourceTariff: "L0N",
        TaxAtSourceCanton: "ZH",
        WorkPermit: "G",
        Country: "DE",
        MonthlySalary: "7000.00",
      },
    });
    // 7,000.00 x 4.50 % = 315.00.
    expect(withholding(result)).toMatchObject({ amount: 31_500, base: 700_000, rate: "4.50" });
  });

  it("withholds nothing from a French commuter working in VD (SFN) and says why", () => {
    const result = calc({
      period: "2026-03",
      employee: {
        TaxAtSourceTariff: "SFN",
        TaxAtSourceCanton: "VD",
        WorkPermit: "G",
        Country: "FR",
        MonthlySalary: "7000.00",
      },
    });
    const line = withholding(result)!;
    expect(line).toMatchObject({ amount: 0, base: 700_000, rate: "0.00" });
    expect(line.explanation.key).toBe("withholdingTaxFrenchAgreement");
    expect(result.issues.filter((i) => i.blocking)).toEqual([]);
  });

  it.each([
    ["GE, which taxes French residents at source", { TaxAtSourceCanton: "GE", Country: "FR" }, "canton"],
    ["someone not living in France", { TaxAtSourceCanton: "BE", Country: "CH" }, "residence"],
  ])("refuses SFN for %s with a blocking item", (_, values, reason) => {
    const result = calc({ period: "2026-03", employee: { TaxAtSourceTariff: "SFN", WorkPermit: "G", ...values } });
    expect(withholding(result)).toBeUndefined();
    expect(result.issues).toContainEqual(
      expect.objectContaining({
        code: "calc.qst_french_agreement_not_applicable",
        blocking: true,
        field: "TaxAtSourceTariff",
        params: expect.objectContaining({ reason }),
      }),
    );
  });

  it("accepts the predefined categories as tariff codes, and nothing else", () => {
    expect(checkTaxAtSourceTariff("sfn")).toEqual({ ok: true, value: "SFN" });
    expect(checkTaxAtSourceTariff("HEN")).toEqual({ ok: true, value: "HEN" });
    expect(checkTaxAtSourceTariff("B2Y")).toEqual({ ok: true, value: "B2Y" });
    expect(checkTaxAtSourceTariff("XYZ").ok).toBe(false);
  });
});
