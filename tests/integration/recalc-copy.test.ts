import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { payrunEntries } from "@/server/db/schema";
import { copyText } from "@/server/db/copy";
import { recalcTuning } from "@/server/results/recalculate";
import { api } from "../fixtures/api";
import { anEmployee } from "../fixtures/factories";
import { example1 } from "../fixtures/example-payroll";

/**
 * A large recalculation writes its entries through COPY (recalculate.ts, entryCopier): into a staging
 * table it upserts from, or straight into payrun_entries when the open period has none yet; a small
 * one as JSON statements. All must store the same entries: the path is chosen by size, so here it is
 * forced for a payroll of three.
 */
describe("entries written through COPY", () => {
  const usual = recalcTuning.copyFrom;
  afterEach(() => {
    recalcTuning.copyFrom = usual;
  });

  it("stores what the JSON path stores, and updates the entries in place", async () => {
    const { t, base, post } = await example1();
    for (const [salary, tariff] of [["7300.00", "A0N"], ["150000.00", "B1N"]] as const) {
      const employee = (await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token: t.token })).body;
      await post("EmployeePersonalData", employee.id, { BirthDate: "1979-11-02", Sex: "male", AhvNumber: "756.9217.0769.85" });
      await post("Employment", employee.id, { EntryDate: "2026-01-01", ActivityRate: "80", WorkplaceCanton: "BE" });
      await post("Salary", employee.id, { SalaryType: "monthly", MonthlySalary: salary });
      await post("WithholdingTax", employee.id, { TaxAtSourceTariff: tariff, TaxAtSourceCanton: "BE" });
    }
    const db = await getDb();
    const stored = async () =>
      (await db.select().from(payrunEntries).where(eq(payrunEntries.payrollId, t.payroll.id))).sort((a, b) => (a.employeeId < b.employeeId ? -1 : 1));
    const byJson = await stored();
    expect(byJson).toHaveLength(3);
    expect(byJson.some((e) => e.issues.length > 0)).toBe(true);

    recalcTuning.copyFrom = 1;
    const staged = recalcTuning.written.staged;
    // A company change with the same value recalculates every employee and changes no figure.
    await post("CompanyFak", null, { FakRate: "1.025" });
    expect(recalcTuning.written.staged).toBe(staged + 1);
    const byCopy = await stored();
    const figures = (e: (typeof byJson)[number]) => ({ id: e.id, employeeId: e.employeeId, employed: e.employed, gross: e.gross, net: e.net, payable: e.payable, lines: e.lines, collectors: e.collectors, yearToDate: e.yearToDate, issues: e.issues });
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
    const direct = recalcTuning.written.direct;
    await post("CompanyFak", null, { FakRate: "1.025" });
    expect(recalcTuning.written.direct).toBe(direct + 1);
    const byDirectCopy = await stored();
    const withoutId = (e: (typeof byJson)[number]) => ({ ...figures(e), id: undefined });
    expect(byDirectCopy.map(withoutId)).toEqual(byJson.map(withoutId));
    for (const entry of byDirectCopy) {
      expect(entry).toMatchObject({ tenantId: byJson[0]!.tenantId, payrollId: t.payroll.id, payrunPeriodId: periodId, paidOut: 0, carriedForward: 0 });
      expect(entry.basisId).toMatch(/^[0-9a-f-]{36}$/);
      expect(entry.calculatedAt.getTime()).toBeGreaterThanOrEqual(byCopy[0]!.calculatedAt.getTime());
    }
    expect(new Set(byDirectCopy.map((e) => e.basisId)).size).toBe(1);
    const explained = (await api.get(`${base}/payrunperiods/open/entries/${byDirectCopy[0]!.id}?explain=true`, { token: t.token })).body;
    // Its basis was recorded: the explanation is derived again.
    expect(explained.wageTypes.find((w: { number: string }) => w.number === "1000").explanation.caseValues).toEqual(expect.arrayContaining([expect.objectContaining({ field: "MonthlySalary" })]));
  });

  it("escapes what COPY's text format reads specially", () => {
    expect(copyText('{"a":"x\\"y"}')).toBe('{"a":"x\\\\"y"}');
    expect(copyText("a\tb\nc\rd")).toBe("a\\tb\\nc\\rd");
    expect(copyText("plain")).toBe("plain");
  });
});
