import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { env } from "@/server/env";
import { payrunEntries } from "@/server/db/schema";
import { copyText } from "@/server/db/copy";
import { resetRecalculation, tuneRecalculation, written } from "../support/recalculation";
import { recalcThreads } from "@/server/results/recalc-pool";
import { warmRecalcThreads } from "@/server/results/recalc-warmup";
import { storedRegulations } from "@/server/regulations/store";
import { api } from "../fixtures/api";
import { anEmployee } from "../fixtures/factories";
import { example1 } from "../fixtures/example-payroll";
import { datedPayroll } from "../fixtures/dated-payroll";
import { changeSettings } from "../support/settings";

/**
 * A large recalculation writes its entries through COPY (recalculate/entry-copier.ts): into a staging
 * table it upserts from, or straight into payrun_entries when the open period has none yet; a small
 * one as JSON statements. A large one is also calculated in worker threads (recalc-pool.ts) unless
 * RECALC_WORKERS=0. All must store the same entries: the path is chosen by size, so here it is
 * forced for a payroll of three.
 */
describe("entries written through COPY", () => {
  const workers = env().RECALC_WORKERS;
  afterEach(() => {
    resetRecalculation();
    changeSettings({ RECALC_WORKERS: workers });
  });

  it("stores what the JSON path stores, and updates the entries in place", async () => {
    const { t, base, post } = await example1();
    for (const [salary, tariff] of [
      ["7300.00", "A0N"],
      ["150000.00", "B1N"],
    ] as const) {
      const employee = (await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token: t.token })).body;
      await post("EmployeePersonalData", employee.id, {
        BirthDate: "1979-11-02",
        Sex: "male",
        AhvNumber: "756.9217.0769.85",
      });
      await post("Employment", employee.id, { EntryDate: "2026-01-01", ActivityRate: "80", WorkplaceCanton: "BE" });
      await post("Salary", employee.id, { SalaryType: "monthly", MonthlySalary: salary });
      await post("WithholdingTax", employee.id, { TaxAtSourceTariff: tariff, TaxAtSourceCanton: "BE" });
    }
    const db = await getDb();
    const stored = async () =>
      (await db.select().from(payrunEntries).where(eq(payrunEntries.payrollId, t.payroll.id))).sort((a, b) =>
        a.employeeId < b.employeeId ? -1 : 1,
      );
    const byJson = await stored();
    expect(byJson).toHaveLength(3);
    expect(byJson.some((e) => e.issues.length > 0)).toBe(true);

    tuneRecalculation({ copyFrom: 1 });
    changeSettings({ RECALC_WORKERS: undefined });
    const staged = written.staged;
    const threads = written.threads;
    // A company change with the same value recalculates every employee and changes no figure.
    await post("CompanyFak", null, { FakRate: "1.025" });
    expect(written.staged).toBe(staged + 1);
    expect(written.threads).toBe(threads + 1);
    const byCopy = await stored();
    const figures = (e: (typeof byJson)[number]) => ({
      id: e.id,
      employeeId: e.employeeId,
      employed: e.employed,
      gross: e.gross,
      net: e.net,
      payable: e.payable,
      lines: e.lines,
      collectors: e.collectors,
      yearToDate: e.yearToDate,
      issues: e.issues,
    });
    expect(byCopy.map(figures)).toEqual(byJson.map(figures));
    for (const [i, entry] of byCopy.entries()) {
      expect(entry.basisId).not.toBe(byJson[i]!.basisId);
      expect(entry.calculatedAt.getTime()).toBeGreaterThanOrEqual(byJson[i]!.calculatedAt.getTime());
    }
    const entries = (await api.get(`${base}/payrunperiods/open/entries`, { token: t.token })).body.items;
    expect(entries).toHaveLength(3);

    // An open period without entries (as one just opened) gets them copied straight into the table.
    const periodId = byJson[0]!.payrunPeriodId;
    await db.delete(payrunEntries).where(eq(payrunEntries.payrunPeriodId, periodId));
    const direct = written.direct;
    await post("CompanyFak", null, { FakRate: "1.025" });
    expect(written.direct).toBe(direct + 1);
    const byDirectCopy = await stored();
    const withoutId = (e: (typeof byJson)[number]) => ({ ...figures(e), id: undefined });
    expect(byDirectCopy.map(withoutId)).toEqual(byJson.map(withoutId));
    for (const entry of byDirectCopy) {
      expect(entry).toMatchObject({
        tenantId: byJson[0]!.tenantId,
        payrollId: t.payroll.id,
        payrunPeriodId: periodId,
        paidOut: 0,
        carriedForward: 0,
      });
      expect(entry.basisId).toMatch(/^[0-9a-f-]{36}$/);
      expect(entry.calculatedAt.getTime()).toBeGreaterThanOrEqual(byCopy[0]!.calculatedAt.getTime());
    }
    expect(new Set(byDirectCopy.map((e) => e.basisId)).size).toBe(1);
    const explained = (
      await api.get(`${base}/payrunperiods/open/entries/${byDirectCopy[0]!.id}?explain=true`, { token: t.token })
    ).body;
    // Its basis was recorded: the explanation is derived again.
    expect(explained.wageTypes.find((w: { number: string }) => w.number === "1000").explanation.caseValues).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: "MonthlySalary" })]),
    );
  });

  it.each([
    ["in one slice", 1000, 10],
    ["one employee per slice, all read first", 1, 10],
    ["one employee per slice, two ahead (each further read sent once the slice before was written)", 1, 2],
  ])("books the same retro lines whether the threads or this thread calculate, %s", async (_, slice, readsAhead) => {
    const { t, base, post } = await datedPayroll("2091-01-01", "Threads", [
      { salary: "6500.00" },
      { salary: "9100.00", children: "2" },
      { salary: "12800.00" },
    ]);
    const closed = await api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token });
    expect(closed.status, closed.text).toBe(200);
    const db = await getDb();
    const openEntries = async () => {
      const open = (await api.get(`${base}/payrunperiods/open`, { token: t.token })).body.id as string;
      const rows = await db.select().from(payrunEntries).where(eq(payrunEntries.payrunPeriodId, open));
      return rows
        .sort((a, b) => (a.employeeId < b.employeeId ? -1 : 1))
        .map((e) => ({
          id: e.id,
          employeeId: e.employeeId,
          gross: e.gross,
          net: e.net,
          payable: e.payable,
          lines: e.lines,
          yearToDate: e.yearToDate,
          issues: e.issues,
        }));
    };
    const before = await openEntries();
    tuneRecalculation({ copyFrom: 1, slice, readsAhead });
    // A higher NBU premium back to January: every employee's February entry books January's difference.
    changeSettings({ RECALC_WORKERS: 0 });
    const threads = written.threads;
    const here = await post("CompanyUvg", null, { UvgInsurer: "Suva", NbuRate: "1.2", BuRate: "0.175" }, "2091-01-01");
    expect(written.threads).toBe(threads);
    const inThisThread = await openEntries();
    expect(inThisThread).toHaveLength(3);
    expect(inThisThread.map((e) => e.id)).toEqual(before.map((e) => e.id)); // updated in place
    for (const entry of inThisThread)
      expect(entry.lines.filter((l) => l.retro && l.retroPeriodStart === "2091-01-01").length).toBeGreaterThan(0);

    changeSettings({ RECALC_WORKERS: undefined });
    // The same values again: the threads recalculate every employee from the same data.
    const there = await post("CompanyUvg", null, { UvgInsurer: "Suva", NbuRate: "1.2", BuRate: "0.175" }, "2091-01-01");
    expect(written.threads).toBe(threads + 1);
    expect(await openEntries()).toEqual(inThisThread);
    expect(there.recalculatedPeriods).toEqual(here.recalculatedPeriods);
    expect(here.recalculatedPeriods.map((p: { periodStart: string }) => p.periodStart)).toEqual([
      "2091-01-01",
      "2091-02-01",
    ]);

    // A period without entries yet (as one just opened) gets them copied in, slice by slice, the same.
    await db
      .delete(payrunEntries)
      .where(
        eq(
          payrunEntries.payrunPeriodId,
          (await api.get(`${base}/payrunperiods/open`, { token: t.token })).body.id as string,
        ),
      );
    const direct = written.direct;
    await post("CompanyUvg", null, { UvgInsurer: "Suva", NbuRate: "1.2", BuRate: "0.175" }, "2091-01-01");
    expect(written.direct).toBe(direct + 1);
    const withoutId = (entries: typeof inThisThread) => entries.map((e) => ({ ...e, id: undefined }));
    expect(withoutId(await openEntries())).toEqual(withoutId(inThisThread));
  });

  it("warms the threads with synthetic employees (no database: it gets none), and they then book what this thread books", async () => {
    const { t, base, post } = await datedPayroll("2092-01-01", "Warm", [
      { salary: "6500.00" },
      { salary: "9100.00", children: "2" },
    ]);
    expect((await api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token })).status).toBe(200);
    const db = await getDb();
    changeSettings({ RECALC_WORKERS: 0 });
    expect(await warmRecalcThreads(await storedRegulations(), 3)).toEqual({ warmed: 0 });
    changeSettings({ RECALC_WORKERS: undefined });
    expect(await warmRecalcThreads(await storedRegulations(), 3)).toEqual({ warmed: recalcThreads() * 3 });

    tuneRecalculation({ copyFrom: 1 });
    const entriesNow = async () => {
      const open = (await api.get(`${base}/payrunperiods/open`, { token: t.token })).body.id as string;
      const rows = await db.select().from(payrunEntries).where(eq(payrunEntries.payrunPeriodId, open));
      return rows
        .sort((a, b) => (a.employeeId < b.employeeId ? -1 : 1))
        .map((e) => ({
          id: e.id,
          gross: e.gross,
          net: e.net,
          payable: e.payable,
          lines: e.lines,
          yearToDate: e.yearToDate,
          issues: e.issues,
        }));
    };
    const threads = written.threads;
    await post("CompanyUvg", null, { UvgInsurer: "Suva", NbuRate: "1.2", BuRate: "0.175" }, "2092-01-01");
    expect(written.threads).toBe(threads + 1);
    const inThreads = await entriesNow();
    for (const entry of inThreads)
      expect(entry.lines.some((l) => l.retro && l.retroPeriodStart === "2092-01-01")).toBe(true);
    changeSettings({ RECALC_WORKERS: 0 });
    await post("CompanyUvg", null, { UvgInsurer: "Suva", NbuRate: "1.2", BuRate: "0.175" }, "2092-01-01");
    expect(written.threads).toBe(threads + 1);
    expect(await entriesNow()).toEqual(inThreads);
  });

  it("escapes what COPY's text format reads specially", () => {
    expect(copyText('{"a":"x\\"y"}')).toBe('{"a":"x\\\\"y"}');
    expect(copyText("a\tb\nc\rd")).toBe("a\\tb\\nc\\rd");
    expect(copyText("plain")).toBe("plain");
  });
});
