import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startJobWorker, stopJobWorker } from "@/server/job-worker";
import { api } from "../fixtures/api";
import { validateDeclareSalary } from "../fixtures/elm/validate";
import { example1 } from "../fixtures/example-payroll";
import { anEmployee } from "../fixtures/factories";
import { pdfText } from "../fixtures/pdf";
import { changeSettings } from "../support/settings";

type Doc = { id: string; category: string; employeeId: string | null; contentType: string };

/**
 * Every kind of pay the calculation knows, in one payroll: each employee's payslip, the
 * accounting document and, once live, the ELM declaration must come out of it (documents that
 * did not add up would be refused rather than issued).
 */
describe("documents for every kind of pay", () => {
  beforeAll(async () => {
    changeSettings({ ELM_RESULT_DELAY_MS: 200 });
    await startJobWorker({ pollIntervalMs: 100 });
  });
  afterAll(() => stopJobWorker());

  it("makes payslips, the accounting document and a valid ELM declaration for hourly, bonus, expenses, allowances, withholding tax, pensioner and minor", async () => {
    const { t, base } = await example1();
    const hire = async (firstName: string, birthDate: string, cases: Record<string, Record<string, string>>) => {
      const employee = (
        await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee({ firstName }), { token: t.token })
      ).body;
      const all: Record<string, Record<string, string>> = {
        EmployeePersonalData: { BirthDate: birthDate, Sex: "male", AhvNumber: "756.6417.0995.23" },
        EmployeeBankAccount: { Iban: "CH5604835012345678009" },
        Employment: { EntryDate: "2026-01-01", ActivityRate: "100", WorkplaceCanton: "ZH" },
        ...cases,
      };
      for (const [caseName, values] of Object.entries(all)) {
        const response = await api.post(
          `${base}/cases`,
          {
            caseName,
            employeeId: employee.id,
            values: Object.entries(values).map(([caseFieldName, value]) => ({
              caseFieldName,
              value,
              start: "2026-01-01",
            })),
          },
          { token: t.token },
        );
        expect(response.status, `${firstName} ${caseName}: ${response.text}`).toBe(201);
      }
      return employee;
    };
    await hire("Hourly", "1990-01-01", {
      Salary: { SalaryType: "hourly", HourlyWage: "30.00", HolidayWeeks: "5", ThirteenthSalary: "monthly" },
      WorkedHours: { Hours: "120" },
    });
    await hire("Bonus", "1980-01-01", {
      Salary: { SalaryType: "monthly", MonthlySalary: "9000.00" },
      OneTimePayment: { BonusAmount: "5000.00" },
      Expenses: { ExpenseAmount: "120.35" },
    });
    await hire("Family", "1985-01-01", {
      Salary: { SalaryType: "monthly", MonthlySalary: "5000.00" },
      FamilyAllowances: { ChildAllowances: "2" },
      InsuranceDailyAllowance: { DailyAllowanceAmount: "800.00" },
    });
    await hire("Source", "1992-01-01", {
      Salary: { SalaryType: "monthly", MonthlySalary: "6000.00" },
      WithholdingTax: { TaxAtSourceTariff: "A0N", TaxAtSourceCanton: "ZH" },
    });
    await hire("Pensioner", "1958-03-01", { Salary: { SalaryType: "monthly", MonthlySalary: "2000.00" } });
    await hire("Minor", "2009-04-01", { Salary: { SalaryType: "monthly", MonthlySalary: "1200.00" } });

    const control = (await api.get(`${base}/payrunperiods/open/controlling`, { token: t.token })).body;
    expect(control.blockingCount, JSON.stringify(control.items.flatMap((i: { items: unknown[] }) => i.items))).toBe(0);

    const docs = (await api.get(`${base}/payrunperiods/open/documents`, { token: t.token })).body.items as Doc[];
    expect(docs.filter((d) => d.category === "Payslip")).toHaveLength(7);
    for (const doc of docs) {
      const response = await api.get(`${base}/payrunperiods/open/documents/${doc.id}`, { token: t.token });
      expect(response.status, `${doc.category} ${doc.employeeId}: ${response.text.slice(0, 300)}`).toBe(200);
      if (doc.contentType === "application/pdf") expect(pdfText(response.bytes)).toMatch(/\d\.\d{2}/);
    }

    expect((await api.put(base, { transmissionStartDate: "2026-01-01" }, { token: t.token })).status).toBe(200);
    const closed = await api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token });
    expect(closed.status, closed.text).toBe(200);
    const [declaration] = (
      await api.get(`${base}/payrunperiods/${closed.body.id}/documents?category=ElmDeclaration`, { token: t.token })
    ).body.items as Doc[];
    const xml = (
      await api.get(`${base}/payrunperiods/${closed.body.id}/documents/${declaration!.id}`, { token: t.token })
    ).text;
    expect((await validateDeclareSalary(xml)).messages).toEqual([]);
  });
});
