import { describe, expect, vi } from "vitest";
import { api } from "../fixtures/api";
import { datedPayroll } from "../fixtures/dated-payroll";
import { inBothRecalculationPaths } from "../fixtures/recalc-paths";

// Three closes and several recalculations of a small payroll: longer than the default on a busy machine.
vi.setConfig({ testTimeout: 180_000 });

type Line = { number: string; amount: string; retro: boolean; retroPeriodStart: string | null };

/**
 * A back-dated change into the previous year (contract section 6: "books the difference as retro lines into the
 * open period"): the December correction stays in January's entry through later recalculations that start in
 * January (a change dated in January, of another employee, of the company, the close), and is booked once.
 */
async function yearEnd(from: string) {
  const year = Number(from.slice(0, 4));
  const [december, january] = [`${year}-12-01`, `${year + 1}-01-01`];
  const { t, base, post, people } = await datedPayroll(from, `Year End ${year} AG`, [
    { salary: "6500.00" },
    { salary: "7000.00" },
  ]);
  for (const month of [from, december]) {
    const closed = await api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token });
    expect(closed.status, `close ${month}: ${closed.text}`).toBe(200);
  }
  const open = (await api.get(`${base}/payrunperiods/open`, { token: t.token })).body as {
    id: string;
    periodStart: string;
  };
  expect(open.periodStart).toBe(january);
  const [raised, other] = people as [string, string];
  await post("Salary", raised, { MonthlySalary: "7100.00" }, december);

  const linesOf = async (periodId: string, employeeId: string) => {
    const items = (await api.get(`${base}/payrunperiods/${periodId}/entries`, { token: t.token })).body.items as {
      id: string;
      employeeId: string;
    }[];
    const entry = items.find((e) => e.employeeId === employeeId)!;
    const response = await api.get(`${base}/payrunperiods/${periodId}/entries/${entry.id}`, { token: t.token });
    expect(response.status, response.text).toBe(200);
    return response.body.wageTypes as Line[];
  };
  const decemberSalary = async (periodId: string) =>
    (await linesOf(periodId, raised)).filter((l) => l.retro && l.retroPeriodStart === december && l.number === "1000");
  expect(await decemberSalary(open.id)).toMatchObject([{ amount: "600.00" }]);

  // A change dated in January recalculates from January: the December correction is still owed.
  await post("Salary", raised, { MonthlySalary: "7100.00" }, january);
  expect(await decemberSalary(open.id)).toMatchObject([{ amount: "600.00" }]);
  // A change of another employee, and of the company (everyone recalculated from January).
  await post("Salary", other, { MonthlySalary: "7200.00" }, january);
  await post("CompanyFak", null, { FakRate: "1.2" }, january);
  expect(await decemberSalary(open.id)).toMatchObject([{ amount: "600.00" }]);

  // The close recalculates the open period once more before it books it.
  const closed = await api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token });
  expect(closed.status, closed.text).toBe(200);
  expect(await decemberSalary(open.id)).toMatchObject([{ amount: "600.00" }]);
  // Booked once: February owes nothing more for December.
  const february = (await api.get(`${base}/payrunperiods/open`, { token: t.token })).body as { id: string };
  expect((await linesOf(february.id, raised)).filter((l) => l.retro)).toEqual([]);
}

describe("retro lines into a period of the previous year", () => {
  inBothRecalculationPaths(
    yearEnd,
    ["2089-11-01", "2088-11-01"],
    [
      "a raise from December booked in the open January survives a January change, the company's and the close",
      "the same when every recalculation is written through COPY and calculated in the threads, one employee per slice",
    ],
  );
});
