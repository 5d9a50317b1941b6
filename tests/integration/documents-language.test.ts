import { describe, expect, it } from "vitest";
import { api } from "../fixtures/api";
import { example1 } from "../fixtures/example-payroll";
import { anEmployee } from "../fixtures/factories";
import { pdfText } from "../fixtures/pdf";

type Doc = { id: string; category: string; employeeId: string | null };

/** Contract 9c: generated documents keep the payroll's documentLanguage, or the employee's CorrespondenceLanguage for their own payslip where set. */
describe("the language of an employee's payslip", () => {
  it("is their correspondence language where set, else the payroll's", async () => {
    const { t, base, post, employee } = await example1();
    const other = (
      await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee({ firstName: "Other" }), { token: t.token })
    ).body as { id: string };
    await post("EmployeePersonalData", other.id, {
      BirthDate: "1980-02-02",
      Sex: "male",
      AhvNumber: "756.6417.0995.23",
    });
    await post("EmployeeBankAccount", other.id, { Iban: "CH5604835012345678009" });
    await post("Employment", other.id, { EntryDate: "2026-01-01", ActivityRate: "100", WorkplaceCanton: "ZH" });
    await post("Salary", other.id, { SalaryType: "monthly", MonthlySalary: "5000.00" });
    await post("EmployeePersonalData", employee.id, { CorrespondenceLanguage: "fr" });

    const payslipOf = async (employeeId: string) => {
      const docs = (
        await api.get(`${base}/payrunperiods/open/documents?category=Payslip&employeeId=${employeeId}`, {
          token: t.token,
        })
      ).body.items as Doc[];
      expect(docs).toHaveLength(1);
      const response = await api.get(`${base}/payrunperiods/open/documents/${docs[0]!.id}`, { token: t.token });
      expect(response.status).toBe(200);
      return pdfText(response.bytes);
    };
    const french = await payslipOf(employee.id);
    expect(french).toContain("Décompte de salaire");
    expect(french).not.toContain("Lohnabrechnung");
    const payrollLanguage = await payslipOf(other.id);
    expect(payrollLanguage).toContain("Lohnabrechnung");
  }, 90_000); // two payslips drawn, the first PDF of the process loads fonts and the renderer
});
