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
  const run = spawnSync("npm", ["run", "-s", "task", "--", "open", ...flags, "--json"], {
    cwd: root,
    env,
    encoding: "utf8",
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim().split("\n").pop()!) as { id: string };
}

/**
 * The Tasks screen: a tenant of its own (the demo administrator as its Administrator), two open
 * tasks, the menu's count; one marked done, an employee's change rejected with a reason, the count
 * gone and both in the done list. Then a bank account the employee reports through the API: HR sees
 * before and after and approves it, and it is in force.
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
    const payroll = await apiCall(`/tenants/${orgId}/payrolls/simple`, {
      method: "POST",
      token: system,
      body: { name: `Tasks ${run} AG`, accountingStartDate: "2026-01-01", documentLanguage: "en" },
    });
    expect(payroll.status, payroll.text).toBe(201);
    payrollId = payroll.body.id;
    const employee = await apiCall(`/tenants/${orgId}/employees`, {
      method: "POST",
      token: system,
      body: { identifier: "7001", firstName: "Lea", lastName: "Keller" },
    });
    expect(employee.status, employee.text).toBe(201);
    employeeId = employee.body.id;
    failingId = openTask({
      tenant: orgId,
      payroll: payrollId,
      title: `Webhook deliveries to https://hooks.example.test/${run} are failing`,
    }).id;
    changeId = openTask({
      tenant: orgId,
      payroll: payrollId,
      kind: "selfServiceChange",
      employee: employeeId,
      title: "New bank account reported",
    }).id;

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
    // Titles come from the screen's catalog by kind and details (a hand-made task has no address in its details).
    expect(await item(failingId).getByTestId("task-title").textContent()).toBe("Webhook deliveries are failing");
    expect(await item(changeId).getByTestId("task-title").textContent()).toBe("Change reported by an employee");
    expect(await item(failingId).getByRole("button", { name: "Mark done" }).count()).toBe(1);
    expect(await item(changeId).getByTestId("task-employee").textContent()).toBe("Keller, Lea (7001)");
    expect(await item(changeId).getByRole("button", { name: "Approve" }).count()).toBe(1);
    expect(await item(changeId).getByRole("button", { name: "Reject" }).count()).toBe(1);
    // Newest first.
    const order = await page
      .getByTestId("task")
      .evaluateAll((items) => items.map((i) => i.getAttribute("data-task-id")));
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
    expect(task.body).toMatchObject({
      status: "done",
      resolution: "rejected",
      details: { resolutionReason: "The account is not in your name." },
    });
  });

  it("shows an employee's reported bank account with before and after, and approves it: then it is in force", async () => {
    // The employee's account as HR recorded it, then Lea as Self Service reports a new one.
    const cases = `/tenants/${orgId}/payrolls/${payrollId}/cases`;
    const recorded = await apiCall(cases, {
      method: "POST",
      token: system,
      body: {
        caseName: "EmployeeBankAccount",
        employeeId,
        values: [{ caseFieldName: "Iban", value: "CH9300762011623852957", start: "2026-01-01" }],
      },
    });
    expect(recorded.status, recorded.text).toBe(201);
    const email = `lea-${run}@example.test`;
    const invitation = await apiCall(`/tenants/${orgId}/user_memberships/invite`, {
      method: "POST",
      token: system,
      body: { email, role: "SelfService", employeeId },
    });
    expect(invitation.status, invitation.text).toBe(201);
    const dev = await fetch(`${baseUrl}/api/dev/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, name: "Lea Keller" }),
    });
    const lea = ((await dev.json()) as { access_token: string }).access_token;
    expect(
      (await apiCall(`/user_membership_invitations/${invitation.body.id}`, { method: "POST", token: lea })).status,
    ).toBe(200);
    const reported = await apiCall(cases, {
      method: "POST",
      token: lea,
      body: {
        caseName: "EmployeeBankAccount",
        employeeId,
        reason: "I moved to another bank.",
        values: [
          { caseFieldName: "Iban", value: "CH5604835012345678009", start: "2026-02-01" },
          { caseFieldName: "AccountHolder", value: "Lea Keller", start: "2026-02-01" },
        ],
      },
    });
    expect(reported.status, reported.text).toBe(202);
    const taskId = reported.body.taskId as string;

    await page.getByRole("navigation", { name: "Task filter" }).getByRole("link", { name: "Open" }).click();
    await page.waitForURL(new RegExp(`/tenants/${orgId}/tasks$`));
    const task = item(taskId);
    await task.waitFor();
    expect(await task.getByTestId("task-title").textContent()).toBe("Bank account: change reported");
    expect(await task.getByTestId("task-employee").textContent()).toBe("Keller, Lea (7001)");
    const row = (field: string) => task.locator(`[data-testid="task-change-field"][data-field="${field}"]`);
    expect(await row("Iban").getByRole("rowheader").textContent()).toBe("IBAN");
    expect(await row("Iban").getByTestId("task-change-before").textContent()).toBe("CH93 0076 2011 6238 5295 7");
    expect(await row("Iban").getByTestId("task-change-after").textContent()).toBe("CH56 0483 5012 3456 7800 9");
    expect(await row("AccountHolder").getByRole("rowheader").textContent()).toBe("Account holder");
    expect(await row("AccountHolder").getByTestId("task-change-before").textContent()).toBe("none");
    expect(await row("AccountHolder").getByTestId("task-change-after").textContent()).toBe("Lea Keller");
    expect(await task.getByTestId("task-change-start").textContent()).toBe("01.02.2026");
    expect(await task.getByTestId("task-change-reason").textContent()).toBe("I moved to another bank.");

    // Rejecting needs a reason: the dialog's Reject waits for one.
    await task.getByRole("button", { name: "Reject" }).click();
    const reject = page.getByRole("dialog", { name: "Reject this change?" });
    expect(await reject.getByRole("button", { name: "Reject" }).isDisabled()).toBe(true);
    await reject.getByRole("button", { name: "Cancel" }).click();

    await task.getByRole("button", { name: "Approve" }).click();
    const dialog = page.getByRole("dialog", { name: "Approve this change?" });
    await dialog.getByRole("button", { name: "Approve" }).click();
    await task.waitFor({ state: "detached" });

    const inForce = await apiCall(
      `${cases}/values/time?employeeId=${employeeId}&caseFieldNames=Iban&valueDate=2026-02-15`,
      { token: system },
    );
    expect(inForce.body.items).toMatchObject([
      {
        caseFieldName: "Iban",
        value: "CH5604835012345678009",
        start: "2026-02-01",
        caseChangeId: reported.body.caseChange.id,
      },
    ]);
    const before = await apiCall(
      `${cases}/values/time?employeeId=${employeeId}&caseFieldNames=Iban&valueDate=2026-01-15`,
      { token: system },
    );
    expect(before.body.items[0].value).toBe("CH9300762011623852957");
    const seen = await apiCall(`${cases}/changes?employeeId=${employeeId}&status=approved`, { token: lea });
    expect(seen.body.items).toMatchObject([
      { id: reported.body.caseChange.id, status: "approved", decision: { resolution: "approved", reason: null } },
    ]);
  });
});
