import { randomBytes } from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { escapeRegExp, launchChromium, signInAtIdp } from "./browser";
import { tenantWithDemoAdministrator } from "./tenant";

const baseUrl = inject("e2eBaseUrl");
const idpUrl = inject("e2eIdpUrl");
/**
 * Onboarding from an empty tenant: a system user creates the tenant and makes the demo administrator
 * its Administrator; she sets up the payroll in the console (details, start date, regulations, chart,
 * company data, a cost center), creates an employee, records personal data, employment and salary
 * through the forms generated from the case definitions, and watches the missing data shrink to nothing.
 */
describe("onboarding a new payroll", () => {
  let browser: Browser;
  let page: Page;
  const run = randomBytes(3).toString("hex");
  const company = `Onboarding ${run} AG`;
  const identifier = `ONB-${run}`;
  let orgId = "";
  let employeeId = "";

  const caseForm = (name: string) => page.getByRole("form", { name, exact: true });
  const missing = () => page.getByTestId("missing-data").first();
  const missingCount = async () => Number(await missing().getAttribute("data-count"));
  /** The employee page shows one section at a time. */
  const openSection = (name: string) =>
    page
      .getByRole("navigation", { name: "Sections of this employee" })
      .getByRole("link", { name, exact: true })
      .click();

  /** Saves a generated case form and waits for its confirmation. */
  async function save(form: Locator, button: string) {
    await form.getByRole("button", { name: button }).click();
    await form.getByText(/^Saved \d+ values?/).waitFor();
  }

  beforeAll(async () => {
    ({ orgId } = await tenantWithDemoAdministrator(`Onboarding ${run}`, `Empty ${run}`));

    browser = await launchChromium();
    const context = await browser.newContext({ baseURL: baseUrl });
    context.setDefaultTimeout(20_000);
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("leads the administrator of the empty tenant to onboarding and creates the payroll", async () => {
    await page.goto("/signin");
    await page.getByRole("button", { name: "Sign in" }).click();
    await signInAtIdp(page, idpUrl, { demo: "Anna Admin" });
    await page.waitForURL(/\/tenants\/[0-9a-f-]{36}\//);

    await page.goto(`/tenants/${orgId}`);
    await page.waitForURL(new RegExp(`/tenants/${orgId}/onboarding`));
    await page.getByRole("heading", { name: "Set up the payroll" }).waitFor();
    // The two rules for the accounting start date are explained beside it.
    expect(await page.getByText("An existing company onboarded mid-year").isVisible()).toBe(true);
    expect(await page.getByText("A new company founded mid-year").isVisible()).toBe(true);

    await page.getByLabel("Payroll name").fill(company);
    await page.getByLabel("Document language").selectOption("en");
    await page.getByRole("button", { name: /^Existing company: 1 January \d{4}$/ }).click();
    // Shown the Swiss way; typed as 01.01.yyyy or yyyy-01-01.
    const start = page.getByLabel("Accounting start date");
    const year = (await start.inputValue()).slice(-4);
    expect(await start.inputValue()).toBe(`01.01.${year}`);
    await start.fill(`31.13.${year}`);
    await start.blur();
    expect(await page.locator(`[id="${await start.getAttribute("aria-describedby")}"]`).textContent()).toBe(
      "Enter a date as 31.01.2026.",
    );
    await start.fill(`${year}-01-01`);
    await start.blur();
    expect(await start.inputValue()).toBe(`01.01.${year}`);
    await page.getByRole("button", { name: "Create payroll" }).click();
    await page.waitForURL(/step=regulations/);
  });

  it("chooses the regulations and sees the chart of accounts", async () => {
    const form = page.getByRole("form", { name: "Regulations" });
    await form.getByLabel("Accounting document template").selectOption("AccountingJournalByCostCenter");
    await form.getByLabel("Chart of accounts").selectOption("ChartOfAccountsKmu");
    await form.getByRole("button", { name: "Save and continue" }).click();
    await page.waitForURL(/step=chart/);
    expect(await page.locator('[data-step="regulations"]').getAttribute("data-done")).toBe("true");
    expect(await page.getByRole("table", { name: "Accounts" }).getByRole("row").count()).toBeGreaterThan(5);
    expect(await page.getByRole("table", { name: "Wage type mapping" }).getByRole("row").count()).toBeGreaterThan(5);
    await page.getByRole("link", { name: "Continue: company data" }).click();
    await page.waitForURL(/step=company/);
  });

  it("records the company data through the generated forms until nothing is missing", async () => {
    const start = await missingCount();
    expect(start).toBeGreaterThan(0);

    let form = caseForm("Company address");
    await form.getByLabel("Street").fill("Bahnhofstrasse");
    await form.getByLabel("Postal code").fill("8001");
    await form.getByLabel("City").fill("Zürich");
    await save(form, "Save company address");

    form = caseForm("Company registration");
    await form.getByLabel("UID", { exact: true }).fill("CHE-999.999.996");
    await save(form, "Save company registration");

    form = caseForm("Company bank account");
    await form.getByLabel("IBAN", { exact: true }).fill("CH93 0076 2011 6238 5295 7");
    await save(form, "Save company bank account");

    form = caseForm("AHV compensation fund");
    await form.getByLabel("Fund number").fill("1.1");
    await form.getByLabel("Member number").fill("100.200");
    await save(form, "Save AHV compensation fund");

    form = caseForm("Accident insurance (UVG)");
    await form.getByLabel("Insurer").fill("Suva");
    await form.getByLabel("NBU premium rate (%)", { exact: true }).fill("1.2");
    await form.getByLabel("BU premium rate (%)", { exact: true }).fill("0.5");
    await save(form, "Save accident insurance (UVG)");

    form = caseForm("Family allowance fund (FAK)");
    await form.getByLabel("Canton", { exact: true }).selectOption("ZH");
    await form.getByLabel("FAK contribution rate (%)").fill("1.025");
    await save(form, "Save family allowance fund (FAK)");

    await expect.poll(missingCount).toBe(0);
    await page.getByText("Nothing missing").first().waitFor();
    expect(await page.locator('[data-step="company"]').getAttribute("data-done")).toBe("true");
  });

  it("adds a cost center", async () => {
    await page.getByRole("link", { name: "Continue: cost centers" }).click();
    await page.waitForURL(/step=cost-centers/);
    const form = page.getByRole("form", { name: "Add cost center" });
    await form.getByLabel("Code").fill("100");
    await form.getByLabel("Name").fill("Administration");
    await form.getByRole("button", { name: "Add cost center" }).click();
    await page.getByRole("table", { name: "Cost centers" }).getByRole("row", { name: "cost center 100" }).waitFor();
    expect(await page.locator('[data-step="cost-centers"]').getAttribute("data-done")).toBe("true");
  });

  it("creates an employee and records their data through the generated forms until nothing is missing", async () => {
    await page.getByRole("link", { name: "Continue: employees" }).click();
    await page.waitForURL(/step=employees/);
    await page.getByRole("link", { name: "New employee" }).last().click();
    await page.waitForURL(/\/employees\/new$/);
    await page.getByLabel("Identifier").fill(identifier);
    await page.getByLabel("First name").fill("Olga");
    await page.getByLabel("Last name").fill("Onboard");
    await page.getByRole("button", { name: "Create employee" }).click();
    await page.waitForURL(/\/employees(\?[^/]*)?$/);

    const listed = await page.request.get(
      `/api/tenants/${orgId}/employees?includeFormer=true&search=${encodeURIComponent(identifier)}`,
    );
    employeeId = ((await listed.json()) as { items: { id: string }[] }).items[0]!.id;
    await page.goto(`/tenants/${orgId}/employees/${employeeId}`);
    await page.getByRole("heading", { name: "Olga Onboard" }).waitFor();

    const before = await missingCount();
    expect(before).toBeGreaterThanOrEqual(5);
    const missingText = await missing().textContent();
    for (const name of ["Personal data", "Employment", "Salary", "Cost center"]) expect(missingText).toContain(name);

    // A wrong AHV check digit: the API's problem appears beside the field.
    await openSection("Personal");
    let form = caseForm("Personal data");
    await form.getByLabel("Birth date").fill("1990-04-12");
    await form.getByLabel("Sex").selectOption("female");
    await form.getByLabel("AHV number").fill("756.9217.0769.84");
    await form.getByRole("button", { name: "Save personal data" }).click();
    const ahv = form.getByLabel("AHV number");
    await expect.poll(() => ahv.getAttribute("aria-invalid")).toBe("true");
    expect(await form.locator(`[id="${await ahv.getAttribute("aria-describedby")}"]`).textContent()).toMatch(
      /check digit/,
    );
    await ahv.fill("756.9217.0769.85");
    await save(form, "Save personal data");
    await expect.poll(missingCount).toBe(before - 1);

    form = caseForm("Address");
    await form.getByLabel("Postal code").fill("8400");
    await form.getByLabel("City").fill("Winterthur");
    await form.getByLabel("Country").fill("CH");
    await save(form, "Save address");

    await openSection("Bank & payment");
    form = caseForm("Bank account");
    await form.getByLabel("IBAN").fill("CH9300762011623852957");
    await save(form, "Save bank account");

    await openSection("Employment & wage");
    form = caseForm("Employment");
    const accountingStart = await form.getByLabel("Valid from").inputValue();
    await form.getByLabel("Entry date").fill(accountingStart);
    await form.getByLabel("Activity rate (%)").fill("80");
    await form.getByLabel("Workplace canton").selectOption("ZH");
    await save(form, "Save employment");

    form = caseForm("Salary");
    await form.getByLabel("Salary type").selectOption("monthly");
    await form.getByLabel("Monthly salary (CHF)").fill("6500");
    await form.getByLabel("Reason (optional)").fill("Contract of employment");
    await save(form, "Save salary");

    form = caseForm("Cost center");
    await form.getByLabel("Cost center", { exact: true }).selectOption("100");
    await save(form, "Save cost center");

    await expect.poll(missingCount).toBe(0);
    await page.getByText("Nothing missing").first().waitFor();

    // The timeline of the salary: the value, its validity, who recorded it and why.
    await page.reload();
    const salary = page.locator("#case-Salary");
    await salary.getByText("History of salary").click();
    const timeline = salary.getByRole("table", { name: "Timeline of Monthly salary" });
    await timeline.waitFor();
    const row = await timeline.getByRole("row").nth(1).textContent();
    expect(row).toContain("CHF 6'500.00");
    expect(row).toContain("Anna Admin");
    expect(row).toContain("Contract of employment");
    expect(await salary.getByLabel("Monthly salary (CHF)").inputValue()).toBe("6500.00");
  });

  it("shows nothing missing for the whole payroll, and the checklist done", async () => {
    await page.getByRole("link", { name: "Missing data" }).click();
    await page.waitForURL(/\/missing-data$/);
    const lists = page.getByTestId("missing-data");
    await expect.poll(() => lists.count()).toBe(2);
    for (const list of await lists.all()) expect(await list.getAttribute("data-count")).toBe("0");

    await page.goto(`/tenants/${orgId}/onboarding`);
    for (const step of ["details", "regulations", "chart", "company", "cost-centers", "employees"]) {
      expect(await page.locator(`[data-step="${step}"]`).getAttribute("data-done"), step).toBe("true");
    }
    expect(await page.getByText(new RegExp(`${escapeRegExp(company)} · step \\d of 6 · 6 of 6 done`)).isVisible()).toBe(
      true,
    );
  });
});
