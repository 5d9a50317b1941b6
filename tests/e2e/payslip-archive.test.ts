import { randomBytes } from "node:crypto";
import { unzipSync } from "fflate";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, signInAtIdp } from "./browser";
import { apiCall, tenantWithDemoAdministrator } from "./tenant";

const baseUrl = inject("e2eBaseUrl");
const idpUrl = inject("e2eIdpUrl");

/**
 * "Download all payslips (ZIP)" on a period's documents, against `next start`: the button starts
 * the archive, the screen shows its progress, then the link, and the ZIP holds every payslip as a
 * PDF drawn by the PDF worker pool of the built app (.workers/render.mjs).
 */
describe("every payslip of a period in one download", () => {
  let browser: Browser;
  let page: Page;
  let orgId = "";
  let payrollId = "";
  let periodId = "";
  const run = randomBytes(3).toString("hex");

  beforeAll(async () => {
    const tenant = await tenantWithDemoAdministrator(`Archive ${run} AG`);
    orgId = tenant.orgId;
    const system = tenant.system;
    const payroll = await apiCall(`/tenants/${orgId}/payrolls/simple`, {
      method: "POST",
      token: system,
      body: { name: `Archive ${run}`, accountingStartDate: "2026-01-01", documentLanguage: "en" },
    });
    expect(payroll.status, payroll.text).toBe(201);
    payrollId = payroll.body.id;
    const record = async (caseName: string, employeeId: string | null, values: Record<string, string>) => {
      const response = await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/cases`, {
        method: "POST",
        token: system,
        body: {
          caseName,
          employeeId,
          values: Object.entries(values).map(([caseFieldName, value]) => ({
            caseFieldName,
            value,
            start: "2026-01-01",
          })),
        },
      });
      expect(response.status, response.text).toBe(201);
    };
    await record("CompanyUvg", null, { UvgInsurer: "Suva", NbuRate: "1", BuRate: "0.175" });
    await record("CompanyFak", null, { FakCanton: "ZH", FakRate: "1.025" });
    for (const [identifier, firstName, salary] of [
      ["A1", "Lea", "6500.00"],
      ["A2", "Marco", "5200.00"],
    ] as const) {
      const employee = await apiCall(`/tenants/${orgId}/employees`, {
        method: "POST",
        token: system,
        body: { identifier, firstName, lastName: "Archiv" },
      });
      expect(employee.status, employee.text).toBe(201);
      await record("Employment", employee.body.id, {
        EntryDate: "2026-01-01",
        ActivityRate: "100",
        WorkplaceCanton: "ZH",
      });
      await record("Salary", employee.body.id, { SalaryType: "monthly", MonthlySalary: salary });
    }
    periodId = (await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/open`, { token: system })).body.id;
    browser = await launchChromium();
    const context = await browser.newContext({ baseURL: baseUrl, acceptDownloads: true });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("starts the archive from the period's documents, shows its progress, then the link to the ZIP", async () => {
    await page.goto("/signin");
    await page.getByRole("button", { name: "Sign in" }).click();
    await signInAtIdp(page, idpUrl, { demo: "Anna Admin" });
    await page.waitForURL(/\/tenants\/[0-9a-f-]{36}/);
    await page.goto(`/tenants/${orgId}/periods/${periodId}`);

    await page.getByRole("button", { name: "Download all payslips (ZIP)" }).click();
    const link = page.getByRole("link", { name: "Download the ZIP with 2 payslips" });
    await link.waitFor({ timeout: 45_000 });
    const href = await link.getAttribute("href");
    expect(href).toMatch(
      new RegExp(`/api/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/${periodId}/documents/[0-9a-f-]{36}$`),
    );

    // The download with the browser's session: a ZIP of both payslips as PDFs.
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await response.body()));
    expect(Object.keys(files).sort()).toEqual([`payslip-2026-01-A1.pdf`, `payslip-2026-01-A2.pdf`]);
    for (const pdf of Object.values(files)) expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");

    // Kept as a document of the period: listed after a reload.
    await page.reload();
    await page.locator('[data-testid="document-group"][data-category="PayslipArchive"]').waitFor();
  });
});
