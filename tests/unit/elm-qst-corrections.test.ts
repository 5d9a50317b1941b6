import { describe, expect, it } from "vitest";
import { taxAtSourceMunicipalityOf } from "@/server/elm/model";
import { qstCorrections, type QstSituation } from "@/server/elm/qst-corrections";

const QST_WAGE = new Set(["1000", "1300"]);
const line = (number: string, amount: number, retroPeriodStart: string | null = null) => ({
  number,
  amount,
  retro: retroPeriodStart !== null,
  retroPeriodStart,
});
const ge: QstSituation = { canton: "GE", tariff: "A0N", municipality: "6621" };

describe("withholding-tax corrections of closed months for ELM", () => {
  it("declares as old what was booked for the month, its own lines and later periods' retro lines for it", () => {
    const corrections = qstCorrections({
      periodStart: "2026-04-01",
      // April corrects January again: +500 salary, +60.00 tax.
      current: [
        line("1000", 8_000_00),
        line("5060", 1_035_20),
        line("1000", 500_00, "2026-01-01"),
        line("5060", 60_00, "2026-01-01"),
      ],
      earlier: [
        { periodStart: "2026-01-01", lines: [line("1000", 7_000_00), line("5060", 813_40), line("5010", -371_00)] },
        // March already corrected January once: +1,000 salary, +221.80 tax.
        {
          periodStart: "2026-03-01",
          lines: [line("1000", 1_000_00, "2026-01-01"), line("5060", 221_80, "2026-01-01")],
        },
        // A retro line for January booked by January itself is not a correction (nothing books that): ignored.
      ],
      qstWageNumbers: QST_WAGE,
      situation: () => ({ then: ge, now: ge }),
    });
    expect(corrections).toEqual([
      {
        month: "2026-01",
        canton: "GE",
        municipality: "6621",
        old: { tariff: "A0N", taxableEarning: 8_000_00, taxAtSource: 1_035_20 },
        new: { tariff: "A0N", taxableEarning: 8_500_00, taxAtSource: 1_095_20 },
      },
    ]);
  });

  it("ignores retro lines that change neither the QST wage nor the tax", () => {
    expect(
      qstCorrections({
        periodStart: "2026-03-01",
        current: [line("5010", -10_00, "2026-01-01")],
        earlier: [{ periodStart: "2026-01-01", lines: [line("1000", 7_000_00)] }],
        qstWageNumbers: QST_WAGE,
        situation: () => ({ then: ge, now: ge }),
      }),
    ).toEqual([]);
  });

  it("moves a month from the canton declared then to the canton now: one gives back everything, the other gets it", () => {
    const zh: QstSituation = { canton: "ZH", tariff: "A0N", municipality: "261" };
    const corrections = qstCorrections({
      periodStart: "2026-03-01",
      current: [line("5060", 100_00, "2026-02-01")],
      earlier: [{ periodStart: "2026-02-01", lines: [line("1000", 7_000_00), line("5060", 700_00)] }],
      qstWageNumbers: QST_WAGE,
      situation: () => ({ then: zh, now: ge }),
    });
    expect(corrections).toEqual([
      {
        month: "2026-02",
        canton: "ZH",
        municipality: "261",
        old: { tariff: "A0N", taxableEarning: 7_000_00, taxAtSource: 700_00 },
        new: { tariff: "A0N", taxableEarning: 0, taxAtSource: 0 },
      },
      {
        month: "2026-02",
        canton: "GE",
        municipality: "6621",
        old: { tariff: "A0N", taxableEarning: 0, taxAtSource: 0 },
        new: { tariff: "A0N", taxableEarning: 7_000_00, taxAtSource: 800_00 },
      },
    ]);
  });

  it("a code changed back-dated (marriage) shows the old code and the new one", () => {
    const corrections = qstCorrections({
      periodStart: "2026-03-01",
      current: [line("5060", -250_00, "2026-02-01")],
      earlier: [{ periodStart: "2026-02-01", lines: [line("1000", 7_000_00), line("5060", 813_40)] }],
      qstWageNumbers: QST_WAGE,
      situation: () => ({ then: ge, now: { ...ge, tariff: "B0N" } }),
    });
    expect(corrections.map((c) => [c.old.tariff, c.new.tariff, c.new.taxAtSource])).toEqual([["A0N", "B0N", 563_40]]);
  });
});

describe("the withholding-tax municipality ELM declares", () => {
  const ge = { TaxAtSourceCanton: "GE", ResidenceCanton: "GE", ResidenceMunicipality: "6621" };
  it("is the recorded one, else the residence municipality in the taxing canton", () => {
    expect(taxAtSourceMunicipalityOf({ ...ge, TaxAtSourceMunicipality: "6608" })).toBe("6608");
    expect(taxAtSourceMunicipalityOf(ge)).toBe("6621");
    expect(taxAtSourceMunicipalityOf({ ...ge, ResidenceCanton: "VD" })).toBeNull();
  });

  it("is never a Swiss residence left recorded for a person who lives abroad", () => {
    expect(taxAtSourceMunicipalityOf({ ...ge, Country: "FR" })).toBeNull();
    expect(taxAtSourceMunicipalityOf({ ...ge, Country: "CH" })).toBe("6621");
  });
});
