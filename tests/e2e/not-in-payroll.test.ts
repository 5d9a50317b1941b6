import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiCall, tenantWithDemoAdministrator } from "./tenant";
import { launchChromium, signInAtIdp } from "./browser";

const baseUrl = inject("e2eBaseUrl");
const idpUrl = inject("e2eIdpUrl");

/**
 * A new hire whose employment is not recorded yet is in Payroll Control and on the close screen as
 * "not in payroll yet" (issue 9, item 2), and Payroll Control shows amounts as every other screen
 * does, 6'500.00 (item 24). A tenant of its own: two complete employees and one without any data.
 */
describe("new hires not in payroll yet, and Swiss amounts in Payroll Control", () => {
  let browser: Browser;
  let page: Page;
  const run = randomBytes(3).toString("hex");
  let system = "";
  let orgId = "";
  let payrollId = "";
  let newHireId = "";

  async function record(
    caseName: string,
    employeeId: string | null,
    values: Record<string, string>,
    start = "2026-01-01",
  ) {
    const response = await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/cases`, {
      method: "POST",
      token: system,
      body: {
        caseName,
        employeeId,
        values: Object.entries(values).map(([caseFieldName, value]) => ({ caseFieldName, value, start })),
      },
    });
    expect(response.status, response.text).toBe(201);
  }

  async function employee(identifier: string, firstName: string, lastName: string) {
    const response = await apiCall(`/tenants/${orgId}/employees`, {
      method: "POST",
      token: system,
      body: { identifier, firstName, lastName },
    });
    expect(response.status, response.text).toBe(201);
    return response.body.id as string;
  }

  beforeAll(async () => {
    ({ system, orgId } = await tenantWithDemoAdministrator(`New hires ${run}`));

    const payroll = await apiCall(`/tenants/${orgId}/payrolls/simple`, {
      method: "POST",
      token: system,
      body: { name: `New hires ${run} AG`, accountingStartDate: "2026-01-01", documentLanguage: "en" },
    });
    expect(payroll.status, payroll.text).toBe(201);
    payrollId = payroll.body.id;
    await record("CompanyUvg", null, { UvgInsurer: "Suva", NbuRate: "1", BuRate: "0.175" });
    await record("CompanyFak", null, { FakCanton: "ZH", FakRate: "1.025" });
    const people = [
      {
        identifier: `N1-${run}`,
        first: "Clara",
        last: "Complete",
        birth: "1986-05-10",
        sex: "female",
        ahv: "756.9217.0769.85",
        salary: "6500.00",
      },
      {
        identifier: `N2-${run}`,
        first: "Claude",
        last: "Complete",
        birth: "1979-11-02",
        sex: "male",
        ahv: "756.1234.5678.97",
        salary: "8200.00",
      },
    ];
    for (const p of people) {
      const id = await employee(p.identifier, p.first, p.last);
      await record("EmployeePersonalData", id, { BirthDate: p.birth, Sex: p.sex, AhvNumber: p.ahv });
      await record("EmployeeBankAccount", id, { Iban: "CH9300762011623852957" });
      await record("Employment", id, { EntryDate: "2026-01-01", ActivityRate: "100", WorkplaceCanton: "ZH" });
      await record("Salary", id, { SalaryType: "monthly", MonthlySalary: p.salary });
    }
    newHireId = await employee(`N3-${run}`, "Luca", "Keller");

    browser = await launchChromium();
    const context = await browser.newContext({ baseURL: baseUrl });
    context.setDefaultTimeout(20_000);
    page = await context.newPage();
    await page.goto("/signin");
    await page.getByRole("button", { name: "Sign in" }).click();
    await signInAtIdp(page, idpUrl, { demo: "Anna Admin" });
    await page.waitForURL(/\/tenants\/[0-9a-f-]{36}/);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("Payroll Control lists the new hire as not in payroll yet, with what is missing, and amounts as 6'500.00", async () => {
    await page.goto(`/tenants/${orgId}/payroll-control`);
    await page.getByRole("heading", { name: "Payroll control", level: 1 }).waitFor();
    const row = page.locator(`[data-testid="control-row"][data-employee-id="${newHireId}"]`);
    await row.waitFor();
    expect(await row.getAttribute("data-in-payroll")).toBe("false");
    expect(await row.getByTestId("control-state").textContent()).toBe("Not in payroll yet");
    const item = row.locator('[data-testid="control-item"][data-code="control.not_in_payroll"]');
    expect(await item.getAttribute("data-blocking")).toBe("false");
    expect(await item.textContent()).toMatch(/no entry date/i);
    expect(await item.getByRole("link", { name: /^Fix:/ }).getAttribute("href")).toBe(
      `/tenants/${orgId}/employees/${newHireId}#case-Employment`,
    );
    expect(await page.getByTestId("not-in-payroll-count").textContent()).toBe("1");
    expect(await page.getByTestId("blocking-count").textContent()).toBe("0");
    expect(await page.getByTestId("blocked-employees").textContent()).toBe("0 of 2 in payroll");

    // Amounts as on every other screen: thousands with the apostrophe.
    expect(await page.getByTestId("total-gross").textContent()).toBe("14'700.00");
    const clara = page
      .locator('[data-testid="control-row"][data-in-payroll="true"]')
      .filter({ hasText: "Complete, Clara" });
    expect(await clara.getByTestId("row-gross").textContent()).toBe("6'500.00");
    expect(await clara.getByTestId("row-open").textContent()).toMatch(/^\d{1,3}(?:'\d{3})*\.\d{2}$/);
  });

  it("the close screen counts and names the person not in payroll yet, and closing stays possible", async () => {
    await page.goto(`/tenants/${orgId}/close`);
    await page.getByRole("heading", { name: "Close period", level: 1 }).waitFor();
    const employees = page.locator('[data-testid="checklist-item"][data-item="employees"]');
    expect(await page.getByTestId("checklist-blocking").textContent()).toBe("0");
    expect(await page.getByTestId("employees-in-payroll").textContent()).toBe("2");
    expect(await page.getByTestId("employees-ready").textContent()).toBe("2");
    const notInPayroll = page.getByTestId("employees-not-in-payroll");
    expect(await notInPayroll.getAttribute("data-count")).toBe("1");
    expect(await notInPayroll.textContent()).toContain("1 not in payroll yet");
    expect(await notInPayroll.getByRole("link", { name: `Keller, Luca (N3-${run})` }).getAttribute("href")).toBe(
      `/tenants/${orgId}/employees/${newHireId}#case-Employment`,
    );
    expect(await employees.getAttribute("data-state")).toBe("info");
    expect(await page.getByRole("button", { name: "Close January 2026" }).isEnabled()).toBe(true);
  });
});
