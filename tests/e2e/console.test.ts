import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { escapeRegExp as escape, launchChromium, signInAtIdp } from "./browser";

const baseUrl = inject("e2eBaseUrl");
const idpUrl = inject("e2eIdpUrl");

describe("payroll console", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const identifier = `E2E-${Date.now()}`;

  beforeAll(async () => {
    browser = await launchChromium();
    context = await browser.newContext({ baseURL: baseUrl });
    context.setDefaultTimeout(20_000);
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("signs the demo administrator in through the development identity provider", async () => {
    await page.goto("/");
    await page.waitForURL(/\/signin/);
    expect(await page.getByText("Development identity provider").first().isVisible()).toBe(true);

    await page.getByRole("button", { name: "Sign in" }).click();
    // A real authorization-code login: the browser is now at the identity provider.
    await signInAtIdp(page, idpUrl, { demo: "Anna Admin" });

    await page.waitForURL(/\/tenants\/[0-9a-f-]{36}\/employees/);
    expect(await page.getByText("Anna Admin").first().isVisible()).toBe(true);
  });

  it("creates an employee, finds it in the list, and toggles the former-employees filter", async () => {
    await page.getByRole("link", { name: "Employees" }).click();
    await page.getByRole("link", { name: "New employee" }).click();
    await page.waitForURL(/\/employees\/new$/);

    await page.getByLabel("Identifier").fill(identifier);
    await page.getByLabel("First name").fill("Paula");
    await page.getByLabel("Last name").fill("Playwright");
    await page.getByRole("button", { name: "Create employee" }).click();

    await page.waitForURL(/\/employees(\?[^/]*)?$/);
    const row = page.getByRole("row", { name: new RegExp(escape(identifier)) });
    await row.waitFor();
    expect(await row.textContent()).toContain("Playwright, Paula");

    const hideFormer = page.getByLabel("Hide former employees");
    expect(await hideFormer.isChecked()).toBe(true);

    await hideFormer.uncheck();
    await page.waitForURL((url) => url.searchParams.get("includeFormer") === "true");
    await row.waitFor();
    expect(await hideFormer.isChecked()).toBe(false);

    await hideFormer.check();
    await page.waitForURL((url) => !url.searchParams.has("includeFormer"));
    await row.waitFor();
    expect(await hideFormer.isChecked()).toBe(true);

    // The same session authenticates the documented API, and the filter is its includeFormer parameter.
    const orgId = /\/tenants\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
    const listed = await page.request.get(
      `/api/tenants/${orgId}/employees?includeFormer=true&search=${encodeURIComponent(identifier)}`,
    );
    expect(listed.status()).toBe(200);
    const body = (await listed.json()) as { items: { identifier: string }[] };
    expect(body.items.map((e) => e.identifier)).toEqual([identifier]);
  });

  it("shows the API's conflict next to the identifier field", async () => {
    await page.getByRole("link", { name: "New employee" }).click();
    await page.waitForURL(/\/employees\/new$/);
    await page.getByLabel("Identifier").fill(identifier); // taken by the employee created above
    await page.getByLabel("First name").fill("Dora");
    await page.getByLabel("Last name").fill("Duplicate");
    await page.getByRole("button", { name: "Create employee" }).click();

    const identifierField = page.getByLabel("Identifier");
    await page.waitForFunction(
      () => document.querySelector('input[name="identifier"]')?.getAttribute("aria-invalid") === "true",
    );
    const describedBy = await identifierField.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toContain(
      `already has the identifier "${identifier}"`,
    );
  });
});
