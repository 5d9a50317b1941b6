import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, signInAtIdp } from "./browser";
import { apiCall, tenantWithDemoAdministrator } from "./tenant";

const baseUrl = inject("e2eBaseUrl");
const idpUrl = inject("e2eIdpUrl");
/**
 * Closing a period from the console. The demo tenant's open period belongs to the other e2e tests
 * (they record January there), so a system user makes a tenant of its own: a live payroll (ELM
 * from January) with two complete employees and January already closed through the API. The demo
 * administrator closes February on the close screen, watches it be submitted to ELM and finalized,
 * opens its documents and a payslip; a stale close screen then shows the service's refusal.
 */
describe("closing a period and browsing its documents", () => {
  let browser: Browser;
  let page: Page;
  const run = randomBytes(3).toString("hex");
  let system = "";
  let orgId = "";
  let payrollId = "";
  let februaryId = "";

  /** Optional screenshots for a person to look at (E2E_SCREENSHOTS=/tmp/dir). */
  async function snap(name: string) {
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS, `closing-${name}.png`), fullPage: true });
  }

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
    ({ system, orgId } = await tenantWithDemoAdministrator(`Closing ${run}`));

    browser = await launchChromium();
    const context = await browser.newContext({ baseURL: baseUrl });
    context.setDefaultTimeout(20_000);
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("sets up a live payroll with two complete employees and closes January through the API", async () => {
    const payroll = await apiCall(`/tenants/${orgId}/payrolls/simple`, {
      method: "POST",
      token: system,
      body: { name: `Closing ${run} AG`, accountingStartDate: "2026-01-01", documentLanguage: "en" },
    });
    expect(payroll.status, payroll.text).toBe(201);
    payrollId = payroll.body.id;
    await record("CompanyUvg", null, { UvgInsurer: "Suva", NbuRate: "1", BuRate: "0.175" });
    await record("CompanyFak", null, { FakCanton: "ZH", FakRate: "1.025" });
    const people = [
      {
        identifier: `C1-${run}`,
        first: "Clara",
        last: "Closer",
        birth: "1986-05-10",
        sex: "female",
        ahv: "756.9217.0769.85",
        salary: "6500.00",
      },
      {
        identifier: `C2-${run}`,
        first: "Claude",
        last: "Closer",
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
    const live = await apiCall(`/tenants/${orgId}/payrolls/${payrollId}`, {
      method: "PUT",
      token: system,
      body: { transmissionStartDate: "2026-01-01" },
    });
    expect(live.status, live.text).toBe(200);
    const january = await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/open/close`, {
      method: "POST",
      token: system,
    });
    expect(january.status, january.text).toBe(200);
    const february = await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/open`, { token: system });
    expect(february.body.periodStart).toBe("2026-02-01");
    februaryId = february.body.id;
  });

  it("signs the demo administrator in and opens the close screen of February from the navigation", async () => {
    await page.goto("/signin");
    await page.getByRole("button", { name: "Sign in" }).click();
    await signInAtIdp(page, idpUrl, { demo: "Anna Admin" });
    await page.waitForURL(/\/tenants\/[0-9a-f-]{36}/);

    await page.goto(`/tenants/${orgId}/payroll-control`);
    await page
      .getByRole("navigation", { name: "Sections" })
      .getByRole("link", { name: "Close period", exact: true })
      .click();
    await page.waitForURL(new RegExp(`/tenants/${orgId}/close$`));
    await page.getByRole("heading", { name: "Close period", level: 1 }).waitFor();

    // The checklist: nothing blocks, both employees ready, previews, and ELM.
    const checklist = page.getByRole("list", { name: "Checklist" });
    await checklist.waitFor();
    expect(await page.getByTestId("checklist-blocking").textContent()).toBe("0");
    expect(await page.getByTestId("employees-ready").textContent()).toBe("2");
    expect(await page.getByTestId("employees-blocked").textContent()).toBe("0");
    expect(await page.getByTestId("checklist-live").getAttribute("data-live")).toBe("true");
    // Nothing was paid out: both employees' pay (January's carried forward, and February's) is still open.
    expect(await page.getByTestId("checklist-unpaid").getAttribute("data-count")).toBe("2");
    expect(
      await checklist
        .locator('[data-item="payslips"]')
        .getByRole("link", { name: "Closer, Clara" })
        .getAttribute("href"),
    ).toMatch(new RegExp(`^/api/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/${februaryId}/documents/`));
    const accounting = checklist.locator('[data-item="accounting"]');
    expect(await accounting.getByRole("link", { name: /^PDF/ }).count()).toBe(1);
    expect(await accounting.getByRole("link", { name: /^CSV/ }).count()).toBe(1);

    // Totals against the previous period: January closed, February open.
    const totals = page.getByTestId("totals-table");
    expect(await totals.locator("tbody tr").count()).toBe(2);
    expect(await totals.locator("tbody tr").first().textContent()).toContain("14'700.00"); // 6'500 + 8'200 gross
    expect(await page.getByRole("img", { name: /Gross, net and employer cost per period/ }).count()).toBe(1);
    await snap("before");
  });

  it("closes February after the confirmation, and follows it to Submitted to ELM and Finalized", async () => {
    const button = page.getByRole("button", { name: "Close February 2026" });
    expect(await button.isEnabled()).toBe(true);
    await button.click();
    const dialog = page.getByRole("dialog", { name: "Close February 2026?" });
    await dialog.waitFor();
    const text = await dialog.textContent();
    expect(text).toContain("one-way");
    expect(text).toContain("2 payslips");
    expect(text).toContain("submitted to ELM");
    // Amounts still open: the dialog asks what happens to them, carrying forward unless told otherwise.
    const choice = dialog.getByTestId("close-open-amounts");
    expect(await choice.textContent()).toContain("2 employees have CHF");
    expect(await dialog.getByRole("radio", { name: /Carry it forward to March 2026/ }).isChecked()).toBe(true);
    // This payroll's previous system paid February: recorded as paid outside, nothing carried into March.
    await dialog.getByRole("radio", { name: /It was paid outside this service/ }).check();
    await snap("confirm");

    // Hold the request until the progress has been seen: closing a small payroll is quicker than a look.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const closeUrl = `**/api/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/${februaryId}/close`;
    await page.route(closeUrl, async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole("button", { name: "Close February 2026" }).click();
    const progress = page.getByTestId("close-progress");
    await progress.waitFor();
    expect(await progress.textContent()).toContain(
      "Generating 2 payslips, the accounting document and the ELM declaration…",
    );
    expect(await page.getByRole("progressbar", { name: "Closing February 2026" }).count()).toBe(1);
    expect(await dialog.getByRole("button", { name: "Cancel" }).isDisabled()).toBe(true);
    await snap("progress");
    release();

    // The closed period's status, polled until ELM has finalized it.
    await page.waitForURL(
      (url) => url.pathname === `/tenants/${orgId}/close` && url.searchParams.get("closed") === februaryId,
    );
    await page.unroute(closeUrl);
    const status = page.getByTestId("closed-status");
    await status.waitFor();
    expect(await status.getAttribute("data-period-id")).toBe(februaryId);
    await expect.poll(() => status.getAttribute("data-stage"), { timeout: 45_000, interval: 250 }).toBe("finalized");
    const steps = status.getByTestId("status-step");
    expect(
      await steps.evaluateAll((items) => items.map((i) => [i.getAttribute("data-step"), i.getAttribute("data-done")])),
    ).toEqual([
      ["closed", "true"],
      ["submitted", "true"],
      ["finalized", "true"],
    ]);
    // February's open amounts were recorded as paid outside the service: one external payout, nothing open in March but March's own pay.
    const payouts = await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/${februaryId}/payouts`, {
      token: system,
    });
    expect(
      payouts.body.items.map((p: { external: boolean; status: string; count: number }) => [
        p.external,
        p.status,
        p.count,
      ]),
    ).toEqual([[true, "processed", 2]]);
    const march = await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/open/entries`, {
      token: system,
    });
    for (const entry of march.body.items as { net: string; openAmount: string }[])
      expect(entry.openAmount).toBe(entry.net);
    // The next month is open, and the chart has February among the closed periods.
    await page.getByRole("button", { name: "Close March 2026" }).waitFor();
    expect(await page.getByTestId("totals-table").locator("tbody tr").count()).toBe(3);
    await status
      .getByRole("link", { name: /^ELM receipt:/ })
      .first()
      .waitFor();
    await snap("closed");
  });

  it("opens the documents of the closed period, filters them, and opens a payslip as a PDF", async () => {
    await page.getByTestId("closed-status").getByRole("link", { name: "Open the documents of February 2026" }).click();
    await page.waitForURL(new RegExp(`/tenants/${orgId}/periods/${februaryId}$`));
    await page.getByRole("heading", { name: "Documents of February 2026", level: 1 }).waitFor();
    expect(await page.getByTestId("period-status").getAttribute("data-stage")).toBe("finalized");
    const groups = await page
      .getByTestId("document-group")
      .evaluateAll((tables) => tables.map((t) => t.getAttribute("data-category")));
    expect(groups).toEqual(["Payslip", "AccountingDocument", "ElmDeclaration", "ElmReceipt"]);
    const payslips = page.locator('[data-testid="document-group"][data-category="Payslip"]');
    expect(await payslips.getByRole("row", { name: /Closer, Clara/ }).count()).toBe(1);
    expect(await payslips.getByRole("row", { name: /Closer, Claude/ }).count()).toBe(1);
    for (const final of await page
      .getByTestId("document-row")
      .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-final"))))
      expect(final).toBe("true");
    await snap("documents");

    await page
      .getByRole("navigation", { name: "Filter by category" })
      .getByRole("link", { name: /^Payslips/ })
      .click();
    await page.waitForURL((url) => url.searchParams.get("category") === "Payslip");
    await expect.poll(() => page.getByTestId("document-group").count()).toBe(1);
    expect(await page.getByTestId("document-group").getAttribute("data-category")).toBe("Payslip");

    const link = page.getByTestId("document-row").filter({ hasText: "Closer, Clara" }).getByRole("link");
    expect(await link.getAttribute("target")).toBe("_blank");
    const href = (await link.getAttribute("href"))!;
    const pdf = await page.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 4).toString("latin1")).toBe("%PDF");
  });

  it("lists every period with its state and totals", async () => {
    await page
      .getByRole("navigation", { name: "Sections" })
      .getByRole("link", { name: "Periods & documents", exact: true })
      .click();
    await page.waitForURL(new RegExp(`/tenants/${orgId}/periods$`));
    const rows = page.getByTestId("period-row");
    await rows.first().waitFor();
    const stages = await rows.evaluateAll((items) =>
      items.map((r) => [
        r.querySelector("th a")?.textContent,
        r.querySelector('[data-testid="period-status"]')?.getAttribute("data-stage"),
      ]),
    );
    expect(stages).toEqual([
      ["March 2026", "open"],
      ["February 2026", "finalized"],
      ["January 2026", expect.stringMatching(/^(submitted|finalized)$/)],
    ]);
    expect(await rows.nth(1).textContent()).toContain("14'700.00");
    await snap("periods");
  });

  it("shows the payouts of closed February on the Payouts screen, and goes back to the open period", async () => {
    await page
      .getByRole("navigation", { name: "Sections" })
      .getByRole("link", { name: "Payouts", exact: true })
      .click();
    await page.waitForURL(new RegExp(`/tenants/${orgId}/payouts$`));
    const earlier = page.getByRole("navigation", { name: "Earlier periods" });
    await earlier.getByRole("link").first().waitFor();
    // Newest first, each with its state.
    expect(
      await earlier
        .getByRole("link")
        .evaluateAll((links) =>
          links.map((a) => [
            a.childNodes[0]?.textContent,
            a.querySelector('[data-testid="period-status"]')?.getAttribute("data-stage"),
          ]),
        ),
    ).toEqual([
      ["February 2026", "finalized"],
      ["January 2026", expect.stringMatching(/^(submitted|finalized)$/)],
    ]);
    await earlier.getByRole("link", { name: /^February 2026/ }).click();
    await page.waitForURL((url) => url.searchParams.get("period") === februaryId);
    await page.getByRole("heading", { name: "Payouts of February 2026", level: 2 }).waitFor();
    // February's open amounts, recorded as paid outside the service when it closed: one payout of two payments, no file to download, no action left.
    expect(
      await page
        .getByTestId("payout")
        .evaluateAll((items) => items.map((i) => [i.getAttribute("data-status"), i.getAttribute("data-count")])),
    ).toEqual([["processed", "2"]]);
    expect(await page.getByTestId("payout-status").textContent()).toBe("Processed outside the service");
    expect(await page.getByTestId("payout").getByRole("button").count()).toBe(0);
    expect(await page.getByTestId("payout").getByRole("link", { name: "Download pain.001" }).count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Open amounts" }).count()).toBe(0);
    expect(await earlier.getByRole("link", { name: /^February 2026/ }).getAttribute("aria-current")).toBe("page");
    await snap("payouts-closed");

    // January's open amounts were carried into February when it closed: no payout, said as of a closed period.
    await earlier.getByRole("link", { name: /^January 2026/ }).click();
    await page.getByRole("heading", { name: "Payouts of January 2026", level: 2 }).waitFor();
    expect(await page.getByTestId("payout").count()).toBe(0);
    expect(await page.getByText("No payouts were made in this period.").count()).toBe(1);

    await page.getByRole("link", { name: "Back to the open period" }).click();
    await page.waitForURL(new RegExp(`/tenants/${orgId}/payouts$`));
    await page.getByRole("heading", { name: "Open amounts", level: 2 }).waitFor();
    await page.getByRole("heading", { name: "Payouts of March 2026", level: 2 }).waitFor();
    expect(await earlier.getByRole("link", { name: /^February 2026/ }).getAttribute("aria-current")).toBeNull();

    // A stale link: the open period, with a word about it.
    await page.goto(`/tenants/${orgId}/payouts?period=00000000-0000-7000-8000-000000000000`);
    await page.getByRole("heading", { name: "Open amounts", level: 2 }).waitFor();
    expect(await page.getByText("That period does not exist (any more): the open period is shown.").count()).toBe(1);
  });

  it("shows the service's refusal when something blocks after the page was loaded, and then disables closing", async () => {
    await page.goto(`/tenants/${orgId}/close`);
    const button = page.getByRole("button", { name: "Close March 2026" });
    await button.waitFor();
    expect(await button.isEnabled()).toBe(true);

    // Meanwhile someone hires a person without their data: Payroll Control blocks March.
    const newcomer = await employee(`C3-${run}`, "Nora", "Newcomer");
    await record(
      "Employment",
      newcomer,
      { EntryDate: "2026-03-01", ActivityRate: "100", WorkplaceCanton: "ZH" },
      "2026-03-01",
    );

    await button.click();
    await page
      .getByRole("dialog", { name: "Close March 2026?" })
      .getByRole("button", { name: "Close March 2026" })
      .click();
    const problem = page.getByTestId("close-problem");
    await problem.waitFor();
    expect(await problem.getAttribute("data-code")).toBe("period.control_unresolved");
    expect(await page.getByTestId("close-problem-item").count()).toBeGreaterThan(0);
    // Each item as a sentence, never its internal code (issue 9, item 20).
    const refused = await page.getByTestId("close-problem-item").allTextContents();
    expect(refused).toEqual(expect.arrayContaining([expect.stringContaining("No birth date")]));
    for (const text of refused) expect(text).not.toMatch(/\b(calc|control)\.[a-z_]+|[A-Z][a-z]+\.[A-Z][a-z]+/);
    expect(await page.getByRole("link", { name: "Resolve them in Payroll Control" }).count()).toBe(1);

    // The refusal refreshes the page: the checklist now blocks, the button says why, the items name the person.
    await page.getByTestId("close-blocked-reason").waitFor();
    expect(await page.getByRole("button", { name: "Close March 2026" }).isDisabled()).toBe(true);
    expect(await page.getByTestId("close-blocked-reason").textContent()).toMatch(
      /^\d+ blocking items? in Payroll Control must be resolved first\.$/,
    );
    expect(await page.locator('[data-testid="checklist-item"][data-item="control"]').getAttribute("data-state")).toBe(
      "blocked",
    );
    expect(await page.getByTestId("employees-blocked").textContent()).toBe("1");
    await expect
      .poll(() => page.getByTestId("close-problem-item").first().textContent())
      .toContain(`Newcomer, Nora (C3-${run})`);
    await snap("refused");

    // And after a reload the same: the button stays disabled with its reason.
    await page.reload();
    await page.getByTestId("close-blocked-reason").waitFor();
    expect(await page.getByRole("button", { name: "Close March 2026" }).isDisabled()).toBe(true);
  });
});
