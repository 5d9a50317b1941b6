import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/server/db/client";
import { qstTariffFiles } from "@/server/db/schema";
import { storeTariffFiles } from "@/server/regulations/qst/stored";
import { parseTariffFile } from "@/server/regulations/qst/tariff-file";
import { compactTariff, groupRecords } from "@/server/regulations/qst/tariffs";
import { forgetCachedRegulations } from "@/server/regulations/store";
import { api } from "../fixtures/api";
import { datedPayroll } from "../fixtures/dated-payroll";

// Twelve closes with documents: longer than the default on a busy machine.
vi.setConfig({ testTimeout: 300_000 });

/**
 * Issue 39: a whole year of an employee taxed at source in GE (annual model), closed month by month through
 * the API. The tariff is the excerpt of GE's 2026 file (tests/fixtures/qst/README.md) with its dates moved
 * to 2097, a year no other test's payroll uses, stored the way the daily update stores a file. The excerpt
 * cannot pass the import's completeness check (its footer counts the full file), so it is stored here.
 */
const YEAR = 2097;
const excerpt = readFileSync(path.resolve(import.meta.dirname, "../fixtures/qst/tar26ge-excerpt.txt"), "latin1");
const moved = excerpt
  .split("\n")
  .map((line) => (/^(06|11|12|13)/.test(line) ? line.slice(0, 16) + String(YEAR) + line.slice(20) : line))
  .join("\n");

beforeAll(async () => {
  const file = parseTariffFile(moved);
  const db = await getDb();
  await storeTariffFiles(db, [
    {
      verified: {
        year: YEAR,
        source: {
          file: `tar${YEAR % 100}ge.txt`,
          canton: "GE",
          creationDate: file.creationDate,
          sha256: createHash("sha256").update(moved, "latin1").digest("hex"),
          records: file.recordCount,
        },
        tariffs: groupRecords(file.records).map((group) => compactTariff(group)),
      },
      source: "test:tests/fixtures/qst/tar26ge-excerpt.txt moved to 2097",
    },
  ]);
  forgetCachedRegulations();
});
afterAll(async () => {
  const db = await getDb();
  await db.delete(qstTariffFiles).where(eq(qstTariffFiles.year, YEAR));
  forgetCachedRegulations();
});

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
});
