import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startJobWorker, stopJobWorker } from "@/server/job-worker";
import { api } from "../fixtures/api";
import { validateDeclareSalary } from "../fixtures/elm/validate";
import { anEmployee, tenantFixture } from "../fixtures/factories";
import { pdfText } from "../fixtures/pdf";
import { changeSettings } from "../support/settings";

/** Closing what a client may well close: a payroll without employees, live or not, and an employee with little data. */
describe("closing edge cases", () => {
  beforeAll(async () => {
    changeSettings({ ELM_RESULT_DELAY_MS: 200 });
    await startJobWorker({ pollIntervalMs: 100 });
  });
  afterAll(() => stopJobWorker());

  const waitForStatus = async (url: string, token: string, status: string) => {
    let period = (await api.get(url, { token })).body;
    for (let i = 0; i < 100 && period.status !== status; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      period = (await api.get(url, { token })).body;
    }
    return period;
  };

  it("closes a payroll without employees, with an empty but balanced accounting document", async () => {
    const t = await tenantFixture();
    const base = `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}`;
    const closed = await api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token });
    expect(closed.status, closed.text).toBe(200);
    const docs = (await api.get(`${base}/payrunperiods/${closed.body.id}/documents`, { token: t.token })).body.items;
    expect(docs.map((d: { category: string }) => d.category)).toEqual(["AccountingDocument", "AccountingDocument"]);
    const pdf = await api.get(`${base}/payrunperiods/${closed.body.id}/documents/${docs[0].id}`, { token: t.token });
    expect(pdf.status).toBe(200);
    expect(pdfText(pdf.bytes)).toContain("0.00");
  });

  it("a live payroll with a barely recorded employee closes, declares and is finalized in the sandbox", async () => {
    const t = await tenantFixture();
    const base = `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}`;
    const employee = (await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token: t.token })).body;
    const post = (caseName: string, values: Record<string, string>) =>
      api.post(
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
    // What Payroll Control asks for, and nothing more (no addresses, fund numbers or activity rate).
    await api.post(
      `${base}/cases`,
      {
        caseName: "CompanyUvg",
        employeeId: null,
        values: [
          { caseFieldName: "UvgInsurer", value: "Suva", start: "2026-01-01" },
          { caseFieldName: "NbuRate", value: "1", start: "2026-01-01" },
          { caseFieldName: "BuRate", value: "0.1", start: "2026-01-01" },
        ],
      },
      { token: t.token },
    );
    await api.post(
      `${base}/cases`,
      {
        caseName: "CompanyFak",
        employeeId: null,
        values: [
          { caseFieldName: "FakCanton", value: "BE", start: "2026-01-01" },
          { caseFieldName: "FakRate", value: "1.5", start: "2026-01-01" },
        ],
      },
      { token: t.token },
    );
    await post("EmployeePersonalData", { BirthDate: "1990-02-01", Sex: "male", AhvNumber: "756.1234.5678.97" });
    await post("EmployeeBankAccount", { Iban: "CH9300762011623852957" });
    await post("Employment", { EntryDate: "2026-01-01" });
    await post("Salary", { SalaryType: "monthly", MonthlySalary: "5000.00" });
    expect((await api.put(base, { transmissionStartDate: "2026-01-01" }, { token: t.token })).status).toBe(200);
    const closed = await api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token });
    expect(closed.status, closed.text).toBe(200);
    const [declaration] = (
      await api.get(`${base}/payrunperiods/${closed.body.id}/documents?category=ElmDeclaration`, { token: t.token })
    ).body.items;
    const xml = (
      await api.get(`${base}/payrunperiods/${closed.body.id}/documents/${declaration.id}`, { token: t.token })
    ).text;
    expect((await validateDeclareSalary(xml)).messages).toEqual([]);
    const period = await waitForStatus(`${base}/payrunperiods/${closed.body.id}`, t.token, "finalized");
    expect(period).toMatchObject({ status: "finalized", submittedToElm: true, elmError: null });
  });

  it("a live payroll without employees is declared and finalized too", async () => {
    const t = await tenantFixture();
    const base = `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}`;
    expect((await api.put(base, { transmissionStartDate: "2026-01-01" }, { token: t.token })).status).toBe(200);
    const closed = await api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token });
    expect(closed.status, closed.text).toBe(200);
    const period = await waitForStatus(`${base}/payrunperiods/${closed.body.id}`, t.token, "finalized");
    expect(period.status).toBe("finalized");
  });
});

describe("the ELM declaration in production", () => {
  it("refuses to declare a period whose data is incomplete, naming every gap, where the sandbox uses stand-ins", async () => {
    const { getDb } = await import("@/server/db/client");
    const { payrolls, payrunPeriods } = await import("@/server/db/schema");
    const { eq } = await import("drizzle-orm");
    const { inTenantOf } = await import("@/server/db/tenant-scope");
    const { declareElm } = await import("@/server/elm/submission");
    const { storedRegulations } = await import("@/server/regulations/store");
    const t = await tenantFixture();
    const base = `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}`;
    const employee = (await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token: t.token })).body;
    await api.post(
      `${base}/cases`,
      {
        caseName: "Employment",
        employeeId: employee.id,
        values: [{ caseFieldName: "EntryDate", value: "2026-01-01", start: "2026-01-01" }],
      },
      { token: t.token },
    );
    const db = await getDb();
    const [payroll] = await db.select().from(payrolls).where(eq(payrolls.id, t.payroll.id));
    const [period] = await db.select().from(payrunPeriods).where(eq(payrunPeriods.payrollId, t.payroll.id));
    const regulations = await storedRegulations();
    const refusal = await inTenantOf(t.orgId, (scope) =>
      declareElm(scope, regulations, payroll!, period!, "production"),
    ).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: "period.elm_incomplete" });
    const { items } = (refusal as { extra: { items: { field: string | null }[] } }).extra;
    expect(items.map((i) => i.field)).toEqual(
      expect.arrayContaining(["AhvFundNumber", "Sex", "BirthDate", "ResidenceCanton"]),
    );
  });
});
