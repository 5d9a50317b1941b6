import { describe, expect, it, vi } from "vitest";
import { api } from "../fixtures/api";
import { example1 } from "../fixtures/example-payroll";
import { anEmployee } from "../fixtures/factories";

// Several employees, a recalculation per case change and a close: longer than the default on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

type ControlItem = { code: string; message: string; caseName: string | null; blocking: boolean };
type ControlRow = { employeeId: string; state: string; openAmount: string; items: ControlItem[] };

describe("Payroll Control lists every current employee record", () => {
  it("a new hire without an entry date is 'not in payroll yet' (non-blocking), and the period still closes", async () => {
    const { t, base, post, employee } = await example1();
    const newHire = (
      await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee({ firstName: "Luca", lastName: "Keller" }), {
        token: t.token,
      })
    ).body;
    // Salary recorded but no entry date yet: still not in payroll, and nothing of it may block.
    const withSalary = (
      await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee({ firstName: "Mia", lastName: "Schmid" }), {
        token: t.token,
      })
    ).body;
    await post("Salary", withSalary.id, { SalaryType: "monthly", MonthlySalary: "4000.00" });
    // Enters after the open period: not in this period's payroll either.
    const later = (
      await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee({ firstName: "Noah", lastName: "Meier" }), {
        token: t.token,
      })
    ).body;
    await post("Employment", later.id, { EntryDate: "2026-03-01", ActivityRate: "100", WorkplaceCanton: "ZH" });
    // Dates that exclude the person (exit before entry): listed with the dates, not silently left out.
    const mistyped = (
      await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee({ firstName: "Eva", lastName: "Typo" }), {
        token: t.token,
      })
    ).body;
    await post("Employment", mistyped.id, {
      EntryDate: "2026-01-20",
      ExitDate: "2026-01-10",
      ActivityRate: "100",
      WorkplaceCanton: "ZH",
    });

    const control = await api.get(`${base}/payrunperiods/open/controlling`, { token: t.token });
    expect(control.status, control.text).toBe(200);
    const rows = control.body.items as ControlRow[];
    const rowOf = (id: string) => rows.find((r) => r.employeeId === id);
    expect(rowOf(employee.id)).toMatchObject({ state: "ReadyToPayOut", openAmount: "5804.25" });

    for (const id of [newHire.id, withSalary.id]) {
      const row = rowOf(id);
      expect(row, `new hire ${id} is listed`).toBeDefined();
      expect(row).toMatchObject({ state: "EmployedWithoutWage", openAmount: "0.00" });
      expect(row!.items).toEqual([
        {
          code: "control.not_in_payroll",
          message: expect.stringMatching(/entry date/i),
          caseName: "Employment",
          blocking: false,
        },
      ]);
    }
    const enters = rowOf(later.id);
    expect(enters).toMatchObject({ state: "EmployedWithoutWage", openAmount: "0.00" });
    expect(enters!.items).toEqual([
      {
        code: "control.not_in_payroll",
        message: expect.stringContaining("01.03.2026"),
        caseName: "Employment",
        blocking: false,
      },
    ]);
    expect(rowOf(mistyped.id)!.items).toEqual([
      {
        code: "control.not_in_payroll",
        message: expect.stringMatching(/10\.01\.2026 is before the entry date 20\.01\.2026/),
        caseName: "Employment",
        blocking: false,
      },
    ]);
    expect(control.body.blockingCount).toBe(0);

    // The entries stay those of the people in payroll.
    const entries = (await api.get(`${base}/payrunperiods/open/entries`, { token: t.token })).body.items as {
      employeeId: string;
    }[];
    expect(entries.map((e) => e.employeeId)).toEqual([employee.id]);

    const closed = await api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token });
    expect(closed.status, closed.text).toBe(200);
  });
});
