import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiCall, tenantWithDemoAdministrator } from "./tenant";
import { chooseConsoleLanguage, launchChromium, signInAtIdp } from "./browser";

const baseUrl = inject("e2eBaseUrl");
const idpUrl = inject("e2eIdpUrl");

/**
 * Issue 39, item 6: the employee page shows the withholding tax's canton, code and rate with the reason the
 * rate was chosen; Payroll Control names the person taxed at source without a tariff code.
 */
describe("withholding tax on the employee page and in Payroll Control", () => {
  let browser: Browser;
  let page: Page;
  const run = randomBytes(3).toString("hex");
  let orgId = "";
  let payrollId = "";
  let system = "";
  const employees: string[] = [];

  async function record(caseName: string, employeeId: string, values: Record<string, string>, start = "2026-01-01") {
    const response = await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/cases`, {
      method: "POST",
      token: system,
      body: {
        caseName,
        employeeId,
        values: Object.entries(values).map(([caseFieldName, value]) => ({ caseFieldName, value, start })),
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  }

  beforeAll(async () => {
    ({ system, orgId } = await tenantWithDemoAdministrator(`Quellensteuer ${run}`));
    const payroll = await apiCall(`/tenants/${orgId}/payrolls/simple`, {
      method: "POST",
      token: system,
      body: { name: `Quelle ${run} AG`, accountingStartDate: "2026-01-01", documentLanguage: "de" },
    });
    expect(payroll.status, JSON.stringify(payroll.body)).toBe(201);
    payrollId = payroll.body.id;
    for (const [first, last, entry] of [
      ["Quentin", "Quelle", "2026-01-16"],
      ["Berta", "Bewilligung", "2026-01-01"],
      ["Frédéric", "Frontalier", "2026-01-01"],
    ] as const) {
      const created = await apiCall(`/tenants/${orgId}/employees`, {
        method: "POST",
        token: system,
        body: { identifier: `${last.toUpperCase()}-${run}`, firstName: first, lastName: last },
      });
      expect(created.status).toBe(201);
      employees.push(created.body.id);
      await record("Employment", created.body.id, { EntryDate: entry, ActivityRate: "100", WorkplaceCanton: "ZH" });
      await record("EmployeePersonalData", created.body.id, {
        BirthDate: "1986-05-10",
        Sex: "male",
        AhvNumber: "756.9217.0769.85",
      });
      await record("Salary", created.body.id, { SalaryType: "monthly", MonthlySalary: "6500" });
    }
    // Quentin enters on 16 January, taxed at source in ZH with A0N; Berta has a B permit and no tariff yet.
    await record("WithholdingTax", employees[0]!, {
      TaxAtSourceTariff: "A0N",
      TaxAtSourceCanton: "ZH",
      WorkPermit: "B",
    });
    await record("WithholdingTax", employees[1]!, { WorkPermit: "B" });
    // Frédéric lives in France and works in Lausanne: SFN, taxed in France under the 1983 agreement.
    await record("Employment", employees[2]!, { WorkplaceCanton: "VD" });
    await record("EmployeeAddress", employees[2]!, { PostalCode: "74100", City: "Annemasse", Country: "FR" });
    await record("WithholdingTax", employees[2]!, {
      TaxAtSourceTariff: "SFN",
      TaxAtSourceCanton: "VD",
      WorkPermit: "G",
    });

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

  it("shows canton, code and rate with the reason: the entry month converted to 30 days", async () => {
    await page.goto(`/tenants/${orgId}/employees/${employees[0]}`);
    const summary = page.getByTestId("withholding-tax");
    await summary.waitFor();
    expect(await summary.getAttribute("data-canton")).toBe("ZH");
    expect(await summary.getAttribute("data-tariff")).toBe("A0N");
    const rate = await summary.getAttribute("data-rate");
    expect(rate).toMatch(/^\d+\.\d{2}$/);
    const text = await summary.innerText();
    expect(text).toContain(`Withholding tax: canton ZH, tariff A0N, rate ${rate}\u202f% (monthly model), withheld CHF`);
    const reason = await page.getByTestId("withholding-tax-reason").innerText();
    // The rate comes from the January wage scaled from 16 days to 30, in Swiss amounts.
    expect(reason).toContain("scaled from 16 days to 30");
    expect(reason).toMatch(/CHF \d{1,3}(?:'\d{3})*\.\d{2}/);
    expect(reason).not.toMatch(/\b\d{4,}\.\d{2}\b/);
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS, "withholding-tax.png"), fullPage: true });
  });

  it("proposes a tariff code from civil status, partner and children, and says it differs from the recorded one", async () => {
    await page.goto(`/tenants/${orgId}/employees/${employees[1]}#section-tax`);
    const missing = page.getByTestId("tariff-proposal");
    await missing.waitFor();
    expect(await missing.getAttribute("data-code")).toBe("");
    expect(await missing.innerText()).toContain("To propose a code, record: Civil status.");

    await record("EmployeePersonalData", employees[0]!, { CivilStatus: "married" });
    await record("EmployeePartner", employees[0]!, { PartnerEmployed: "false" });
    await page.goto(`/tenants/${orgId}/employees/${employees[0]}#section-tax`);
    const proposal = page.getByTestId("tariff-proposal");
    await proposal.waitFor();
    expect(await proposal.getAttribute("data-code")).toBe("B0N");
    expect(await proposal.innerText()).toContain("Proposed: B0N (married, the partner does not earn; no children");
    expect(await page.getByTestId("tariff-proposal-recorded").innerText()).toBe(
      "The recorded code is A0N: check it against the proposal.",
    );
  });

  it("a French cross-border commuter in VD: SFN proposed and recorded, nothing withheld, and why", async () => {
    await page.goto(`/tenants/${orgId}/employees/${employees[2]}`);
    const summary = page.getByTestId("withholding-tax");
    await summary.waitFor();
    expect(await summary.getAttribute("data-tariff")).toBe("SFN");
    expect(await summary.innerText()).toContain("withheld CHF 0.00");
    expect(await page.getByTestId("withholding-tax-reason").innerText()).toContain(
      "is taxed in France only (agreement of 11 April 1983, SFN)",
    );
    await page.locator('a[href="#section-tax"]').click();
    const proposal = page.getByTestId("tariff-proposal");
    await proposal.waitFor();
    expect(await proposal.getAttribute("data-code")).toBe("SFN");
    expect(await page.getByTestId("tariff-proposal-recorded").innerText()).toBe("The recorded code SFN matches.");
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({
        path: path.join(process.env.E2E_SCREENSHOTS, "tariff-proposal-sfn.png"),
        fullPage: true,
      });
  });

  it("Payroll Control names the person taxed at source without a tariff code", async () => {
    await page.goto(`/tenants/${orgId}/payroll-control`);
    const row = page.locator(`[data-testid="control-row"][data-employee-id="${employees[1]}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain(`Bewilligung, Berta (BEWILLIGUNG-${run})`);
    await row.locator('[data-code="calc.missing_tax_at_source_tariff"]').waitFor();
    expect(await row.innerText()).toContain(
      "Work permit B is taxed at source, but no withholding-tax tariff is recorded.",
    );
  });

  it("the tariff proposal speaks German, French and Italian, as read in the browser", async () => {
    const switchTo = async (locale: string) => {
      await page.goto("/account");
      await chooseConsoleLanguage(page, locale);
    };
    try {
      for (const locale of ["de-CH", "fr-CH", "it-CH"] as const) {
        await switchTo(locale);
        await page.goto(`/tenants/${orgId}/employees/${employees[0]}#section-tax`);
        const proposal = page.getByTestId("tariff-proposal");
        await proposal.waitFor();
        const catalog = JSON.parse(
          readFileSync(path.join(__dirname, "../../messages", locale, "employees.json"), "utf8"),
        ) as { tariffProposal: Record<string, string> };
        const proposed = new IntlMessageFormat(catalog.tariffProposal.proposed!, locale).format({
          code: "B0N",
          household: "married",
          partner: "no",
          children: 0,
          german: "no",
        }) as string;
        const text = await proposal.innerText();
        expect(text).toContain(proposed);
        expect(text).not.toContain("Proposed:");
        if (process.env.E2E_SCREENSHOTS)
          await proposal.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS, `tariff-proposal-${locale}.png`) });
      }
    } finally {
      await switchTo("en-CH");
    }
  });
});
