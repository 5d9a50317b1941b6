import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiCall, tenantWithDemoAdministrator } from "./tenant";
import { launchChromium, signInAtIdp } from "./browser";

const baseUrl = inject("e2eBaseUrl");
const idpUrl = inject("e2eIdpUrl");

/** Internal terms people must not read: finding codes, case and field names, case change ids. */
const FINDING_CODE = /\b(calc|control)\.[a-z_]+/;
const INTERNAL_NAME = /\b[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+\b/;

/**
 * Issue 9, item 20: Payroll Control and the payslip preview speak plain English, in a German payroll
 * of its own: findings as sentences (not codes), the confirmation without its case type, the "why?"
 * of a payslip line with display names, Swiss dates and amounts.
 */
describe("plain words on Payroll Control and in the payslip preview", () => {
  let browser: Browser;
  let page: Page;
  const run = randomBytes(3).toString("hex");
  let orgId = "";
  let payrollId = "";
  let system = "";
  const employees: string[] = [];

  async function snap(name: string) {
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({
        path: path.join(process.env.E2E_SCREENSHOTS, `plain-words-${name}.png`),
        fullPage: true,
      });
  }

  async function record(caseName: string, employeeId: string, values: Record<string, string>) {
    const response = await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/cases`, {
      method: "POST",
      token: system,
      body: {
        caseName,
        employeeId,
        values: Object.entries(values).map(([caseFieldName, value]) => ({ caseFieldName, value, start: "2026-01-01" })),
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  }

  beforeAll(async () => {
    ({ system, orgId } = await tenantWithDemoAdministrator(`Plain words ${run}`));
    const payroll = await apiCall(`/tenants/${orgId}/payrolls/simple`, {
      method: "POST",
      token: system,
      body: { name: `Wort ${run} AG`, accountingStartDate: "2026-01-01", documentLanguage: "de" },
    });
    expect(payroll.status, JSON.stringify(payroll.body)).toBe(201);
    payrollId = payroll.body.id;

    for (const [first, last] of [
      ["Paula", "Plain"],
      ["Sam", "Salaryless"],
    ] as const) {
      const created = await apiCall(`/tenants/${orgId}/employees`, {
        method: "POST",
        token: system,
        body: { identifier: `${last.toUpperCase()}-${run}`, firstName: first, lastName: last },
      });
      expect(created.status).toBe(201);
      employees.push(created.body.id);
      await record("Employment", created.body.id, {
        EntryDate: "2026-01-01",
        ActivityRate: "100",
        WorkplaceCanton: "ZH",
      });
      await record("EmployeePersonalData", created.body.id, {
        BirthDate: "1986-05-10",
        Sex: "female",
        AhvNumber: "756.9217.0769.85",
      });
    }
    // Paula earns 6'500.00 a month but has no bank account; Sam has a salary type and no salary.
    await record("Salary", employees[0]!, { SalaryType: "monthly", MonthlySalary: "6500" });
    await record("Salary", employees[1]!, { SalaryType: "monthly" });

    browser = await launchChromium();
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(20_000);
    page = await context.newPage();
    await page.goto("/signin");
    await page.getByRole("button", { name: "Sign in" }).click();
    await signInAtIdp(page, idpUrl, { demo: "Anna Admin" });
    await page.waitForURL(/\/tenants\/[0-9a-f-]{36}\//);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("Payroll Control shows each item as a sentence and the confirmation in plain words, never a code or a case type", async () => {
    await page.goto(`/tenants/${orgId}/payroll-control`);
    const list = page.getByRole("list", { name: "Payroll control" });
    await list.waitFor();
    const paula = page.locator(`[data-testid="control-row"][data-employee-id="${employees[0]}"]`);
    const sam = page.locator(`[data-testid="control-row"][data-employee-id="${employees[1]}"]`);
    const bank = paula.locator('[data-testid="control-item"][data-code="control.missing_bank_account"]');
    expect(await bank.getByTestId("control-item-text").textContent()).toBe(
      "No bank account (IBAN) to pay the salary to.",
    );
    expect(
      await sam
        .locator('[data-testid="control-item"][data-code="calc.missing_monthly_salary"]')
        .getByTestId("control-item-text")
        .textContent(),
    ).toBe("No monthly salary from 01.01.2026 to 31.01.2026.");

    const main = page.locator("main");
    let text = await main.innerText();
    expect(text).not.toMatch(FINDING_CODE);
    expect(text).not.toContain("ControlConfirmation");
    expect(text).not.toContain("ControlCode");
    expect(text).not.toMatch(INTERNAL_NAME);
    await snap("control");

    // Confirming names neither the case type nor the code; the item then says who confirmed it and when.
    await bank.getByText("Confirm without entering the data…").click();
    const confirm = bank.getByRole("form", { name: "Confirm: No bank account" });
    await confirm.getByLabel("Reason").fill("Paid by cheque this month");
    await confirm.getByRole("button", { name: "Confirm this is correct" }).click();
    await expect.poll(() => bank.getAttribute("data-blocking")).toBe("false");
    await expect
      .poll(() => bank.getByTestId("control-item-confirmed").textContent())
      .toMatch(/^Confirmed by .+ on \d{2}\.\d{2}\.\d{4} for this period\.$/);
    text = await main.innerText();
    expect(text).not.toMatch(FINDING_CODE);
    expect(text).not.toContain("ControlConfirmation");
    await snap("confirmed");
  });

  it("the Missing data page names cases and fields by their English display names", async () => {
    await page.goto(`/tenants/${orgId}/missing-data`);
    const employees = page.getByRole("list", { name: "Missing employee data" });
    await employees.waitFor();
    const text = await employees.innerText();
    expect(text).toContain("Plain, Paula (PLAIN-" + run + "): Bank account — IBAN (for payment)");
    expect(text).not.toContain("Bankverbindung");
    expect(await page.locator("main").innerText()).not.toMatch(FINDING_CODE);
    await snap("missing-data");
  });

  it("the payslip preview's why? names fields and values as people read them, with Swiss amounts", async () => {
    await page.goto(`/tenants/${orgId}/employees/${employees[0]}`);
    const preview = page.getByTestId("payslip-preview");
    await preview.waitFor();
    expect(await page.getByTestId("payslip-gross").textContent()).toBe("6'500.00");
    const salaryLine = page.locator('[data-testid="payslip-line"][data-number="1000"]');
    expect(await salaryLine.getByTestId("payslip-amount").textContent()).toBe("6'500.00");
    expect(await page.locator('[data-testid="collector"][data-name="GrossWage"] dd').textContent()).toBe("6'500.00");

    await salaryLine.getByText("why?").click();
    const why = salaryLine.getByTestId("why");
    await why.getByText(/^Salary type: monthly \(recorded \d{2}\.\d{2}\.\d{4}\)$/i).waitFor();
    await why.getByText(/^Monthly salary: CHF 6'500\.00 \(recorded \d{2}\.\d{2}\.\d{4}\)$/).waitFor();

    // Every line's why?: no case change id, no internal name, no ISO date.
    await page
      .locator('[data-testid="why"]')
      .evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
    const texts = await page.locator('[data-testid="why"]').allInnerTexts();
    expect(texts.length).toBeGreaterThan(3);
    for (const text of texts) {
      expect(text).not.toContain("case change");
      expect(text).not.toMatch(INTERNAL_NAME);
      expect(text).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
      expect(text).not.toMatch(/\b\d{4,}\.\d{2}\b/);
    }
    await snap("why");
  });
});
