import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, signInAtIdp } from "./browser";

const baseUrl = inject("e2eBaseUrl");
const idpUrl = inject("e2eIdpUrl");

/** Codes of items that concern the company's data, not the employee's (server/calc/issues.ts). */
/** A save's refresh renders the whole employee page anew: on a busy machine that takes longer than expect.poll's default second. */
const REFRESH = { timeout: 10_000 };

/** The API's CHF ("5600.00") as the console shows it ("5'600.00"). */
const swiss = (amount: string) => amount.replace(/\B(?=(\d{3})+\.)/g, "'");

const COMPANY_CODES = new Set([
  "calc.missing_company_uvg",
  "calc.missing_fak_rate",
  "calc.missing_industry_rate",
  "calc.regulation_incomplete",
]);

/**
 * Payroll control and the live payslip preview, in the demo tenant (document language German, so the
 * generated case forms carry German labels). Employee 1004 is one no other e2e test touches.
 */
describe("payroll control and the payslip preview", () => {
  let browser: Browser;
  let page: Page;
  let orgId = "";
  let employeeId = "";

  const caseForm = (name: string) => page.getByRole("form", { name, exact: true });
  const preview = () => page.getByTestId("payslip-preview");
  const controlRow = () => page.locator(`[data-testid="control-row"][data-employee-id="${employeeId}"]`);

  async function save(form: Locator, button: string) {
    await form.getByRole("button", { name: button }).click();
    await form.getByText(/^Saved \d+ values?/).waitFor();
  }

  async function openControl() {
    await page
      .getByRole("navigation", { name: "Sections" })
      .getByRole("link", { name: "Payroll control", exact: true })
      .click();
    await page.waitForURL(/\/payroll-control$/);
    await page.getByRole("heading", { name: "Payroll control", level: 1 }).waitFor();
  }

  async function openEmployee() {
    await page.goto(`/tenants/${orgId}/employees/${employeeId}`);
    await preview().waitFor();
  }

  /** The employee page shows one section at a time. */
  async function openSection(name: string) {
    await page
      .getByRole("navigation", { name: "Sections of this employee" })
      .getByRole("link", { name, exact: true })
      .click();
  }

  beforeAll(async () => {
    browser = await launchChromium();
    const context = await browser.newContext({ baseURL: baseUrl });
    context.setDefaultTimeout(20_000);
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("signs the demo administrator in and opens employee 1004 of the demo tenant", async () => {
    await page.goto("/signin");
    await page.getByRole("button", { name: "Sign in" }).click();
    await signInAtIdp(page, idpUrl, { demo: "Anna Admin" });
    await page.waitForURL(/\/tenants\/[0-9a-f-]{36}/);

    const tenants = (await (await page.request.get("/api/tenants?limit=100")).json()) as {
      items: { id: string; name: string }[];
    };
    orgId = tenants.items.find((t) => t.name === "Muster AG (Demo)")!.id;
    expect(orgId).toBeTruthy();
    const listed = (await (await page.request.get(`/api/tenants/${orgId}/employees?search=1004`)).json()) as {
      items: { id: string; identifier: string }[];
    };
    employeeId = listed.items.find((e) => e.identifier === "1004")!.id;
    expect(employeeId).toBeTruthy();

    await openEmployee();
    // Not employed yet: no entry in the open period.
    expect(await preview().getAttribute("data-state")).toBe("none");

    // Yet Payroll Control lists the record, as not in payroll yet, without blocking anything.
    await openControl();
    const row = controlRow();
    await row.waitFor();
    expect(await row.getAttribute("data-in-payroll")).toBe("false");
    expect(await row.getByTestId("control-state").textContent()).toBe("Not in payroll yet");
    expect(
      await row
        .locator('[data-testid="control-item"][data-code="control.not_in_payroll"]')
        .getAttribute("data-blocking"),
    ).toBe("false");
    await openEmployee();
  });

  it("records the employment and finds the employee Blocked in Payroll control, with items and links to fix them", async () => {
    await openSection("Employment & wage");
    const form = caseForm("Employment");
    // The form's default start is set once the page has hydrated.
    await expect.poll(() => form.getByLabel("Valid from").inputValue()).toBe("01.01.2026");
    await form.getByLabel("Entry date").fill("2026-01-01");
    await form.getByLabel("Activity rate (%)").fill("100");
    await form.getByLabel("Workplace canton").selectOption("ZH");
    await save(form, "Save employment");
    await expect.poll(() => preview().getAttribute("data-state"), REFRESH).toBe("Blocked");

    await openControl();
    const row = controlRow();
    await row.waitFor();
    expect(await row.getAttribute("data-state")).toBe("Blocked");
    expect(await row.getByTestId("control-state").textContent()).toBe("Blocked");
    const codes = await row
      .getByTestId("control-item")
      .evaluateAll((items) => items.map((i) => i.getAttribute("data-code")));
    expect(codes).toEqual(
      expect.arrayContaining(["calc.missing_birth_date", "calc.missing_ahv_number", "calc.missing_salary_type"]),
    );
    expect(Number(await page.getByTestId("blocking-count").textContent())).toBeGreaterThanOrEqual(3);

    // Each item links to the case that fixes it, anchored to the case card.
    const birthDate = row.locator('[data-code="calc.missing_birth_date"]');
    expect(await birthDate.getAttribute("data-blocking")).toBe("true");
    const fix = birthDate.getByRole("link", { name: /^Fix: Personal data/ });
    expect(await fix.getAttribute("href")).toBe(`/tenants/${orgId}/employees/${employeeId}#case-EmployeePersonalData`);
    await fix.click();
    await page.waitForURL(
      (url) =>
        url.pathname === `/tenants/${orgId}/employees/${employeeId}` && url.hash === "#case-EmployeePersonalData",
    );
    // The link opens the section that holds the case.
    await caseForm("Personal data").waitFor();
  });

  it("records personal data and salary, and the payslip preview follows each save", async () => {
    let form = caseForm("Personal data");
    await form.getByLabel("Birth date").fill("1986-05-10");
    await form.getByLabel("Sex").selectOption("female");
    await form.getByLabel("AHV number").fill("756.9217.0769.85");
    await save(form, "Save personal data");
    await expect
      .poll(async () => page.locator('[data-testid="payslip-preview"]').getAttribute("data-gross"), REFRESH)
      .toBe("0.00");
    const netBefore = await preview().getAttribute("data-net");

    // Paying needs the bank account (a Payroll Control item otherwise).
    await openSection("Bank & payment");
    form = caseForm("Bank account");
    await form.getByLabel("IBAN").fill("CH9300762011623852957");
    await save(form, "Save bank account");

    await openSection("Employment & wage");
    form = caseForm("Salary");
    await form.getByLabel("Salary type").selectOption("monthly");
    await form.getByLabel("Monthly salary (CHF)").fill("6500.00");
    await save(form, "Save salary");

    // No reload: the saved case change refreshes the preview.
    await expect.poll(() => preview().getAttribute("data-gross"), REFRESH).toBe("6500.00");
    expect(await page.getByTestId("payslip-gross").textContent()).toBe("6'500.00");
    const net = await preview().getAttribute("data-net");
    expect(net).toMatch(/^\d+\.\d{2}$/);
    expect(net).not.toBe(netBefore);
    expect(Number(net)).toBeGreaterThan(0);
    expect(Number(net)).toBeLessThan(6500);
    expect(await page.getByTestId("payslip-net").textContent()).toBe(swiss(net!));

    // The lines: the monthly salary, and deductions shown as deductions; the collectors.
    await openSection("Overview");
    const salaryLine = page.locator('[data-testid="payslip-line"][data-number="1000"]');
    expect(await salaryLine.getByTestId("payslip-amount").textContent()).toBe("6'500.00");
    const ahv = page.locator('[data-testid="payslip-line"][data-number="5010"]');
    expect(await ahv.getAttribute("data-kind")).toBe("deduction");
    expect(await ahv.getByTestId("payslip-amount").textContent()).toBe("− 344.50");
    expect(await page.locator('[data-testid="collector"][data-name="GrossWage"] dd').textContent()).toBe("6'500.00");
    expect(await page.locator('[data-testid="collector"][data-name="NetWage"] dd').textContent()).toBe(swiss(net!));

    // "why?": the case values and parameters behind a line.
    await salaryLine.getByText("why?").click();
    const why = salaryLine.getByTestId("why");
    await why.getByText(/Monthly salary: CHF 6'500\.00/).waitFor();
    await ahv.getByText("why?").click();
    await ahv
      .getByTestId("why")
      .getByText(/AHV\/IV\/EO contribution rate, employee: 5\.3\s%/)
      .waitFor();
  });

  it("Payroll control: only company-level items are left blocking; confirming them unblocks the employee", async () => {
    await openControl();
    const row = controlRow();
    await row.waitFor();
    expect(await row.getByTestId("row-gross").textContent()).toBe("6'500.00");
    const blocking = () => row.locator('[data-testid="control-item"][data-blocking="true"]');
    const codes = await blocking().evaluateAll((items) => items.map((i) => i.getAttribute("data-code")!));
    for (const code of codes) expect(COMPANY_CODES.has(code), code).toBe(true);

    if (codes.length === 0) {
      expect(await row.getAttribute("data-state")).not.toBe("Blocked");
      return;
    }
    expect(await row.getAttribute("data-state")).toBe("Blocked");
    // The company's missing UVG data links to the company page's case.
    const uvg = row.locator('[data-code="calc.missing_company_uvg"]');
    if (await uvg.count())
      expect(await uvg.getByRole("link", { name: /^Fix:/ }).getAttribute("href")).toBe(
        `/tenants/${orgId}/company#case-CompanyUvg`,
      );

    // Confirming each (a ControlConfirmation case) resolves it.
    for (const code of codes) {
      const item = row.locator(`[data-testid="control-item"][data-code="${code}"]`);
      await item.getByText("Confirm without entering the data…").click();
      const confirm = item.getByRole("form", { name: /^Confirm: / });
      await confirm.getByLabel("Reason").fill("e2e: company insurance is being set up");
      await confirm.getByRole("button", { name: "Confirm this is correct" }).click();
      await expect.poll(() => item.getAttribute("data-blocking")).toBe("false");
    }
    await expect.poll(() => row.getAttribute("data-state")).not.toBe("Blocked");
    expect(["ReadyToPayOut", "EmployedWithoutWage"]).toContain(await row.getAttribute("data-state"));

    // And the employee page shows the same state.
    const state = await row.getAttribute("data-state");
    await openEmployee();
    expect(await preview().getAttribute("data-state")).toBe(state);
  });
});
