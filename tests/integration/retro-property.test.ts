import fc from "fast-check";
import { and, asc, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { calculatePeriod, emptyYearToDate } from "@/server/calc";
import { getDb } from "@/server/db/client";
import { caseValues, payrolls, payrunEntries, payrunPeriods } from "@/server/db/schema";
import { storedRegulations } from "@/server/regulations/store";
import { shippedQstTable } from "@/server/regulations/qst";
import { historyOf, regulationFor } from "@/server/results/recalculate";
import { api } from "../fixtures/api";
import { anEmployee, tenantFixture } from "../fixtures/factories";

/**
 * Property: after any sequence of closes and back-dated salary changes, what is booked for each
 * period (its own lines plus the retro lines later periods booked for it) equals a fresh
 * calculation of that period from the final case data, wage type by wage type.
 */
async function scenario(steps: { close: boolean; month: number; salary: number }[]) {
  const t = await tenantFixture();
  const base = `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}`;
  const post = (caseName: string, employeeId: string | null, values: Record<string, string>, start = "2026-01-01") =>
    api.post(
      `${base}/cases`,
      {
        caseName,
        employeeId,
        values: Object.entries(values).map(([caseFieldName, value]) => ({ caseFieldName, value, start })),
      },
      { token: t.token },
    );
  await post("CompanyUvg", null, { UvgInsurer: "Suva", NbuRate: "1", BuRate: "0.175" });
  await post("CompanyFak", null, { FakCanton: "ZH", FakRate: "1.025" });
  const employee = (await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token: t.token })).body;
  await post("EmployeePersonalData", employee.id, {
    BirthDate: "1970-02-01",
    Sex: "male",
    AhvNumber: "756.9217.0769.85",
  });
  await post("EmployeeBankAccount", employee.id, { Iban: "CH9300762011623852957" });
  await post("Employment", employee.id, { EntryDate: "2026-01-01", ActivityRate: "100", WorkplaceCanton: "ZH" });
  await post("Salary", employee.id, { SalaryType: "monthly", MonthlySalary: "9000.00" });
  for (const step of steps) {
    if (step.close) {
      const closed = await api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token });
      expect(closed.status, closed.text).toBe(200);
    }
    const open = (await api.get(`${base}/payrunperiods/open`, { token: t.token })).body.periodStart as string;
    const month = Math.min(step.month, Number(open.slice(5, 7)));
    const response = await post(
      "Salary",
      employee.id,
      { MonthlySalary: `${step.salary}.00` },
      `2026-${String(month).padStart(2, "0")}-01`,
    );
    expect(response.status, response.text).toBe(201);
  }
  return { t, employeeId: employee.id as string };
}

describe("retro corrections (property)", () => {
  // Six random histories, each closed period by period: about 15 s on PGlite in CI, and past the default 30 s once when the machine was loaded.
  it("closed results plus retro lines equal a fresh calculation of every period", { timeout: 90_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            close: fc.boolean(),
            month: fc.integer({ min: 1, max: 5 }),
            salary: fc.integer({ min: 3000, max: 16000 }),
          }),
          { minLength: 2, maxLength: 6 },
        ),
        async (steps) => {
          const { t, employeeId } = await scenario(steps);
          const db = await getDb();
          const [payroll] = await db.select().from(payrolls).where(eq(payrolls.id, t.payroll.id));
          const periods = await db
            .select()
            .from(payrunPeriods)
            .where(eq(payrunPeriods.payrollId, t.payroll.id))
            .orderBy(asc(payrunPeriods.periodStart));
          const entries = await db.select().from(payrunEntries).where(eq(payrunEntries.employeeId, employeeId));
          const employee = historyOf(await db.select().from(caseValues).where(eq(caseValues.employeeId, employeeId)));
          const company = historyOf(
            await db
              .select()
              .from(caseValues)
              .where(and(eq(caseValues.payrollId, t.payroll.id), isNull(caseValues.employeeId))),
          );
          const regulations = await storedRegulations();
          let yearToDate = emptyYearToDate();
          for (const period of periods) {
            const fresh = calculatePeriod({
              periodStart: period.periodStart,
              periodEnd: period.periodEnd,
              employee,
              company,
              regulation: regulationFor(regulations, payroll!, period.periodStart),
              qst: shippedQstTable(),
              yearToDate,
            });
            yearToDate = fresh.yearToDate;
            const booked = new Map<string, number>();
            for (const entry of entries) {
              for (const line of entry.lines) {
                const forThis =
                  entry.payrunPeriodId === period.id
                    ? !line.retro
                    : line.retro && line.retroPeriodStart === period.periodStart;
                if (forThis) booked.set(line.number, (booked.get(line.number) ?? 0) + line.amount);
              }
            }
            const expected = new Map(fresh.lines.map((l) => [l.number, l.amount]));
            for (const number of new Set([...booked.keys(), ...expected.keys()])) {
              expect(booked.get(number) ?? 0, `${period.periodStart} ${number}`).toBe(expected.get(number) ?? 0);
            }
          }
        },
      ),
      { numRuns: 6 },
    );
  });
});
