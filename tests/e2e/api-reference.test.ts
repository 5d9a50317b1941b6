import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, signInAtIdp } from "./browser";

const baseUrl = inject("e2eBaseUrl");
const idpUrl = inject("e2eIdpUrl");

/** Issue 14, items 2 and 6: the API reference is served by the service, renders the operations offline, and problem types lead into it. */
describe("the API reference at /docs/api", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("renders the operations and webhooks with no request leaving the service", async () => {
    const context = await browser.newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.goto("/docs/api");
    // Redoc renders each operation as a section with id "operation/<operationId>".
    const postCase = page.locator('[id="operation/postTenantsOrgIdPayrollsPayrollIdCases"]');
    await postCase.waitFor({ state: "attached", timeout: 30_000 });
    expect(await postCase.locator("h2").first().textContent()).toContain("Report a case change");
    // Issue 38, item 4: the short summary is the title; the contract prose is the description under it.
    expect(await postCase.textContent()).toContain("?dryRun=true calculates it without saving");
    expect(
      await page
        .locator('[id="operation/postTenantsOrgIdPayrollsPayrollIdPayrunperiodsPayrunPeriodIdPayouts"]')
        .count(),
    ).toBe(1);
    expect(
      await page.locator("h2").filter({ hasText: "A payout and its payment file were created." }).count(),
    ).toBeGreaterThan(0);
    const origin = new URL(baseUrl).origin;
    const elsewhere = requested.filter(
      (url) => !url.startsWith(origin) && !url.startsWith("data:") && !url.startsWith("blob:"),
    );
    expect(elsewhere).toEqual([]);
    expect(requested).toContain(`${origin}/api/openapi.json`);
    await context.close();
  });

  it("a problem's type opens its code's section, which links to the operations that answer it", async () => {
    const answer = await fetch(`${baseUrl}/api/tenants/00000000-0000-4000-8000-000000000000/employees`, {
      headers: { authorization: "Bearer not-a-token" },
    });
    const problem = (await answer.json()) as { type: string; code: string };
    expect(problem.type).toBe(`/docs/api/problems#${problem.code}`);
    const context = await browser.newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    await page.goto(problem.type);
    const section = page.locator(`section[id="${problem.code}"]`);
    expect(await section.count()).toBe(1);
    expect(await section.textContent()).toContain("401");
    await section.locator("summary").click();
    await section
      .getByRole("link", { name: /GET \/tenants\/\{orgId\}\/employees$/ })
      .first()
      .click();
    await page.waitForURL(/\/docs\/api#operation\/getTenantsOrgIdEmployees$/);
    await context.close();
  });

  it("is linked from the console for Administrators", async () => {
    const context = await browser.newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    await page.goto("/signin");
    await page.getByRole("button", { name: "Sign in" }).click();
    await signInAtIdp(page, idpUrl, { demo: "Anna Admin" });
    await page.waitForURL(/\/tenants\/[0-9a-f-]{36}\/employees/);
    await page.getByRole("link", { name: "API reference" }).click();
    await page.waitForURL(`${baseUrl}/docs/api`);
    await page
      .locator('[id="operation/postTenantsOrgIdPayrollsPayrollIdCases"]')
      .waitFor({ state: "attached", timeout: 30_000 });
    await context.close();
  });
});
