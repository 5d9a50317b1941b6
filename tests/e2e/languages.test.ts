import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiCall, tenantWithDemoAdministrator } from "./tenant";
import { chooseConsoleLanguage, escapeRegExp, launchChromium, signInAtIdp } from "./browser";

const baseUrl = inject("e2eBaseUrl");
const idpUrl = inject("e2eIdpUrl");
const root = path.resolve(import.meta.dirname, "../..");

const LOCALES = ["de-CH", "fr-CH", "it-CH", "en-CH"] as const;
type Locale = (typeof LOCALES)[number];

/** A message of a catalog (messages/<locale>/<namespace>.json) by its dotted key. */
function message(locale: Locale, namespace: string, key: string): string {
  const catalog = JSON.parse(readFileSync(path.join(root, "messages", locale, `${namespace}.json`), "utf8")) as Record<
    string,
    unknown
  >;
  const found = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog);
  if (typeof found !== "string") throw new Error(`${locale} ${namespace}.${key} is not a message`);
  return found;
}

/** 7'234.50, as the contract (9c) writes amounts in every language of the console, French included. */
const SALARY: Record<Locale, string> = {
  "de-CH": "7'234.50",
  "fr-CH": "7'234.50",
  "it-CH": "7'234.50",
  "en-CH": "7'234.50",
};
/** Words that are not English, so a console that stayed English fails: the menu's Payroll Control and the list's title. */
const OWN_WORDS: Record<Locale, { control: string; employees: string }> = {
  "de-CH": { control: "Lohnkontrolle", employees: "Mitarbeitende" },
  "fr-CH": { control: "Contrôle des salaires", employees: "Employés" },
  "it-CH": { control: "Controllo salari", employees: "Dipendenti" },
  "en-CH": { control: "Payroll control", employees: "Employees" },
};

/**
 * Issue 12: per language, the demo administrator switches her language in "Your settings" and finds
 * that language on the employees list, an employee page, Payroll Control and the close screen:
 * `<html lang>`, the menu's words, the screens' own words, an amount (7'234.50 in every language) and
 * dates (01.01.2026). In a tenant of its own (a payroll with one employee earning 7'234.50 a month).
 * Screenshots of three screens in French go to test-results/e2e-languages (or E2E_SCREENSHOTS).
 * The demo administrator is set back to en-CH at the end.
 */
describe("the console speaks the person's language", () => {
  let browser: Browser;
  let page: Page;
  const run = randomBytes(3).toString("hex");
  let orgId = "";
  let employeeId = "";
  /** Enters on 15 January with a salary type but no salary: Payroll Control's "no monthly salary from 15.01.2026 to 31.01.2026". */
  let partTimeId = "";
  const lastName = `Sprachen${run}`;
  const shots = process.env.E2E_SCREENSHOTS ?? path.join(root, "test-results", "e2e-languages");

  async function snap(name: string) {
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, `languages-${name}.png`), fullPage: true });
  }

  async function adminToken() {
    const response = await fetch(`${baseUrl}/api/dev/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@demo.example" }),
    });
    return ((await response.json()) as { access_token: string }).access_token;
  }

  beforeAll(async () => {
    let system = "";
    ({ system, orgId } = await tenantWithDemoAdministrator(`Languages ${run}`));
    const payroll = await apiCall(`/tenants/${orgId}/payrolls/simple`, {
      method: "POST",
      token: system,
      body: { name: `Sprachen ${run} AG`, accountingStartDate: "2026-01-01", documentLanguage: "de" },
    });
    expect(payroll.status, payroll.text).toBe(201);
    const employee = await apiCall(`/tenants/${orgId}/employees`, {
      method: "POST",
      token: system,
      body: { identifier: `L-${run}`, firstName: "Lea", lastName },
    });
    expect(employee.status, employee.text).toBe(201);
    employeeId = employee.body.id;
    const values = (pairs: Record<string, string>) =>
      Object.entries(pairs).map(([caseFieldName, value]) => ({ caseFieldName, value, start: "2026-01-01" }));
    for (const [caseName, pairs] of [
      ["Employment", { EntryDate: "2026-01-01", ActivityRate: "100", WorkplaceCanton: "ZH" }],
      ["Salary", { SalaryType: "monthly", MonthlySalary: "7234.50" }],
    ] as const) {
      const recorded = await apiCall(`/tenants/${orgId}/payrolls/${payroll.body.id}/cases`, {
        method: "POST",
        token: system,
        body: { caseName, employeeId, values: values(pairs) },
      });
      expect(recorded.status, recorded.text).toBe(201);
    }
    const partTime = await apiCall(`/tenants/${orgId}/employees`, {
      method: "POST",
      token: system,
      body: { identifier: `P-${run}`, firstName: "Max", lastName: `Teilzeit${run}` },
    });
    expect(partTime.status, partTime.text).toBe(201);
    partTimeId = partTime.body.id;
    for (const [caseName, pairs] of [
      ["Employment", { EntryDate: "2026-01-15", ActivityRate: "100", WorkplaceCanton: "ZH" }],
      ["Salary", { SalaryType: "monthly" }],
    ] as const) {
      const recorded = await apiCall(`/tenants/${orgId}/payrolls/${payroll.body.id}/cases`, {
        method: "POST",
        token: system,
        body: { caseName, employeeId: partTimeId, values: values(pairs) },
      });
      expect(recorded.status, recorded.text).toBe(201);
    }

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
    // Leave the demo administrator as the other suites know her.
    const token = await adminToken();
    const me = await apiCall("/users", { token });
    if (me.body?.id) {
      const reset = await apiCall(`/users/${me.body.id}`, { method: "PUT", token, body: { culture: "en-CH" } });
      expect(reset.status, reset.text).toBe(200);
    }
    await browser?.close();
  });

  const htmlLang = () => page.evaluate(() => document.documentElement.lang);
  const nav = () =>
    page.getByRole("navigation", {
      name: new RegExp(`^${escapeRegExp(message(currentLocale, "common", "nav.label"))}$`),
    });
  let currentLocale: Locale = "en-CH";

  /** The menu's words of the language, on every console page. */
  async function expectMenu(locale: Locale) {
    expect(await htmlLang()).toBe(locale);
    for (const key of ["employees", "payrollControl", "close"]) {
      const name = message(locale, "common", `nav.${key}`);
      expect(
        await nav()
          .getByRole("link", { name: new RegExp(`^${escapeRegExp(name)}`) })
          .count(),
        `${locale} menu: ${name}`,
      ).toBeGreaterThan(0);
    }
    expect(await nav().textContent()).toContain(OWN_WORDS[locale].control);
  }

  for (const locale of LOCALES) {
    it(`${locale}: switched in "Your settings", the employees list and an employee page speak it`, async () => {
      // "Your settings": the language select (helper form, by its name), saved: the console changes at once.
      await page.goto(`/tenants/${orgId}/employees`);
      await page.locator('a[href="/account"]').first().click();
      await page.waitForURL(/\/account$/);
      await chooseConsoleLanguage(page, locale);
      currentLocale = locale;

      // The employees list: title, columns, the entry date the Swiss way.
      await page.goto(`/tenants/${orgId}/employees`);
      await expectMenu(locale);
      await page.getByRole("heading", { level: 1, name: message(locale, "employees", "list.title") }).waitFor();
      expect(message(locale, "employees", "list.title")).toBe(OWN_WORDS[locale].employees);
      const table = page.getByRole("table");
      for (const column of ["identifier", "entry", "exit"])
        expect(await table.textContent()).toContain(message(locale, "employees", `list.columns.${column}`));
      const row = page.getByRole("row").filter({ hasText: lastName });
      expect(await row.textContent()).toContain("01.01.2026");
      expect(await row.textContent()).toContain(message(locale, "employees", "list.current"));
      if (locale === "fr-CH") await snap("fr-employees");

      // An employee page: its sections and the payslip preview with the salary in the language's format.
      await page.goto(`/tenants/${orgId}/employees/${employeeId}`);
      await expectMenu(locale);
      const sections = page.getByRole("navigation", { name: message(locale, "employees", "page.sectionsLabel") });
      for (const id of ["overview", "personal", "employment"])
        await sections
          .getByRole("link", { name: message(locale, "employees", `page.sections.${id}`), exact: true })
          .waitFor();
      await page.getByRole("heading", { name: message(locale, "employees", "page.payslip") }).waitFor();
      expect(await page.getByTestId("payslip-gross").textContent()).toBe(SALARY[locale]);
      expect(await page.locator('[data-testid="collector"][data-name="GrossWage"] dd').textContent()).toBe(
        SALARY[locale],
      );
      const payslip = (await page.getByTestId("payslip-preview").textContent()) ?? "";
      expect(payslip).toContain(message(locale, "payslip", "columns.wageType"));
      // The AHV line's "why?": the calculation's sentence in the language, the wage and the rate in its format.
      const ahv = page.locator('[data-testid="payslip-line"][data-number="5010"]');
      await ahv.getByTestId("why").locator("summary").click();
      const rate = "5.3\u202f%";
      const why = message(locale, "calc", "why.ahv").replace("{wage}", `CHF ${SALARY[locale]}`).replace("{rate}", rate);
      expect(await ahv.getByTestId("why-text").textContent()).toBe(why);
      expect(why).toContain(
        {
          "de-CH": "AHV-pflichtigen Lohn",
          "fr-CH": "soumis à l'AVS",
          "it-CH": "soggetto all'AVS",
          "en-CH": "AHV-liable wage",
        }[locale],
      );
      // The regulation's figures behind it by the parameters' display names in the language, not their keys spelled out in English.
      const rateName = {
        "de-CH": "AHV/IV/EO-Beitragssatz Arbeitnehmende",
        "fr-CH": "Taux de cotisation AVS/AI/APG employé",
        "it-CH": "Aliquota di contributo AVS/AI/IPG dipendente",
        "en-CH": "AHV/IV/EO contribution rate, employee",
      }[locale];
      const figures = (await ahv.getByTestId("why").textContent()) ?? "";
      expect(figures).toContain(
        message(locale, "payslip", "why.value").replace("{name}", rateName).replace("{value}", rate),
      );
      expect(figures).not.toMatch(/AHV employee rate|IV share each side/i);

      // The record's description says since when, the Swiss way.
      expect(await page.locator("main").first().textContent()).toContain(
        message(locale, "employees", "page.since").replace("{date}", "01.01.2026"),
      );
      if (locale === "fr-CH") await snap("fr-employee");

      // The salary form: the regulation's names in the language, and the saved dates as 01.01.2026.
      await sections
        .getByRole("link", { name: message(locale, "employees", "page.sections.employment"), exact: true })
        .click();
      const language = locale.slice(0, 2) as "de" | "fr" | "it" | "en";
      const salaryName = { de: "Lohn", fr: "Salaire", it: "Salario", en: "Salary" }[language];
      const salaryForm = page.getByRole("form", { name: salaryName, exact: true });
      await salaryForm.waitFor();
      expect(await salaryForm.getByLabel(message(locale, "cases", "form.validFrom")).inputValue()).toBe("01.01.2026");
    });

    // Payroll Control and the close screen (their own words are another screen's catalog): the language, the menu's words and the period's dates.
    it(`${locale}: Payroll Control speaks it`, async () => {
      expect(currentLocale).toBe(locale);
      await page.goto(`/tenants/${orgId}/payroll-control`);
      await expectMenu(locale);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      if (locale === "fr-CH") await snap("fr-payroll-control");
      expect(await page.locator("main").first().textContent()).toMatch(/01\.01\.2026/);
      // A finding with its figures: the calculation's sentence in the language, the dates the Swiss way.
      const finding = page.locator(
        `[data-testid="control-row"][data-employee-id="${partTimeId}"] [data-testid="control-item"][data-code="calc.missing_monthly_salary"]`,
      );
      const sentence = message(locale, "calc", "issue.calc.missing_monthly_salary")
        .replace("{from}", "15.01.2026")
        .replace("{to}", "31.01.2026");
      expect(await finding.getByTestId("control-item-text").textContent()).toBe(sentence);
      expect(sentence).toContain(
        {
          "de-CH": "Kein Monatslohn",
          "fr-CH": "Pas de salaire mensuel",
          "it-CH": "Nessun salario mensile",
          "en-CH": "No monthly salary",
        }[locale],
      );
    });

    it(`${locale}: a page that does not exist says so in it, with the way back`, async () => {
      expect(currentLocale).toBe(locale);
      const response = await page.goto(`/tenants/${orgId}/employees/0190a0a0-0000-7000-8000-000000000000`);
      expect(response?.status()).toBe(404);
      expect(await page.locator("html").getAttribute("lang")).toBe(locale);
      await page.getByText(message(locale, "common", "notFound.title"), { exact: true }).waitFor();
      expect(
        await page.getByRole("link", { name: message(locale, "common", "notFound.home") }).getAttribute("href"),
      ).toBe("/");
    });

    it(`${locale}: the close screen speaks it`, async () => {
      expect(currentLocale).toBe(locale);
      await page.goto(`/tenants/${orgId}/close`);
      await expectMenu(locale);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(await page.locator("main").first().textContent()).toMatch(/31\.01\.2026/);
    });
  }
});
