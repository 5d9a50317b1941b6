import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiCall, tenantWithDemoAdministrator } from "./tenant";
import { launchChromium, signInAtIdp } from "./browser";

const baseUrl = inject("e2eBaseUrl");
const idpUrl = inject("e2eIdpUrl");

/**
 * The employee page as an HR administrator meets it (issue 9, items 18-21), in a tenant of its own
 * (so that its cost centers block nobody in the demo): a German payroll whose console speaks English,
 * three employees with employment data, one of them with a salary.
 */
describe("the employee page and the cost centers, as an HR administrator uses them", () => {
  let browser: Browser;
  let page: Page;
  const run = randomBytes(3).toString("hex");
  let orgId = "";
  let payrollId = "";
  let system = "";
  const employees: { id: string; name: string }[] = [];
  const employeeUrl = () => `/tenants/${orgId}/employees/${employees[0]!.id}`;
  const caseForm = (name: string) => page.getByRole("form", { name, exact: true });

  beforeAll(async () => {
    ({ system, orgId } = await tenantWithDemoAdministrator(`Employee UX ${run}`));

    const payroll = await apiCall(`/tenants/${orgId}/payrolls/simple`, {
      method: "POST",
      token: system,
      body: { name: `Lohn ${run} AG`, accountingStartDate: "2026-01-01", documentLanguage: "de" },
    });
    expect(payroll.status, JSON.stringify(payroll.body)).toBe(201);
    payrollId = payroll.body.id;
    for (const [first, last] of [
      ["Vera", "Vorwärts"],
      ["Kurt", "Kosten"],
      ["Lena", "Leer"],
    ] as const) {
      const created = await apiCall(`/tenants/${orgId}/employees`, {
        method: "POST",
        token: system,
        body: { identifier: `${last.toUpperCase()}-${run}`, firstName: first, lastName: last },
      });
      expect(created.status).toBe(201);
      employees.push({ id: created.body.id, name: `${first} ${last}` });
      const employment = await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/cases`, {
        method: "POST",
        token: system,
        body: {
          caseName: "Employment",
          employeeId: created.body.id,
          values: [
            { caseFieldName: "EntryDate", value: "2026-01-01", start: "2026-01-01" },
            { caseFieldName: "ActivityRate", value: "100", start: "2026-01-01" },
            { caseFieldName: "WorkplaceCanton", value: "ZH", start: "2026-01-01" },
          ],
        },
      });
      expect(employment.status, JSON.stringify(employment.body)).toBe(201);
    }
    const salary = await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/cases`, {
      method: "POST",
      token: system,
      body: {
        caseName: "Salary",
        employeeId: employees[0]!.id,
        values: [
          { caseFieldName: "SalaryType", value: "monthly", start: "2026-01-01" },
          { caseFieldName: "MonthlySalary", value: "6500", start: "2026-01-01" },
        ],
      },
    });
    expect(salary.status, JSON.stringify(salary.body)).toBe(201);

    browser = await launchChromium();
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
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

  it("item 19: the page has the employee's name as its title, sections with navigation, and a short page per section", async () => {
    await page.goto(employeeUrl());
    await page.getByRole("heading", { name: "Vera Vorwärts", level: 1 }).waitFor();
    expect(await page.title()).toContain("Vera Vorwärts");

    const nav = page.getByRole("navigation", { name: "Sections of this employee" });
    for (const name of [
      "Overview",
      "Personal",
      "Employment & wage",
      "Social insurance",
      "Tax",
      "Bank & payment",
      "Family",
      "Absences",
      "Documents",
    ]) {
      expect(await nav.getByRole("link", { name, exact: true }).count(), name).toBe(1);
    }
    await nav.getByRole("link", { name: "Employment & wage", exact: true }).click();
    await page.waitForURL((url) => url.hash === "#section-employment");
    await caseForm("Salary").waitFor();
    expect(await caseForm("Personal data").isVisible()).toBe(false);
    // One section at a time: far from the 9,600 px column of every form.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(5_000);

    await nav.getByRole("link", { name: "Personal", exact: true }).click();
    await caseForm("Personal data").waitFor();
    expect(await caseForm("Salary").isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(4_000);

    // A link to a case (as Missing data and Payroll Control give) opens the section that holds it.
    await page.goto(`${employeeUrl()}#case-EmployeeBankAccount`);
    await caseForm("Bank account").waitFor();
    expect(await caseForm("Salary").isVisible()).toBe(false);

    // "Valid from" is labelled and sits right beside the submit button.
    await nav.getByRole("link", { name: "Employment & wage", exact: true }).click();
    const form = caseForm("Salary");
    const validFrom = await form.getByLabel("Valid from").boundingBox();
    const submit = await form.getByRole("button", { name: "Save salary" }).boundingBox();
    expect(validFrom && submit).toBeTruthy();
    expect(Math.abs(submit!.y - validFrom!.y)).toBeLessThan(120);
  });

  it("item 18: a raise from a future date shows beside the current value, on the form and on the overview", async () => {
    await page.goto(`${employeeUrl()}#section-employment`);
    const form = caseForm("Salary");
    // Typed as the screens show amounts: the grouping apostrophe is left out.
    await form.getByLabel("Monthly salary (CHF)").fill("7'000.00");
    await form.getByLabel("Valid from").fill("2026-09-01");
    await form.getByRole("button", { name: "Save salary" }).click();
    await form.getByText(/^Saved 1 value/).waitFor();

    // The form keeps today's value, and says what comes when.
    expect(await form.getByLabel("Monthly salary (CHF)").inputValue()).toBe("6500.00");
    await form.getByText("7'000.00 from 01.09.2026").waitFor();

    await page.reload();
    expect(await caseForm("Salary").getByLabel("Monthly salary (CHF)").inputValue()).toBe("6500.00");
    expect(await caseForm("Salary").getByText("7'000.00 from 01.09.2026").isVisible()).toBe(true);

    await page
      .getByRole("navigation", { name: "Sections of this employee" })
      .getByRole("link", { name: "Overview", exact: true })
      .click();
    const scheduled = page.getByRole("region", { name: "Scheduled changes" });
    await scheduled.waitFor();
    expect(await scheduled.textContent()).toContain("Monthly salary");
    expect(await scheduled.textContent()).toContain("7'000.00 from 01.09.2026");
  });

  it("item 20: the forms speak the regulation's English names and plain sentences, also for a wrong AHV number", async () => {
    await page.goto(`${employeeUrl()}#section-employment`);
    await caseForm("Employment").waitFor();
    // The case forms of the section (the payslip preview's explanations are Payroll Control's).
    const text = (await page.locator("#section-employment").textContent()) ?? "";
    for (const internal of [
      "Save lohn",
      "Anstellung",
      "SalaryType",
      "Required when SalaryType",
      "Required for calculation",
      "(ESS)",
      "(ECT)",
      "control.",
    ])
      expect(text, internal).not.toContain(internal);
    expect(await page.getByRole("button", { name: "Save salary" }).count()).toBe(1);
    expect(await page.getByText("History of employment").count()).toBe(1);
    expect(text).toContain("Required when the salary type is monthly");

    await page
      .getByRole("navigation", { name: "Sections of this employee" })
      .getByRole("link", { name: "Personal", exact: true })
      .click();
    const form = caseForm("Personal data");
    await form.getByLabel("AHV number").fill("756.9217.0769.84");
    await form.getByRole("button", { name: "Save personal data" }).click();
    const ahv = form.getByLabel("AHV number");
    await expect.poll(() => ahv.getAttribute("aria-invalid")).toBe("true");
    const message = (await form.locator(`[id="${await ahv.getAttribute("aria-describedby")}"]`).textContent()) ?? "";
    expect(message).toMatch(/check digit/i);
    expect(message).not.toMatch(/AhvNumber|values\.\d|should be \d/);
  });

  it("item 21: the cost centers warn before the first one, and assign one to many employees at once", async () => {
    await page.goto(`/tenants/${orgId}/cost-centers`);
    const warning = page.getByText("Once a cost center exists, every employee needs one; 3 employees have none.");
    await warning.waitFor();

    const add = page.getByRole("form", { name: "Add cost center" });
    await add.getByLabel("Code").fill("200");
    await add.getByLabel("Name").fill("Verkauf");
    await add.getByRole("button", { name: "Add cost center" }).click();
    await page.getByRole("table", { name: "Cost centers" }).getByRole("row", { name: "cost center 200" }).waitFor();

    const bulk = page.getByRole("form", { name: "Assign a cost center" });
    await bulk.getByText("3 employees have no cost center").waitFor();
    for (const e of employees) await bulk.getByRole("checkbox", { name: e.name }).check();
    await bulk.getByLabel("Cost center", { exact: true }).selectOption("200");
    // Before the accounting start: every change is refused, and the summary names each one.
    await bulk.getByLabel("Valid from").fill("2025-12-01");
    await bulk.getByRole("button", { name: "Assign to 3 employees" }).click();
    const summary = bulk.getByRole("status");
    await summary.getByText("0 of 3 assigned; 3 failed").waitFor();
    for (const e of employees)
      expect(await summary.textContent()).toContain(
        `${e.name}: No value can start before the payroll's accounting start date (01.01.2026).`,
      );

    await bulk.getByLabel("Valid from").fill("2026-01-01");
    await bulk.getByRole("button", { name: "Assign to 3 employees" }).click();
    await summary.getByText("3 of 3 assigned").waitFor();

    for (const e of employees) {
      const values = await apiCall(
        `/tenants/${orgId}/payrolls/${payrollId}/cases/values/time?employeeId=${e.id}&caseFieldNames=CostCenter&valueDate=2026-01-31`,
        { token: system },
      );
      expect(values.status).toBe(200);
      expect(values.body.items.map((v: { value: string }) => v.value)).toEqual(["200"]);
    }
    await page.reload();
    await page.getByText("Every employee has a cost center.").waitFor();
  });

  it("issue 40: a company car on the employment section, in the payslip preview with its why", async () => {
    await page.goto(`${employeeUrl()}#section-employment`);
    const form = caseForm("Fringe benefits");
    await form.getByLabel("Purchase price of the car (CHF)").fill("45000.00");
    await form.getByLabel("Valid from").fill("2026-01-01");
    await form.getByRole("button", { name: "Save fringe benefits" }).click();
    await form.getByText(/^Saved 1 value/).waitFor();

    await page.goto(employeeUrl());
    const car = page.locator('[data-testid="payslip-line"][data-number="1500"]');
    await car.waitFor();
    expect(await car.getByTestId("payslip-amount").textContent()).toBe("405.00");
    expect(await car.textContent()).toContain("Private use of company car");
    const back = page.locator('[data-testid="payslip-line"][data-number="6400"]');
    expect(await back.getAttribute("data-kind")).toBe("expense");
    expect(await back.getByTestId("payslip-amount").textContent()).toMatch(/^[-−]\s?405\.00$/);
    await car.getByText("why?").click();
    await car
      .getByTestId("why-text")
      .getByText(/0\.9\s%.*45'000\.00.*405\.00/)
      .waitFor();
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS, "fringe-benefits.png"), fullPage: true });
  });
});
