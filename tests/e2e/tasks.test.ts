import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, signInAtIdp } from "./browser";
import { apiCall, tenantWithDemoAdministrator } from "./tenant";

const baseUrl = inject("e2eBaseUrl");
const idpUrl = inject("e2eIdpUrl");
const root = path.resolve(import.meta.dirname, "../..");

/** Opens a task beside the running service (npm run task, sandbox only), the way other domains open them. */
function openTask(args: { tenant: string; payroll: string; title: string; kind?: string; employee?: string }) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ["DATABASE_URL", "PGLITE_DATA_DIR", "PGLITE_TEMPLATE"]) delete env[key];
  Object.assign(env, inject("e2eDatabaseEnv"), { PUBLIC_URL: baseUrl, SERVICE_ENVIRONMENT: "sandbox" });
  const flags = Object.entries(args).flatMap(([name, value]) => (value ? [`--${name}`, value] : []));
  const run = spawnSync("npm", ["run", "-s", "task", "--", "open", ...flags, "--json"], { cwd: root, env, encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim().split("\n").pop()!) as { id: string };
}

/**
 * The Tasks screen: a tenant of its own (the demo administrator as its Administrator), two open
 * tasks, the menu's count; one marked done, an employee's change rejected with a reason, the count
 * gone and both in the done list.
 */
describe("the Tasks screen", () => {
  let browser: Browser;
  let page: Page;
  const run = randomBytes(3).toString("hex");
  let system = "";
  let orgId = "";
  let payrollId = "";
  let employeeId = "";
  let failingId = "";
  let changeId = "";

  const nav = () => page.getByRole("navigation", { name: "Sections" });
  const tasksLink = () => nav().getByRole("link", { name: /^Tasks/ });
  const item = (id: string) => page.locator(`[data-testid="task"][data-task-id="${id}"]`);

  beforeAll(async () => {
    ({ system, orgId } = await tenantWithDemoAdministrator(`Tasks ${run}`));
    const payroll = await apiCall(`/tenants/${orgId}/payrolls/simple`, { method: "POST", token: system, body: { name: `Tasks ${run} AG`, accountingStartDate: "2026-01-01", documentLanguage: "en" } });
    expect(payroll.status, payroll.text).toBe(201);
    payrollId = payroll.body.id;
    const employee = await apiCall(`/tenants/${orgId}/employees`, { method: "POST", token: system, body: { identifier: "7001", firstName: "Lea", lastName: "Keller" } });
    expect(employee.status, employee.text).toBe(201);
    employeeId = employee.body.id;
    failingId = openTask({ tenant: orgId, payroll: payrollId, title: `Webhook deliveries to https://hooks.example.test/${run} are failing` }).id;
    changeId = openTask({ tenant: orgId, payroll: payrollId, kind: "selfServiceChange", employee: employeeId, title: "New bank account reported" }).id;

    browser = await launchChromium();
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 1000 } });
    context.setDefaultTimeout(20_000);
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("shows the open tasks with their count in the menu", async () => {
    await page.goto("/signin");
    await page.getByRole("button", { name: "Sign in" }).click();
    await signInAtIdp(page, idpUrl, { demo: "Anna Admin" });
    await page.waitForURL(/\/tenants\/[0-9a-f-]{36}/);
    await page.goto(`/tenants/${orgId}/employees`);
    await expect.poll(() => tasksLink().getByTestId("nav-count").textContent()).toBe("2");
    await tasksLink().click();
    await page.waitForURL(new RegExp(`/tenants/${orgId}/tasks$`));
    await page.getByRole("heading", { name: "Tasks", level: 1 }).waitFor();

    await item(failingId).waitFor();
    expect(await item(failingId).getByTestId("task-title").textContent()).toContain(`hooks.example.test/${run}`);
    expect(await item(failingId).getByRole("button", { name: "Mark done" }).count()).toBe(1);
    expect(await item(changeId).getByTestId("task-employee").textContent()).toBe("Keller, Lea (7001)");
    expect(await item(changeId).getByRole("button", { name: "Approve" }).count()).toBe(1);
    expect(await item(changeId).getByRole("button", { name: "Reject" }).count()).toBe(1);
    // Newest first.
    const order = await page.getByTestId("task").evaluateAll((items) => items.map((i) => i.getAttribute("data-task-id")));
    expect(order).toEqual([changeId, failingId]);
  });

  it("marks a task done: it leaves the open list and the count drops", async () => {
    await item(failingId).getByRole("button", { name: "Mark done" }).click();
    const dialog = page.getByRole("dialog", { name: "Mark this task done?" });
    await dialog.getByRole("button", { name: "Mark done" }).click();
    await item(failingId).waitFor({ state: "detached" });
    await expect.poll(() => tasksLink().getByTestId("nav-count").textContent()).toBe("1");

    const task = await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/tasks/${failingId}`, { token: system });
    expect(task.body).toMatchObject({ status: "done", resolution: null, completedBy: { kind: "person" } });
  });

  it("rejects an employee's change with a reason: no open task is left, both are in the done list", async () => {
    await item(changeId).getByRole("button", { name: "Reject" }).click();
    const dialog = page.getByRole("dialog", { name: "Reject this change?" });
    await dialog.getByLabel("Reason (shown to the employee)").fill("The account is not in your name.");
    await dialog.getByRole("button", { name: "Reject" }).click();
    await item(changeId).waitFor({ state: "detached" });
    await page.getByText("No tasks here.").waitFor();
    await expect.poll(() => tasksLink().getByTestId("nav-count").count()).toBe(0);

    await page.getByRole("navigation", { name: "Task filter" }).getByRole("link", { name: "Done" }).click();
    await page.waitForURL(/status=done/);
    await item(changeId).waitFor();
    expect(await item(changeId).getByTestId("task-state").textContent()).toBe("Rejected");
    expect(await item(changeId).textContent()).toContain("The account is not in your name.");
    expect(await item(failingId).getByTestId("task-state").textContent()).toBe("Done");
    expect(await page.getByRole("button", { name: /Mark done|Approve|Reject/ }).count()).toBe(0);

    const task = await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/tasks/${changeId}`, { token: system });
    expect(task.body).toMatchObject({ status: "done", resolution: "rejected", details: { resolutionReason: "The account is not in your name." } });
  });
});
