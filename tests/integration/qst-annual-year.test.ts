import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/server/db/client";
import { qstTariffFiles } from "@/server/db/schema";
import { forgetCachedRegulations } from "@/server/regulations/store";
import { convert } from "xmlbuilder2";
import { api } from "../fixtures/api";
import { datedPayroll } from "../fixtures/dated-payroll";
import { validateDeclareSalary } from "../fixtures/elm/validate";
import { storeGeExcerpt } from "../fixtures/ge-excerpt";

// Twelve closes with documents: longer than the default on a busy machine.
vi.setConfig({ testTimeout: 300_000 });

/**
 * Issue 39: a whole year of an employee taxed at source in GE (annual model), closed month by month through
 * the API. The tariff is the excerpt of GE's 2026 file (tests/fixtures/qst/README.md) with its dates moved
 * to 2097, a year no other test's payroll uses, stored the way the daily update stores a file. The excerpt
 * cannot pass the import's completeness check (its footer counts the full file), so it is stored here.
 */
const YEAR = 2097;
beforeAll(async () => {
  await storeGeExcerpt(await getDb(), YEAR);
  forgetCachedRegulations();
});
afterAll(async () => {
  const db = await getDb();
  await db.delete(qstTariffFiles).where(eq(qstTariffFiles.year, YEAR));
  forgetCachedRegulations();
});

type Obj = Record<string, any>;
type Line = { number: string; amount: string; rate?: string };

describe("withholding tax, annual model, a whole year of closes", () => {
  it("withholds over 12 closes exactly the annual tax on the annual income (GE A0N)", async () => {
    const { t, base, post, people } = await datedPayroll(`${YEAR}-01-01`, "Horlogerie Genève SA", [
      { salary: "7000.00" },
    ]);
    const [person] = people as [string];
    await post("WithholdingTax", person, { TaxAtSourceTariff: "A0N", TaxAtSourceCanton: "GE", WorkPermit: "B" });
    await post("OneTimePayment", person, { BonusAmount: "3000.00" }, `${YEAR}-06-25`);

    const withheld: string[] = [];
    for (let month = 1; month <= 12; month += 1) {
      const open = (await api.get(`${base}/payrunperiods/open`, { token: t.token })).body as {
        id: string;
        periodStart: string;
      };
      expect(open.periodStart).toBe(`${YEAR}-${String(month).padStart(2, "0")}-01`);
      const closed = await api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token });
      expect(closed.status, closed.text).toBe(200);
      const entries = (await api.get(`${base}/payrunperiods/${open.id}/entries`, { token: t.token })).body.items as {
        id: string;
      }[];
      const entry = await api.get(`${base}/payrunperiods/${open.id}/entries/${entries[0]!.id}`, { token: t.token });
      const line = (entry.body.wageTypes as Line[]).find((w) => w.number === "5060");
      withheld.push(line?.amount ?? "none");
    }
    // 12 x 7,000 + the June bonus 3,000 = 87,000; rate-determining 87,000 / 12 = 7,250.00, A0N bracket from
    // 7,250: 11.98 %; the year's tax 87,000 x 11.98 % = 10,422.60.
    // January-May at 7,000 (11.62 %): 813.40 each. June: (42,000 x 360/180 + 3,000) / 12 = 7,250.00, 45,000 x
    // 11.98 % = 5,391.00 less 4,067.00 = 1,324.00. July-December: 838.60 each (7,000 x 11.98 %, rounded).
    expect(withheld).toEqual([
      "813.40",
      "813.40",
      "813.40",
      "813.40",
      "813.40",
      "1324.00",
      "838.60",
      "838.60",
      "838.60",
      "838.60",
      "838.60",
      "838.60",
    ]);
    const total = withheld.reduce((sum, amount) => sum + Math.round(Number(amount) * 100), 0);
    expect(total).toBe(1_042_260);
  });

  it("books a raise back-dated into closed months as withholding-tax differences in the open month", async () => {
    const { t, base, post, people } = await datedPayroll(`${YEAR}-01-01`, "Retro Genève SA", [{ salary: "7000.00" }]);
    const [person] = people as [string];
    await post("WithholdingTax", person, {
      TaxAtSourceTariff: "A0N",
      TaxAtSourceCanton: "GE",
      TaxAtSourceMunicipality: "6621",
      WorkPermit: "B",
    });
    // Live from January (sandbox): every close is declared to ELM.
    expect((await api.put(base, { transmissionStartDate: `${YEAR}-01-01` }, { token: t.token })).status).toBe(200);
    for (let month = 1; month <= 2; month += 1) {
      const closed = await api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token });
      expect(closed.status, closed.text).toBe(200);
    }
    // In March, a raise to 8,000 from 1 January: January and February are recalculated at the rate 8,000 sets
    // (A0N bracket from 8,000: 12.94 %): 1,035.20 each instead of 813.40, so each books 221.80 more.
    await post("Salary", person, { MonthlySalary: "8000.00" }, `${YEAR}-01-01`);
    const entries = (await api.get(`${base}/payrunperiods/open/entries`, { token: t.token })).body.items as {
      id: string;
    }[];
    const entry = await api.get(`${base}/payrunperiods/open/entries/${entries[0]!.id}`, { token: t.token });
    const lines = (entry.body.wageTypes as (Line & { retro: boolean; retroPeriodStart: string | null })[]).filter(
      (w) => w.number === "5060",
    );
    expect(lines.map((l) => [l.retroPeriodStart, l.amount])).toEqual(
      expect.arrayContaining([
        [`${YEAR}-01-01`, "221.80"],
        [`${YEAR}-02-01`, "221.80"],
        [null, "1035.20"],
      ]),
    );
    expect(lines).toHaveLength(3);
    // 813.40 x 2 withheld + 2 x 221.80 + 1,035.20 = 3,105.60 = 24,000 x 12.94 %.
    const total = 2 * 81_340 + lines.reduce((sum, l) => sum + Math.round(Number(l.amount) * 100), 0);
    expect(total).toBe(310_560);

    // March's ELM declaration carries the corrections of January and February (item 4): per month the values
    // declared then (7,000.00 at A0N, 813.40) and the corrected ones (8,000.00, 1,035.20), and the canton's
    // totals per corrected month are the differences (1,000.00 and 221.80; commission 221.80 x 2 % = 4.44).
    const closed = await api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token });
    expect(closed.status, closed.text).toBe(200);
    const [declaration] = (
      await api.get(`${base}/payrunperiods/${closed.body.id}/documents?category=ElmDeclaration`, { token: t.token })
    ).body.items as { id: string }[];
    const xml = (
      await api.get(`${base}/payrunperiods/${closed.body.id}/documents/${declaration!.id}`, { token: t.token })
    ).text;
    const validation = await validateDeclareSalary(xml);
    expect(validation.messages).toEqual([]);
    const doc = convert(xml, { format: "object" }) as Obj;
    const company = doc["sdst:DeclareSalary"]["sdc:SalaryDeclaration"]["sd:Company"];
    const declared = company["sd:Staff"]["sd:Person"];
    // AHV takes the back pay with the month that pays it: 8,000 + 2 x 1,000.
    expect(declared["sd:AHV-AVS-Salaries"]["sd:AHV-AVS-Salary"]["sd:AHV-AVS-Income"]).toBe("10000.00");
    const salary = declared["sd:TaxAtSourceSalaries"]["sd:TaxAtSourceSalary"];
    expect(salary["sd:TaxAtSourceCanton"]).toBe("GE");
    expect(salary["sd:Current"]).toMatchObject({ "sd:TaxableEarning": "8000.00", "sd:TaxAtSource": "1035.20" });
    const figures = (side: Obj) => [
      side["sd:TaxAtSourceCategory"]["c:TaxAtSourceCode"],
      side["sd:TaxableEarning"],
      side["sd:TaxAtSource"],
    ];
    expect(
      [salary["sd:Correction"]].flat().map((c: Obj) => [c["sd:Month"], figures(c["sd:Old"]), figures(c["sd:New"])]),
    ).toEqual([
      [`${YEAR}-01`, ["A0N", "7000.00", "813.40"], ["A0N", "8000.00", "1035.20"]],
      [`${YEAR}-02`, ["A0N", "7000.00", "813.40"], ["A0N", "8000.00", "1035.20"]],
    ]);
    const totals = company["sd:SalaryTotals"]["sd:TaxAtSourceTotals"];
    // The collection commission at GE's rate for electronic settlement (record 12 PEL, 2.00 %), to the Rappen.
    expect(totals["sd:TotalMonth"]).toMatchObject({
      "sd:TotalTaxAtSource": "1035.20",
      "sd:TotalCommission": "20.70",
      "sd:CurrentMonth": `${YEAR}-03`,
    });
    expect(
      [totals["sd:CorrectionMonth"]]
        .flat()
        .map((c: Obj) => [
          c["sd:Month"],
          c["sd:TotalTaxableEarning"],
          c["sd:TotalTaxAtSource"],
          c["sd:TotalCommission"],
        ]),
    ).toEqual([
      [`${YEAR}-01`, "1000.00", "221.80", "4.44"],
      [`${YEAR}-02`, "1000.00", "221.80", "4.44"],
    ]);
  });
});
