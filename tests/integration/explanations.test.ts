import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculatePeriod, emptyYearToDate } from "@/server/calc";
import { getDb } from "@/server/db/client";
import { caseValues, payrolls, payrunEntries, regulationVersions } from "@/server/db/schema";
import { allRegulations } from "@/server/regulations/catalog";
import { shippedQstTable } from "@/server/regulations/qst";
import { forgetCachedRegulations, importCatalog, storedRegulations } from "@/server/regulations/store";
import { historyOf, regulationFor } from "@/server/results/recalculate";
import { api } from "../fixtures/api";
import { datedPayroll } from "../fixtures/dated-payroll";
import { holdCatalogLock } from "../fixtures/catalog-lock";

/**
 * Entries store amounts, not explanations (issue 15 item 1): a line's "why?" is the calculation run
 * again from what the entry was calculated with. The proof: explanations of closed periods come out
 * exactly as they did at close after back-dated changes of the employee's and the company's data
 * and after the regulation version they were calculated with was changed in place; the open period
 * says the new values; and what is derived equals what the calculation itself produced.
 *
 * The payroll lives in 2097 with a CH version of its own from then on, so that changing that version
 * touches no other test's payroll.
 */
const FROM = "2097-01-01";
type Line = {
  number: string;
  amount: string;
  retro: boolean;
  retroPeriodStart: string | null;
  explanation?: {
    text: string;
    key?: string;
    params?: Record<string, string>;
    caseValues: { field: string; value: string; caseChangeId: string }[];
    parameters: { key: string; value: string }[];
  };
};

const catalogWithAhvRate = (rate: string) =>
  allRegulations().map((regulation) => {
    if (regulation.name !== "CH") return regulation;
    const latest = regulation.versions.filter((v) => v.validFrom < FROM).at(-1)!;
    const parameters = latest.parameters.map((p) => (p.key === "AhvEmployeeRate" ? { ...p, value: rate } : p));
    return {
      ...regulation,
      versions: [...regulation.versions.filter((v) => v.validFrom < FROM), { ...latest, validFrom: FROM, parameters }],
    };
  });

// This file changes the stored regulation catalog: on the shared PostgreSQL database, not while another such file runs.
let releaseCatalog: () => Promise<void> = async () => {};
beforeAll(async () => {
  releaseCatalog = await holdCatalogLock();
});
afterAll(async () => {
  await releaseCatalog();
});

describe("explanations derived on read", () => {
  afterAll(async () => {
    await (
      await getDb()
    )
      .delete(regulationVersions)
      .where(and(eq(regulationVersions.name, "CH"), eq(regulationVersions.validFrom, FROM)));
    forgetCachedRegulations();
  });

  it("stay what they were at close after back-dated changes and a regulation version changed in place", async () => {
    await importCatalog(undefined, { catalog: catalogWithAhvRate("5.3") });
    forgetCachedRegulations();
    const { t, payroll, base, post, people } = await datedPayroll(FROM, "Explained AG", [
      { salary: "6500.00" },
      { salary: "12800.00", children: "2" },
    ]);

    const explained = async (periodId: string) => {
      const items = (await api.get(`${base}/payrunperiods/${periodId}/entries`, { token: t.token })).body.items as {
        id: string;
        employeeId: string;
      }[];
      const byEmployee = new Map<string, Line[]>();
      for (const item of items) {
        const response = await api.get(`${base}/payrunperiods/${periodId}/entries/${item.id}?explain=true`, {
          token: t.token,
        });
        expect(response.status, response.text).toBe(200);
        byEmployee.set(item.employeeId, response.body.wageTypes);
      }
      return byEmployee;
    };

    // What the calculation itself says for the open January, from the values and regulations as they are now.
    const db = await getDb();
    const [row] = await db.select().from(payrolls).where(eq(payrolls.id, payroll.id));
    const regulations = await storedRegulations();
    const direct = async (employeeId: string) => {
      const employee = historyOf(await db.select().from(caseValues).where(eq(caseValues.employeeId, employeeId)));
      const company = historyOf(
        await db
          .select()
          .from(caseValues)
          .where(and(eq(caseValues.payrollId, payroll.id), isNull(caseValues.employeeId))),
      );
      return calculatePeriod({
        periodStart: FROM,
        periodEnd: "2097-01-31",
        employee,
        company,
        regulation: regulationFor(regulations, row!, FROM),
        qst: shippedQstTable(),
        yearToDate: emptyYearToDate(),
      });
    };

    const january = (await api.get(`${base}/payrunperiods/open`, { token: t.token })).body.id as string;
    const atCalculation = await explained(january);
    for (const employeeId of people) {
      const lines = atCalculation.get(employeeId)!;
      expect(lines.length).toBeGreaterThan(4);
      expect(lines.map((l) => l.explanation)).toEqual((await direct(employeeId)).lines.map((l) => l.explanation));
    }
    expect(atCalculation.get(people[0]!)!.find((l) => l.number === "5010")!.explanation!.parameters).toContainEqual({
      key: "AhvEmployeeRate",
      value: "5.3",
    });

    // Nothing of an explanation is stored.
    const stored = await db
      .select({ lines: payrunEntries.lines, basisId: payrunEntries.basisId })
      .from(payrunEntries)
      .where(eq(payrunEntries.payrollId, payroll.id));
    expect(stored.length).toBe(2);
    for (const entry of stored) {
      expect(entry.basisId).not.toBeNull();
      for (const line of entry.lines) expect(Object.keys(line)).not.toContain("explanation");
    }

    expect((await api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token })).status).toBe(200);
    const february = (await api.get(`${base}/payrunperiods/open`, { token: t.token })).body.id as string;
    const februaryAtClose = await explained(february);
    expect((await api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token })).status).toBe(200);
    expect(await explained(january)).toEqual(atCalculation);

    // Later: the version they were calculated with changes in place, and data changes back to January.
    const update = await importCatalog(undefined, { catalog: catalogWithAhvRate("5.6") });
    expect(update.changes).toEqual([{ name: "CH", validFrom: FROM }]);
    forgetCachedRegulations();
    const raise = await post("Salary", people[0]!, { MonthlySalary: "7100.00" });
    await post("CompanyFak", null, { FakRate: "1.2" });
    await post("FamilyAllowances", people[1]!, { ChildAllowances: "3" }, "2097-02-01");

    expect(await explained(january)).toEqual(atCalculation);
    expect(await explained(february)).toEqual(februaryAtClose);

    // The open March explains itself from today's data, and its retro lines from the periods corrected.
    const march = await explained("open");
    const first = march.get(people[0]!)!;
    const salaryLine = first.find((l) => l.number === "1000" && !l.retro)!;
    expect(salaryLine.explanation!.caseValues).toContainEqual({
      field: "MonthlySalary",
      value: "7100.00",
      caseChangeId: raise.id,
    });
    expect(first.find((l) => l.number === "5010" && !l.retro)!.explanation!.parameters).toContainEqual({
      key: "AhvEmployeeRate",
      value: "5.6",
    });
    const retroSalary = first.find((l) => l.number === "1000" && l.retro && l.retroPeriodStart === FROM)!;
    expect(retroSalary).toMatchObject({ amount: "600.00" });
    expect(retroSalary.explanation).toMatchObject({
      key: "retroCorrection",
      params: { periodStart: FROM, should: "7100.00", booked: "6500.00" },
    });
    expect(retroSalary.explanation!.caseValues).toContainEqual({
      field: "MonthlySalary",
      value: "7100.00",
      caseChangeId: raise.id,
    });
    expect(march.get(people[1]!)!.some((l) => l.retro && l.retroPeriodStart === "2097-02-01")).toBe(true);
    for (const lines of march.values())
      for (const line of lines) expect(line.explanation?.text, line.number).toBeTruthy();
  });
});
