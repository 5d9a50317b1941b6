import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, signInAtIdp } from "./browser";
import { apiCall, tenantWithDemoAdministrator } from "./tenant";

const baseUrl = inject("e2eBaseUrl");
const idpUrl = inject("e2eIdpUrl");

/** Optional screenshots for a person to look at (E2E_SCREENSHOTS=/tmp/dir). */
async function snapOf(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS, `self-service-${name}.png`), fullPage: true });
}

/** Whether the page scrolls sideways on the phone: it must not. */
const scrollWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

/**
 * The employee portal on a phone (issue 13): an employee without an account is invited by the
 * administrator, follows the one-time link and lands in the portal for their record; signs in again
 * later and lands there again; opens a payslip; sees the effect of more children on the next net pay
 * without storing anything; reports a new bank account, sees it pending; HR approves it; the employee
 * sees it approved and in force. No page scrolls sideways at 390 px. Console pages are a 404 to them.
 */
describe("the self-service portal at 390 x 844", () => {
  let browser: Browser;
  let page: Page;
  const run = randomBytes(3).toString("hex");
  const email = `ess-${run}@example.test`;
  const newIban = "CH56 0483 5012 3456 7800 9";
  let system = "";
  let orgId = "";
  let payrollId = "";
  let employeeId = "";
  let invitationUrl = "";
  const snap = (name: string) => snapOf(page, name);

  async function record(caseName: string, employee: string | null, values: Record<string, string>) {
    const response = await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/cases`, {
      method: "POST",
      token: system,
      body: {
        caseName,
        employeeId: employee,
        values: Object.entries(values).map(([caseFieldName, value]) => ({ caseFieldName, value, start: "2026-01-01" })),
      },
    });
    expect(response.status, response.text).toBe(201);
  }
  const changes = async (status: string) =>
    (
      await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/cases/changes?employeeId=${employeeId}&status=${status}`, {
        token: system,
      })
    ).body.items as { id: string; status: string }[];

  beforeAll(async () => {
    ({ system, orgId } = await tenantWithDemoAdministrator(`Portal ${run}`));
    const payroll = await apiCall(`/tenants/${orgId}/payrolls/simple`, {
      method: "POST",
      token: system,
      body: { name: `Portal ${run} AG`, accountingStartDate: "2026-01-01", documentLanguage: "en" },
    });
    expect(payroll.status, payroll.text).toBe(201);
    payrollId = payroll.body.id;
    await record("CompanyUvg", null, { UvgInsurer: "Suva", NbuRate: "1", BuRate: "0.175" });
    await record("CompanyFak", null, { FakCanton: "ZH", FakRate: "1.025" });
    const employee = await apiCall(`/tenants/${orgId}/employees`, {
      method: "POST",
      token: system,
      body: { identifier: "8001", firstName: "Nora", lastName: "Portal" },
    });
    expect(employee.status, employee.text).toBe(201);
    employeeId = employee.body.id;
    await record("EmployeePersonalData", employeeId, {
      BirthDate: "1988-03-14",
      Sex: "female",
      AhvNumber: "756.9217.0769.85",
    });
    await record("EmployeeBankAccount", employeeId, { Iban: "CH9300762011623852957" });
    await record("Employment", employeeId, { EntryDate: "2026-01-01", ActivityRate: "100", WorkplaceCanton: "ZH" });
    await record("Salary", employeeId, { SalaryType: "monthly", MonthlySalary: "6000.00" });
    const january = await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/open/close`, {
      method: "POST",
      token: system,
    });
    expect(january.status, january.text).toBe(200);

    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function phone() {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    context.setDefaultTimeout(20_000);
    return context.newPage();
  }

  it("the administrator creates the one-time link from the employee's page, for that record", async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(20_000);
    const admin = await context.newPage();
    await admin.goto("/signin");
    await admin.getByRole("button", { name: "Sign in" }).click();
    await signInAtIdp(admin, idpUrl, { demo: "Anna Admin" });
    await admin.waitForURL(/\/tenants\//);
    await admin.goto(`/tenants/${orgId}/employees/${employeeId}`);
    await admin.getByRole("link", { name: "Create Self Service invitation" }).click();
    await admin.waitForURL(/\/people\?employee=/);
    const form = admin.getByRole("form", { name: "Invite a person" });
    // The form starts as Self Service for the employee.
    expect(await form.getByLabel("Role").inputValue()).toBe("SelfService");
    expect(await form.getByLabel("Employee").inputValue()).toBe(employeeId);
    await form.getByLabel("Email address").fill(email);
    await form.getByRole("button", { name: "Create invitation" }).click();
    invitationUrl = await admin
      .getByRole("textbox", { name: `Invitation link for ${email}`, exact: true })
      .inputValue();
    expect(invitationUrl).toMatch(/\/invitation\/[0-9a-f-]{36}$/);
    await context.close();
  });

  it("the employee follows the link, accepts and lands in the portal; signing in later lands there too", async () => {
    page = await phone();
    await page.goto(invitationUrl);
    await signInAtIdp(page, idpUrl, { email });
    await page.waitForURL(invitationUrl);
    await page.getByRole("button", { name: "Accept invitation" }).click();
    await page.waitForURL(new RegExp(`/self-service/${orgId}$`));
    await page.getByRole("heading", { name: "My documents" }).waitFor();

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/signin/);
    await page.getByRole("button", { name: "Sign in" }).click();
    await signInAtIdp(page, idpUrl, { email });
    await page.waitForURL(new RegExp(`/self-service/${orgId}$`));
    expect(await page.getByTestId("portal-tenant").textContent()).toBe(`Portal ${run}`);
  });

  it("lists the payslips newest first, the open month as a preview, and opens a payslip", async () => {
    const list = page.getByRole("list", { name: "Payslips and salary certificates" });
    const links = list.getByRole("link");
    await links.first().waitFor();
    const texts = await links.allTextContents();
    expect(texts[0]).toMatch(/^Payslip February 2026.*Preview/);
    expect(texts.some((text) => /^Payslip January 2026.*Final/.test(text))).toBe(true);
    // The data only they can give is announced here too.
    await page.getByText("Complete my data").waitFor();
    await snap("documents");
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);

    const january = list.getByRole("link", { name: /Payslip January 2026/ });
    const href = await january.getAttribute("href");
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    const [tab] = await Promise.all([page.context().waitForEvent("page"), january.click()]);
    await tab!.waitForLoadState();
    expect(tab!.url()).toContain(href!);
    await tab!.close();
  });

  it("lists what is missing first on My data, and shows the values in force", async () => {
    await page.getByRole("navigation", { name: "Portal sections" }).getByRole("link", { name: "My data" }).click();
    await page.waitForURL(/\/data$/);
    const missing = page.getByTestId("portal-missing");
    await missing.waitFor();
    // No address yet: only the employee knows it.
    expect(await missing.textContent()).toContain("Your postal code is missing");
    expect(await page.getByTestId("field-Iban").getByTestId("in-force").textContent()).toContain("CH93");
    // Wage data is never offered.
    expect(await page.getByRole("region", { name: "Salary" }).count()).toBe(0);
    expect((await page.goto(`/self-service/${orgId}/report/Salary`))?.status()).toBe(404);
    await page.goto(`/self-service/${orgId}/data`);
    await missing.waitFor();
    await snap("data");
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
  });

  it("shows the effect of a second child on the next net pay before sending, and stores nothing", async () => {
    const before = await changes("all");
    await page.goto(`/self-service/${orgId}/report`);
    await page.getByRole("link", { name: /Family allowances/ }).click();
    await page.getByLabel("Child allowances (children)").fill("2");
    await page.getByRole("button", { name: "Show the effect on my pay" }).click();
    const effect = page.getByTestId("net-effect");
    await effect.waitFor();
    // What the portal shows is the service's dry run of the same change (nothing stored either way).
    const simulated = await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/cases?dryRun=true`, {
      method: "POST",
      token: system,
      body: {
        caseName: "FamilyAllowances",
        employeeId,
        values: [{ caseFieldName: "ChildAllowances", value: "2", start: "2026-02-01" }],
      },
    });
    expect(simulated.status, simulated.text).toBe(200);
    const mine = simulated.body.periods
      .find((p: { status: string }) => p.status === "open")
      .employees.find((e: { employeeId: string }) => e.employeeId === employeeId);
    const amount = (text: string | null) => (text ?? "").split("→").map((s) => s.replace(/[^0-9.]/g, ""));
    if (mine.payable) {
      expect(amount(await effect.getByTestId("payable-before-after").textContent())).toEqual([
        mine.payable.before,
        mine.payable.after,
      ]);
      expect(Number(mine.payable.after)).toBeGreaterThan(Number(mine.payable.before));
    } else if (mine.gross.before !== mine.gross.after || mine.net.before !== mine.net.after) {
      expect(amount(await effect.getByTestId("net-before-after").textContent())).toEqual([
        mine.net.before,
        mine.net.after,
      ]);
    } else {
      expect(await effect.textContent()).toContain("does not alter");
    }
    expect(await page.getByRole("button", { name: "Send" }).isVisible()).toBe(true);
    await snap("effect");
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    expect((await changes("all")).length).toBe(before.length);
  });

  it("reports a new bank account: pending, not in force", async () => {
    await page.goto(`/self-service/${orgId}/report`);
    await page.getByRole("link", { name: /Bank account/ }).click();
    await page.getByLabel("IBAN").fill(newIban);
    await page.getByLabel("Note for HR (optional)").fill("New bank");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("Sent to HR: pending").waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);

    await page.getByRole("link", { name: "See my data" }).click();
    await page.waitForURL(/\/data$/);
    const report = page.locator('[data-testid="portal-report"][data-case="EmployeeBankAccount"]');
    await report.waitFor();
    expect(await report.getByTestId("change-status").textContent()).toBe("Pending");
    await snap("pending");
    // In groups of four, as on bank documents (and on HR's task).
    expect(await page.getByTestId("field-Iban").getByTestId("in-force").textContent()).toContain(
      "CH93 0076 2011 6238 5295 7",
    );
    expect(await page.getByTestId("field-Iban").getByTestId("pending-value").textContent()).toContain(
      "CH56 0483 5012 3456 7800 9",
    );
  });

  it("HR approves it; the employee sees it approved and in force", async () => {
    const tasks = await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/tasks?status=open&employeeId=${employeeId}`, {
      token: system,
    });
    expect(tasks.status, tasks.text).toBe(200);
    const task = (tasks.body.items as { id: string; kind: string }[]).find((t) => t.kind === "selfServiceChange");
    expect(task).toBeDefined();
    const done = await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/tasks/${task!.id}`, {
      method: "PUT",
      token: system,
      body: { status: "done", resolution: "approved", reason: "Checked." },
    });
    expect(done.status, done.text).toBe(200);

    await page.reload();
    const report = page.locator('[data-testid="portal-report"][data-case="EmployeeBankAccount"]');
    await report.waitFor();
    expect(await report.getByTestId("change-status").textContent()).toBe("Approved");
    await snap("approved");
    expect(await page.getByTestId("field-Iban").getByTestId("in-force").textContent()).toContain("CH56");
    expect(await page.getByTestId("field-Iban").getByTestId("pending-value").count()).toBe(0);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
  });

  it("completes the missing address from the list: it applies at once and is missing no more", async () => {
    await page.goto(`/self-service/${orgId}/data`);
    await page
      .getByTestId("portal-missing")
      .getByRole("link", { name: /Your postal code is missing/ })
      .click();
    await page.waitForURL(/\/report\/EmployeeAddress$/);
    await page.getByLabel("Postal code").fill("8001");
    await page.getByLabel("City").fill("Zürich");
    await page.getByLabel("Country").fill("CH");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("Saved", { exact: true }).waitFor();
    await page.getByRole("link", { name: "See my data" }).click();
    await page.waitForURL(/\/data$/);
    await page.getByTestId("field-City").waitFor();
    expect(await page.getByTestId("field-City").getByTestId("in-force").textContent()).toBe("Zürich");
    expect(await page.getByTestId("portal-missing").count()).toBe(0);
  });

  it("reports a partner; HR rejects it with a reason, which the employee reads; nothing is in force", async () => {
    await page.goto(`/self-service/${orgId}/report/EmployeePartner`);
    await page.getByLabel("First name").fill("Jon");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("Sent to HR: pending").waitFor();
    const tasks = await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/tasks?status=open&employeeId=${employeeId}`, {
      token: system,
    });
    const task = (tasks.body.items as { id: string; kind: string }[]).find((t) => t.kind === "selfServiceChange");
    const done = await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/tasks/${task!.id}`, {
      method: "PUT",
      token: system,
      body: { status: "done", resolution: "rejected", reason: "Please bring the marriage certificate." },
    });
    expect(done.status, done.text).toBe(200);

    await page.goto(`/self-service/${orgId}/data`);
    const report = page.locator('[data-testid="portal-report"][data-case="EmployeePartner"]');
    await report.waitFor();
    expect(await report.getByTestId("change-status").textContent()).toBe("Rejected");
    expect(await report.getByTestId("decision-reason").textContent()).toBe(
      "Reason: Please bring the marriage certificate.",
    );
    expect(await page.getByTestId("field-PartnerFirstName").count()).toBe(0);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
  });

  it("answers 404 to the employee on every console page, their own record included", async () => {
    for (const path of ["", "/employees", `/employees/${employeeId}`, "/tasks"]) {
      expect((await page.goto(`/tenants/${orgId}${path}`))?.status(), path).toBe(404);
    }
  });

  it("with Self Service at a second company, the person chooses the company; the portal speaks their language", async () => {
    const token = async (address: string) =>
      (
        (await (
          await fetch(`${baseUrl}/api/dev/token`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ email: address }),
          })
        ).json()) as { access_token: string }
      ).access_token;
    const adminToken = await token("admin@demo.example");
    const demo = (
      (await apiCall("/tenants?limit=100", { token: adminToken })).body.items as { id: string; name: string }[]
    ).find((x) => x.name === "Muster AG (Demo)")!;
    const staff = (await apiCall(`/tenants/${demo.id}/employees`, { token: adminToken })).body.items as {
      id: string;
    }[];
    const invitation = await apiCall(`/tenants/${demo.id}/user_memberships/invite`, {
      method: "POST",
      token: adminToken,
      body: { email, role: "SelfService", employeeId: staff[0]!.id },
    });
    expect(invitation.status, invitation.text).toBe(201);
    const accepted = await apiCall(`/user_membership_invitations/${invitation.body.id}`, {
      method: "POST",
      token: await token(email),
    });
    expect(accepted.status, accepted.text).toBe(200);

    await page.goto("/");
    await page.waitForURL(/\/self-service$/);
    const companies = page.getByRole("list", { name: "Companies" });
    expect((await companies.getByRole("link").allTextContents()).sort()).toEqual(
      ["Muster AG (Demo)→", `Portal ${run}→`].sort(),
    );
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    await companies.getByRole("link", { name: /Muster AG/ }).click();
    await page.waitForURL(new RegExp(`/self-service/${demo.id}$`));
    // Only their own record there too: the other employees' pages are 404.
    expect((await page.goto(`/tenants/${demo.id}/employees/${staff[0]!.id}`))?.status()).toBe(404);

    await page.goto("/self-service/language");
    await page.getByLabel("Language", { exact: true }).selectOption("de-CH");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("de-CH");
    await page.goto(`/self-service/${orgId}`);
    await page.getByRole("heading", { name: "Meine Dokumente" }).waitFor();
    expect(await page.getByRole("link", { name: /Lohnabrechnung Januar 2026/ }).count()).toBe(1);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
  });
});
