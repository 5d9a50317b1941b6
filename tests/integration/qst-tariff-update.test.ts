import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { qstTariffFiles } from "@/server/db/schema";
import { runDueJobs } from "@/server/job-worker";
import { forgetCachedRegulations } from "@/server/regulations/store";
import { lastRegulationUpdate, updateRegulations } from "@/server/regulations/update";
import { api } from "../fixtures/api";
import { holdCatalogLock } from "../fixtures/catalog-lock";
import { datedPayroll } from "../fixtures/dated-payroll";

/**
 * The daily update's withholding-tax part (issue 39): tariff files fetched from QST_TARIFF_SOURCE_URL, here a
 * local HTTP server. It serves the shipped 2026 files (tests/fixtures/qst, byte copies of the ESTV's), a file of a
 * new year and two that must be refused. The new year is 2096, far from other tests' payrolls; its file is the
 * ZH 2026 file with every date moved to 2096 (made here: ESTV has published no such file), so its rates are the
 * ones ../shared/domain/swiss-payroll.md quotes: A0N 6,451.00-6,500.99 at 7.28 %.
 */
const YEAR = 2096;
const fixture = (name: string) =>
  gunzipSync(readFileSync(path.resolve(import.meta.dirname, "../fixtures/qst", `${name}.gz`)));

/** The file with every record's valid-from year and the header's creation date changed (fixed positions, CRLF kept). */
function movedToYear(bytes: Buffer, year: number, created: string) {
  const lines = bytes.toString("latin1").split("\r\n");
  return Buffer.from(
    lines
      .map((line) => {
        if (line.startsWith("00")) return line.slice(0, 19) + created + line.slice(27);
        if (/^(06|11|12|13)/.test(line)) return line.slice(0, 16) + String(year) + line.slice(20);
        return line;
      })
      .join("\r\n"),
    "latin1",
  );
}

/** The file with one bracket's rate changed (the bracket starting at `fromRappen` of tariff `code`). */
function withRate(bytes: Buffer, code: string, fromRappen: number, rate: string) {
  const from = String(fromRappen).padStart(9, "0");
  return Buffer.from(
    bytes
      .toString("latin1")
      .split("\r\n")
      .map((line) =>
        line.startsWith("06") && line.slice(6, 16).trim() === code && line.slice(24, 33) === from
          ? line.slice(0, 54) + rate + line.slice(59)
          : line,
      )
      .join("\r\n"),
    "latin1",
  );
}

let server: Server;
let source = "";
let served: Map<string, Buffer | number>;

let releaseCatalog: () => Promise<void> = async () => {};
beforeAll(async () => {
  releaseCatalog = await holdCatalogLock();
  const newYear = movedToYear(fixture("tar26zh.txt"), YEAR, "20951130");
  const damaged = movedToYear(fixture("tar26ag.txt"), YEAR, "20951130");
  served = new Map<string, Buffer | number>([
    ["tar26zh.txt", fixture("tar26zh.txt")],
    ["tar26ag.txt", fixture("tar26ag.txt")],
    ["tar26lu.txt", fixture("tar26lu.txt")],
    [`tar${YEAR % 100}zh.txt`, newYear],
    // A transfer broken off halfway: no footer, the last line cut.
    [`tar${YEAR % 100}ag.txt`, damaged.subarray(0, Math.floor(damaged.length / 2))],
    [`tar${YEAR % 100}lu.txt`, 500],
  ]);
  server = createServer((request, response) => {
    const file = served.get(path.basename(request.url ?? ""));
    if (file === undefined) response.writeHead(404).end();
    else if (typeof file === "number") response.writeHead(file).end("unavailable");
    else response.writeHead(200, { "content-type": "text/plain; charset=iso-8859-1" }).end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  source = `http://127.0.0.1:${(server.address() as AddressInfo).port}/qst/`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  const db = await getDb();
  await db.delete(qstTariffFiles).where(eq(qstTariffFiles.year, YEAR));
  forgetCachedRegulations();
  await releaseCatalog();
});

type Line = { number: string; amount: string; base?: string; rate?: string };
async function openEntry(base: string, token: string) {
  const entries = (await api.get(`${base}/payrunperiods/open/entries`, { token })).body.items;
  return (await api.get(`${base}/payrunperiods/open/entries/${entries[0].id}`, { token })).body as {
    wageTypes: Line[];
  };
}
const controlCodes = async (base: string, token: string) =>
  JSON.stringify((await api.get(`${base}/payrunperiods/open/controlling`, { token })).body);

describe("withholding-tax tariffs fetched by the daily update", () => {
  it("imports a new year's file, refuses damaged ones, records the run and recalculates the payrolls taxed there", async () => {
    const { t, base, post, people } = await datedPayroll(`${YEAR}-01-01`, "Quellen AG", [{ salary: "6500.00" }]);
    /** The open period's withholding-tax line once the recalculation jobs sent so far ran (null: none). */
    const withheldOnceJobsRan = async () => {
      await runDueJobs();
      return (await openEntry(base, t.token)).wageTypes.find((w) => w.number === "5060") ?? null;
    };
    await post("WithholdingTax", people[0]!, { TaxAtSourceTariff: "A0N", TaxAtSourceCanton: "ZH", WorkPermit: "B" });

    // No tariff for ZH 2096 yet: nothing withheld, and a blocking control item names the canton and the year.
    expect((await openEntry(base, t.token)).wageTypes.find((w) => w.number === "5060")).toBeUndefined();
    const before = await controlCodes(base, t.token);
    expect(before).toContain("calc.qst_tariff_not_available");
    expect(before).toContain(`${YEAR}`);

    const outcome = await updateRegulations("command", { tariffSource: source, tariffYears: [2026, YEAR] });
    expect(outcome.tariffs).toMatchObject({
      source: source.replace(/\/$/, ""),
      added: [{ file: `tar${YEAR % 100}zh.txt`, records: 24978 }],
      unchanged: 3, // the shipped 2026 files, already stored under the same sha256
      notPublished: 2 * 26 - 6,
    });
    expect(outcome.tariffs!.refused).toEqual([
      { file: `tar${YEAR % 100}ag.txt`, reason: expect.stringMatching(/^does not verify, line \d+: /) },
      { file: `tar${YEAR % 100}lu.txt`, reason: "could not be fetched: the source answered HTTP 500" },
    ]);
    expect(outcome.payrollsRecalculated).toBeGreaterThanOrEqual(1);
    expect(await lastRegulationUpdate()).toMatchObject({ trigger: "command", tariffs: outcome.tariffs });

    // Nothing of the refused files was stored.
    const db = await getDb();
    expect(
      await db
        .select({ sha: qstTariffFiles.sha256 })
        .from(qstTariffFiles)
        .where(and(eq(qstTariffFiles.year, YEAR), eq(qstTariffFiles.canton, "AG"))),
    ).toEqual([]);
    const [stored] = await db
      .select({ source: qstTariffFiles.source, creationDate: qstTariffFiles.creationDate })
      .from(qstTariffFiles)
      .where(and(eq(qstTariffFiles.year, YEAR), eq(qstTariffFiles.canton, "ZH")));
    expect(stored).toEqual({ source: `${source}tar${YEAR % 100}zh.txt`, creationDate: "2095-11-30" });

    // The recalculation job withholds at the new file's rate: 6,500.00 x 7.28 % = 473.20.
    await expect.poll(withheldOnceJobsRan, { timeout: 20_000 }).toMatchObject({ amount: "473.20", rate: "7.28" });
    expect(await controlCodes(base, t.token)).not.toContain("calc.qst_tariff_not_available");

    // Fetched again: nothing new, nothing recalculated.
    const again = await updateRegulations("command", { tariffSource: source, tariffYears: [2026, YEAR] });
    expect(again.tariffs).toMatchObject({ added: [], unchanged: 4 });
    expect(again.payrollsRecalculated).toBe(0);

    // January closes; then the ESTV publishes a corrected edition of the year's file (a later creation date) with
    // 8.00 % for that bracket. February withholds at the new rate; January keeps the rate it was closed with, and its
    // line is still explained with the edition it was calculated with (its basis names the file).
    const closed = await api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token });
    expect(closed.status, closed.text).toBe(200);
    served.set(
      `tar${YEAR % 100}zh.txt`,
      withRate(movedToYear(fixture("tar26zh.txt"), YEAR, "20951215"), "A0N", 645100, "00800"),
    );
    const corrected = await updateRegulations("command", { tariffSource: source, tariffYears: [YEAR] });
    expect(corrected.tariffs).toMatchObject({ added: [{ file: `tar${YEAR % 100}zh.txt` }], unchanged: 0 });
    await expect.poll(withheldOnceJobsRan, { timeout: 20_000 }).toMatchObject({ amount: "520.00", rate: "8.00" });
    const january = (await api.get(`${base}/payrunperiods/${closed.body.id}/entries`, { token: t.token })).body.items;
    const explained = await api.get(`${base}/payrunperiods/${closed.body.id}/entries/${january[0].id}?explain=true`, {
      token: t.token,
    });
    const line = (explained.body.wageTypes as (Line & { explanation?: { params?: Record<string, string> } })[]).find(
      (w) => w.number === "5060",
    );
    expect(line).toMatchObject({ amount: "473.20", explanation: { params: { rate: "7.28", canton: "ZH" } } });
  });
});
