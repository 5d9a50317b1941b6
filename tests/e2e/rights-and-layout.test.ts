import { randomBytes } from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { escapeRegExp, launchChromium, signInAtIdp } from "./browser";

const baseUrl = inject("e2eBaseUrl");
const idpUrl = inject("e2eIdpUrl");

type Box = { x: number; y: number; width: number; height: number };
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not rendered");
  return box;
}

/** Whether the page scrolls sideways: it must not, at any width the console supports. */
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function signIn(page: Page, demo: string) {
  await page.goto("/signin");
  await page.getByRole("button", { name: "Sign in" }).click();
  await signInAtIdp(page, idpUrl, { demo });
  await page.waitForURL(/\/tenants\/[0-9a-f-]{36}\/employees/);
  return /\/tenants\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
}

/**
 * What each role sees (issue 9, items 22-24): the demo Manager finds company data read-only and no
 * way into the tenant's settings or people; the setup checklist says what the payroll really has; the
 * chart of accounts and the pending invitations fit a 1440 px wide window.
 */
describe("rights in the console, the setup checklist and the layout at 1440 px", () => {
  let browser: Browser;
  let manager: Page;
  let admin: Page;
  let orgId = "";

  beforeAll(async () => {
    browser = await launchChromium();
    const managerContext = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
    managerContext.setDefaultTimeout(20_000);
    manager = await managerContext.newPage();
    const adminContext = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
    adminContext.setDefaultTimeout(20_000);
    admin = await adminContext.newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("the demo Manager finds company data read-only and no link to people, settings, regulations or lookups", async () => {
    orgId = await signIn(manager, "Marco Manager");
    const nav = manager.getByRole("navigation", { name: "Sections" });
    await nav.getByRole("link", { name: "Employees" }).waitFor();
    for (const section of [
      "People",
      "Company settings",
      "Regulations",
      "Chart of accounts",
      "Cost centers",
      "Setup checklist",
    ]) {
      expect(await nav.getByRole("link", { name: section }).count(), section).toBe(0);
    }
    for (const section of ["Payroll control", "Close period", "Company data"])
      expect(await nav.getByRole("link", { name: section }).count(), section).toBe(1);

    await nav.getByRole("link", { name: "Company data" }).click();
    await manager.waitForURL(/\/company$/);
    // Every generated company form (the demo payroll's language names them): all inputs disabled.
    const fields = manager.locator('section[id^="case-Company"] form').locator("input, select, textarea");
    await fields.first().waitFor();
    expect(await fields.count()).toBeGreaterThan(3);
    for (const field of await fields.all()) expect(await field.isDisabled()).toBe(true);
    // Read-only: no submit anywhere on the page, no "valid from" to fill in, and it says so.
    expect(await manager.getByRole("button", { name: /^Save / }).count()).toBe(0);
    expect(await manager.getByLabel("Valid from").count()).toBe(0);
    expect(await manager.getByText("an administrator changes it").isVisible()).toBe(true);
    // What the console hides, the API refuses: 403 (not 422), and the pages answer 404.
    const payrollId = (
      (await (await manager.request.get(`/api/tenants/${orgId}/payrolls`)).json()) as { items: { id: string }[] }
    ).items[0]!.id;
    const posted = await manager.request.post(`/api/tenants/${orgId}/payrolls/${payrollId}/cases`, {
      headers: { origin: baseUrl },
      data: {
        caseName: "CompanyAddress",
        employeeId: null,
        values: [{ caseFieldName: "CompanyCity", value: "Genf", start: "2026-01-01" }],
      },
    });
    expect(posted.status()).toBe(403);
    for (const page of ["people", "settings", "regulations", "accounts", "cost-centers", "onboarding"]) {
      expect((await manager.goto(`/tenants/${orgId}/${page}`))?.status(), page).toBe(404);
    }
  });

  it("the setup checklist says what the payroll has: regulations and chart assigned and calculating are done", async () => {
    await signIn(admin, "Anna Admin");
    await admin.goto(`/tenants/${orgId}/onboarding`);
    await admin.getByRole("navigation", { name: "Onboarding steps" }).waitFor();
    // The state, read through the API the way a client would.
    const get = async (path: string) => (await (await admin.request.get(`/api${path}`)).json()) as any;
    const payrollId = (await get(`/tenants/${orgId}/payrolls`)).items[0].id as string;
    const regulations = await get(`/tenants/${orgId}/payrolls/${payrollId}/regulations`);
    const accounts = await get(`/tenants/${orgId}/payrolls/${payrollId}/lookups/values?lookupName=Accounts&limit=500`);
    const costCenters = await get(
      `/tenants/${orgId}/payrolls/${payrollId}/lookups/values?lookupName=CostCenters&limit=1`,
    );
    const missing = await get(`/tenants/${orgId}/payrolls/${payrollId}/missingdata?limit=500`);
    const employees = await get(`/tenants/${orgId}/employees?limit=1&includeFormer=true`);
    const wageTypes = await get(`/tenants/${orgId}/payrolls/${payrollId}/wagetypes?limit=500`);
    const mapped = wageTypes.items.filter((w: any) => w.debitAccount && w.creditAccount).length;
    expect(regulations.accountingData).toBeTruthy();
    expect(accounts.items.length).toBeGreaterThan(0);

    const expected: Record<string, boolean> = {
      details: true,
      regulations: Boolean(regulations.accountingDocument && regulations.accountingData),
      chart: Boolean(regulations.accountingData && accounts.items.length && mapped),
      company: !missing.items.some((i: any) => i.employeeId === null),
      "cost-centers": costCenters.items.length > 0,
      employees: employees.items.length > 0 && !missing.items.some((i: any) => i.employeeId !== null),
    };
    expect(expected.regulations && expected.chart).toBe(true);
    for (const [step, done] of Object.entries(expected))
      expect(await admin.locator(`[data-step="${step}"]`).getAttribute("data-done"), step).toBe(String(done));
    for (const [step, done] of Object.entries(expected)) {
      const status = await admin.locator(`[data-step="${step}"]`).getByTestId("step-status").textContent();
      expect(status, step).toBe(done ? "✓ done" : step === "cost-centers" ? "optional" : "to do");
    }
    expect(await admin.locator('[data-step="chart"]').getByTestId("step-detail").textContent()).toBe(
      `${accounts.items.length} accounts, ${mapped} of ${wageTypes.items.length} wage types mapped`,
    );
    const doneCount = Object.values(expected).filter(Boolean).length;
    expect(await admin.getByText(new RegExp(`step \\d of 6 · ${doneCount} of 6 done`)).isVisible()).toBe(true);
  });

  it("the chart of accounts fits 1440 px: every Save button inside its card, no horizontal scroll", async () => {
    await admin.goto(`/tenants/${orgId}/accounts`);
    const mapping = admin.getByRole("table", { name: "Wage type mapping" });
    await mapping.waitFor();
    expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);
    for (const table of ["Accounts", "Wage type mapping"]) {
      const card = admin.locator("section", { has: admin.getByRole("table", { name: table, exact: true }) }).last();
      const cardBox = await boxOf(card);
      const saves = card.getByRole("button", { name: "Save", exact: true });
      const n = await saves.count();
      expect(n, table).toBeGreaterThan(0);
      for (const i of [0, Math.floor(n / 2), n - 1]) {
        const save = saves.nth(i);
        await save.scrollIntoViewIfNeeded();
        expect(
          inside(await boxOf(save), await boxOf(card)),
          `${table}: Save ${i} inside its card ${JSON.stringify(cardBox)}`,
        ).toBe(true);
        const box = await boxOf(save);
        expect(box.x + box.width, `${table}: Save ${i} inside the window`).toBeLessThanOrEqual(1440);
      }
    }
  });

  it("the pending invitations fit 1440 px: Withdraw visible inside its card and the window, no horizontal scroll", async () => {
    const email = `layout-${randomBytes(4).toString("hex")}-with-a-rather-long-address@example.test`;
    await admin.goto(`/tenants/${orgId}/people`);
    const form = admin.getByRole("form", { name: "Invite a person" });
    await form.getByLabel("Email address").fill(email);
    await form.getByLabel("Role").selectOption("Administrator");
    await form.getByRole("button", { name: "Create invitation" }).click();
    const row = admin
      .getByRole("table", { name: "Pending invitations" })
      .getByRole("row", { name: new RegExp(escapeRegExp(email)) });
    await row.waitFor();
    expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);
    const withdraw = row.getByRole("button", { name: "Withdraw" });
    const card = admin.locator("section", { has: admin.getByRole("table", { name: "Pending invitations" }) }).last();
    const box = await boxOf(withdraw);
    expect(inside(box, await boxOf(card)), "Withdraw inside the card").toBe(true);
    expect(box.x >= 0 && box.x + box.width <= 1440, "Withdraw inside the window").toBe(true);
    // Not behind the table's own horizontal scroll either: the table's scroller does not scroll.
    const scroller = await withdraw.evaluate((button) => {
      const el = button.closest(".overflow-x-auto") as HTMLElement | null;
      return el ? el.scrollWidth - el.clientWidth : 0;
    });
    expect(scroller).toBeLessThanOrEqual(0);
    // Clean up: withdraw it through the button the test just found.
    await withdraw.click();
    await admin
      .getByRole("dialog", { name: "Withdraw the invitation?" })
      .getByRole("button", { name: "Withdraw invitation" })
      .click();
    await row.waitFor({ state: "detached" });
  });
});
