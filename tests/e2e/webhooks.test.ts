import { createHmac, randomBytes } from "node:crypto";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startReceiver, type Received } from "../fixtures/http-receiver";
import { launchChromium, signInAtIdp } from "./browser";
import { apiCall, tenantWithDemoAdministrator } from "./tenant";

const baseUrl = inject("e2eBaseUrl");
const idpUrl = inject("e2eIdpUrl");

/** Deliveries are made by the service's own job worker in the background: waited for, never timed. */
const DELIVERY = { timeout: 45_000, interval: 250 };

/** Whether the page scrolls sideways: it must not, down to a phone's 390 px. */
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const hmacHex = (secret: string, body: string) =>
  createHmac("sha256", Buffer.from(secret, "utf8")).update(body).digest("hex");

/**
 * The Webhooks screen (issue 11 item 7, contract section 9) against the running service and a real
 * receiver on 127.0.0.1 (the e2e server runs with WEBHOOK_ALLOW_PRIVATE_TARGETS=true and a retry
 * after about a second, then an hour: tests/e2e/setup.ts). The demo administrator opens Webhooks
 * from the menu, registers a webhook with the event picker and a caseNames filter, keeps the secret
 * shown once, sends a test event, sees events made through the API delivered, a failing receiver's
 * attempts and a redelivery once it is fixed, replays the past hour, edits with If-Match,
 * deactivates and deletes. A Manager and a Self Service person neither see nor reach the screen.
 */
describe("the Webhooks screen", () => {
  let browser: Browser;
  let page: Page;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const run = randomBytes(3).toString("hex");
  let system = "";
  let orgId = "";
  let payrollId = "";
  let employeeId = "";
  let webhookId = "";
  let secret = "";
  /** The correlationIds of what this suite made happen, by what it was. */
  const sent: Record<string, string> = {};

  async function snap(name: string) {
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS, `webhooks-${name}.png`), fullPage: true });
  }

  async function record(
    caseName: string,
    employee: string | null,
    values: Record<string, string>,
    start = "2026-01-01",
  ) {
    const response = await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/cases`, {
      method: "POST",
      token: system,
      body: {
        caseName,
        employeeId: employee,
        values: Object.entries(values).map(([caseFieldName, value]) => ({ caseFieldName, value, start })),
      },
    });
    expect(response.status, response.text).toBe(201);
    return response.body.id as string;
  }

  const hooks = () => receiver.at("/hooks");
  const receivedWhere = (match: (json: Record<string, unknown>) => boolean): Received[] =>
    hooks().filter((r) => match(r.json));
  const card = () => page.locator(`[data-testid="webhook"][data-webhook-id="${webhookId}"]`);
  const messages = () => card().getByTestId("webhook-message");
  const message = (correlationId: string, attempt: number) =>
    card().locator(
      `[data-testid="webhook-message"][data-correlation-id="${correlationId}"][data-attempt="${attempt}"]`,
    );
  /** The log as a person keeps it current: Reload, then look. */
  async function reloadLog() {
    await card().getByRole("button", { name: "Reload" }).click();
  }
  const statusOf = async (locator: Locator) => ((await locator.count()) ? locator.getAttribute("data-status") : null);

  beforeAll(async () => {
    receiver = await startReceiver();
    ({ system, orgId } = await tenantWithDemoAdministrator(`Webhooks ${run}`));
    const payroll = await apiCall(`/tenants/${orgId}/payrolls/simple`, {
      method: "POST",
      token: system,
      body: { name: `Webhooks ${run} AG`, accountingStartDate: "2026-01-01", documentLanguage: "en" },
    });
    expect(payroll.status, payroll.text).toBe(201);
    payrollId = payroll.body.id;
    // A company and one employee who can be paid (for PayoutCreated), all before the webhook exists.
    await record("CompanyUvg", null, { UvgInsurer: "Suva", NbuRate: "1", BuRate: "0.175" });
    await record("CompanyFak", null, { FakCanton: "LU", FakRate: "1.35" });
    await record("CompanyAddress", null, {
      CompanyStreet: "Bahnhofstrasse",
      CompanyHouseNumber: "1",
      CompanyPostalCode: "6003",
      CompanyCity: "Luzern",
      CompanyCountry: "CH",
    });
    await record("CompanyBankAccount", null, { CompanyIban: "CH5604835012345678009" });
    const employee = await apiCall(`/tenants/${orgId}/employees`, {
      method: "POST",
      token: system,
      body: { identifier: `W-${run}`, firstName: "Lea", lastName: "Hook" },
    });
    expect(employee.status, employee.text).toBe(201);
    employeeId = employee.body.id;
    await record("EmployeePersonalData", employeeId, {
      BirthDate: "1988-04-12",
      Sex: "female",
      AhvNumber: "756.3598.1127.37",
      Nationality: "CH",
      CivilStatus: "single",
    });
    await record("EmployeeAddress", employeeId, {
      Street: "Seestrasse",
      HouseNumber: "12",
      PostalCode: "6004",
      City: "Luzern",
      Country: "CH",
      ResidenceCanton: "LU",
    });
    await record("EmployeeBankAccount", employeeId, { Iban: "CH9300762011623852957" });
    await record("Employment", employeeId, { EntryDate: "2026-01-01", ActivityRate: "100", WorkplaceCanton: "LU" });
    await record("Salary", employeeId, { SalaryType: "monthly", MonthlySalary: "6500.00" });

    browser = await launchChromium();
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 1000 } });
    context.setDefaultTimeout(20_000);
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
  });

  it("opens Webhooks from the menu and creates a webhook with the event picker and a caseNames filter; the secret is shown once", async () => {
    await page.goto("/signin");
    await page.getByRole("button", { name: "Sign in" }).click();
    await signInAtIdp(page, idpUrl, { demo: "Anna Admin" });
    await page.waitForURL(/\/tenants\/[0-9a-f-]{36}/);
    await page.goto(`/tenants/${orgId}/employees`);
    await page
      .getByRole("navigation", { name: "Sections", exact: true })
      .getByRole("link", { name: "Webhooks", exact: true })
      .click();
    await page.waitForURL(new RegExp(`/tenants/${orgId}/webhooks$`));
    await page.getByRole("heading", { name: "Webhooks", level: 1 }).waitFor();
    await page.getByText("No webhooks yet.").waitFor();

    await page.getByRole("button", { name: "New webhook" }).click();
    const form = page.getByRole("form", { name: "New webhook" });
    // Nothing chosen: refused on the form, nothing sent.
    await form.getByLabel("Payload URL").fill(receiver.url("/hooks"));
    await form.getByRole("button", { name: "Create webhook" }).click();
    expect(await form.getByText("Choose at least one event.").isVisible()).toBe(true);
    // The caseNames field belongs to CaseChangeAdded: it shows once that event is chosen.
    expect(await form.getByLabel("Only these cases (caseNames)").count()).toBe(0);
    await form.getByRole("checkbox", { name: /^PayoutCreated/ }).check();
    await form.getByRole("checkbox", { name: /^CaseChangeAdded/ }).check();
    await form.getByLabel("Only these cases (caseNames)").fill("Salary");
    await form.getByLabel("Payload metadata (JSON object)").fill('{"client": "e2e"}');
    const proposed = await form.getByLabel("New signing secret").inputValue();
    expect(proposed.length).toBeGreaterThanOrEqual(32);
    await form.getByRole("button", { name: "Create webhook" }).click();

    const shown = page.getByRole("status").filter({ hasText: "Signing secret" });
    await shown.waitFor();
    secret = await shown.getByLabel("Signing secret", { exact: true }).inputValue();
    expect(secret).toBe(proposed);
    const item = page.getByTestId("webhook");
    await item.waitFor();
    webhookId = (await item.getAttribute("data-webhook-id"))!;
    expect(await card().getByTestId("webhook-summary").textContent()).toBe(
      "Active · CaseChangeAdded, PayoutCreated · only cases Salary",
    );
    expect(await card().textContent()).toContain(`Secret ending in ${secret.slice(-4)}`);
    await snap("created");

    // What the service holds: the choices made, never the secret.
    const read = await apiCall(`/tenants/${orgId}/webhooks/${webhookId}`, { token: system });
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({
      payloadUrl: receiver.url("/hooks"),
      events: ["CaseChangeAdded", "PayoutCreated"],
      caseNames: ["Salary"],
      payloadMetadata: { client: "e2e" },
      active: true,
      secretHint: secret.slice(-4),
    });
    expect(read.text).not.toContain(secret);

    // Once: gone when dismissed, and not there after a reload.
    await shown.getByRole("button", { name: "I have copied it" }).click();
    expect(await page.getByTestId("webhook-secret").count()).toBe(0);
    await page.reload();
    await card().waitFor();
    expect(await page.getByTestId("webhook-secret").count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
  });

  it("sends a test event: delivered, signed with the secret shown, status and response in the log", async () => {
    await card().getByRole("button", { name: "Send test event" }).click();
    await card().getByText("Test event sent").waitFor();
    const test = card().locator('[data-testid="webhook-message"][data-event-type="Test"]');
    await test.waitFor();
    await expect.poll(() => test.getAttribute("data-status"), DELIVERY).toBe("delivered");
    expect(await test.textContent()).toContain("HTTP 200");
    await test.getByText("Payload and response").click();
    expect(await test.textContent()).toContain("answer 1 from /hooks");

    const [arrived] = receivedWhere((json) => json.$type === "WebhookPayloadTest");
    expect(arrived).toBeDefined();
    expect(arrived!.json).toMatchObject({
      tenantId: orgId,
      webhookId,
      metadata: { client: "e2e" },
      correlationId: await test.getAttribute("data-correlation-id"),
    });
    expect(arrived!.headers["x-service-signature"]).toBe(`sha256=${hmacHex(secret, arrived!.body)}`);
    // As a receiver using a Standard Webhooks library checks it (it takes the secret's base64).
    const standard = new StandardWebhook(Buffer.from(secret, "utf8").toString("base64"));
    expect(standard.verify(arrived!.body, arrived!.headers as Record<string, string>)).toMatchObject({
      $type: "WebhookPayloadTest",
    });
  });

  it("delivers a case change and a payout made through the API, in the log; a case outside caseNames is not sent", async () => {
    await record(
      "EmployeeAddress",
      employeeId,
      {
        Street: "Seestrasse",
        HouseNumber: "14",
        PostalCode: "6004",
        City: "Luzern",
        Country: "CH",
        ResidenceCanton: "LU",
      },
      "2026-02-01",
    );
    const changeId = await record(
      "Salary",
      employeeId,
      { SalaryType: "monthly", MonthlySalary: "6600.00" },
      "2026-02-01",
    );
    const payout = await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/open/payouts`, {
      method: "POST",
      token: system,
      body: { employeeIds: [employeeId], amounts: { [employeeId]: "100.00" } },
    });
    expect(payout.status, payout.text).toBe(201);
    const payoutId = payout.body.payout.id as string;

    await expect
      .poll(
        () => receivedWhere((json) => json.caseChangeId === changeId || json.payoutId === payoutId).length,
        DELIVERY,
      )
      .toBe(2);
    const [change] = receivedWhere((json) => json.caseChangeId === changeId);
    const [paid] = receivedWhere((json) => json.payoutId === payoutId);
    expect(change!.json).toMatchObject({
      $type: "WebhookPayloadCaseChangeAdded",
      tenantId: orgId,
      payrollId,
      employeeId,
      caseName: "Salary",
      metadata: { client: "e2e" },
    });
    expect(paid!.json).toMatchObject({ $type: "WebhookPayloadPayoutCreated", tenantId: orgId, payrollId, payoutId });
    for (const arrived of [change!, paid!]) {
      expect(arrived.headers["x-service-signature"]).toBe(`sha256=${hmacHex(secret, arrived.body)}`);
      expect(arrived.headers["webhook-id"]).toBe(arrived.json.correlationId);
    }
    sent.salary = change!.json.correlationId as string;
    sent.payout = paid!.json.correlationId as string;

    for (const correlationId of [sent.salary, sent.payout]) {
      await expect
        .poll(async () => {
          await reloadLog();
          return statusOf(message(correlationId, 1));
        }, DELIVERY)
        .toBe("delivered");
      expect(await message(correlationId, 1).textContent()).toContain("HTTP 200");
    }
    expect(await message(sent.payout, 1).getAttribute("data-event-type")).toBe("PayoutCreated");
    expect(await message(sent.salary, 1).getAttribute("data-event-type")).toBe("CaseChangeAdded");
    // Newest first.
    const order = await messages().evaluateAll((items) => items.map((i) => i.getAttribute("data-event-type")));
    expect(order.at(-1)).toBe("Test");
  });

  it("shows a receiver's 500 as failed attempts (retried once at once), and redelivers after the receiver is fixed", async () => {
    receiver.answer("/hooks", [500]);
    const changeId = await record(
      "Salary",
      employeeId,
      { SalaryType: "monthly", MonthlySalary: "6700.00" },
      "2026-03-01",
    );
    // The first attempt and the automatic retry (about a second later) both reach the receiver and fail.
    await expect.poll(() => receivedWhere((json) => json.caseChangeId === changeId).length, DELIVERY).toBe(2);
    const failing = receivedWhere((json) => json.caseChangeId === changeId);
    sent.failing = failing[0]!.json.correlationId as string;
    expect(failing[1]!.json.correlationId).toBe(sent.failing);
    expect(failing[1]!.headers["webhook-id"]).toBe(sent.failing);

    await expect
      .poll(async () => {
        await reloadLog();
        return [
          await statusOf(message(sent.failing!, 1)),
          await statusOf(message(sent.failing!, 2)),
          await statusOf(message(sent.failing!, 3)),
        ];
      }, DELIVERY)
      .toEqual(["failed", "failed", "pending"]);
    for (const attempt of [1, 2]) expect(await message(sent.failing, attempt).textContent()).toContain("HTTP 500");
    expect(await message(sent.failing, 1).textContent()).toContain("Retry as attempt 2");
    expect(await message(sent.failing, 2).textContent()).toContain("Retry as attempt 3");
    // The schedule's next attempt (an hour on in this server) is shown with its time.
    expect(await message(sent.failing, 3).textContent()).toMatch(/Next attempt/);
    expect(await message(sent.failing, 3).getByRole("button", { name: "Redeliver" }).count()).toBe(0);

    // The status filter.
    await card().getByRole("navigation", { name: "Delivery status" }).getByRole("button", { name: "Failed" }).click();
    await expect
      .poll(() => messages().evaluateAll((items) => items.map((i) => i.getAttribute("data-status"))))
      .toEqual(["failed", "failed"]);
    await snap("failed");

    receiver.answer("/hooks", [200]);
    await message(sent.failing, 1).getByRole("button", { name: "Redeliver" }).click();
    await card().getByText("Sent again").waitFor();
    await card().getByRole("navigation", { name: "Delivery status" }).getByRole("button", { name: "All" }).click();
    await expect
      .poll(async () => {
        await reloadLog();
        return statusOf(message(sent.failing!, 4));
      }, DELIVERY)
      .toBe("delivered");
    expect(await message(sent.failing, 4).textContent()).toContain("HTTP 200");
    const redelivered = receivedWhere((json) => json.caseChangeId === changeId);
    expect(redelivered).toHaveLength(3);
    // The same message: same body (signed alike) and the same correlationId.
    expect(redelivered[2]!.body).toBe(failing[0]!.body);
    expect(redelivered[2]!.headers["webhook-id"]).toBe(sent.failing);
  });

  it("replays every event since a time: each arrives again with its correlationId", async () => {
    const before = hooks().length;
    // An hour ago in the browser's own time, typed the Swiss way (31.01.2026 14:30).
    const since = await page.evaluate(() => {
      const d = new Date(Date.now() - 3_600_000);
      const p = (n: number) => String(n).padStart(2, "0");
      return `${p(d.getDate())}.${p(d.getMonth() + 1)}.${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}`;
    });
    const replay = card().getByRole("form", { name: "Replay events" });
    await replay.getByLabel("Send again every event since").fill(since);
    await replay.getByRole("button", { name: "Replay" }).click();
    // Salary before the webhook existed, the two Salary changes since, the payout: the EmployeeAddress changes are filtered out.
    await card()
      .getByText(/4 events since .* will be sent again/)
      .waitFor();

    await expect.poll(() => hooks().length - before, DELIVERY).toBeGreaterThanOrEqual(4);
    const again = hooks().slice(before);
    const correlationIds = again.map((r) => r.json.correlationId);
    for (const correlationId of [sent.salary, sent.payout, sent.failing])
      expect(correlationIds).toContain(correlationId);
    expect(
      again.filter((r) => r.json.$type === "WebhookPayloadCaseChangeAdded").every((r) => r.json.caseName === "Salary"),
    ).toBe(true);
    await expect
      .poll(async () => {
        await reloadLog();
        return statusOf(message(sent.payout!, 2));
      }, DELIVERY)
      .toBe("delivered");
  });

  it("fits a 390 px wide window: no horizontal scroll, with the log open and the form", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await message(sent.payout!, 2).getByText("Payload and response").click();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await snap("390-list");
    await card().getByRole("button", { name: "Edit" }).click();
    await page.getByRole("form", { name: "Edit webhook" }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await snap("390-form");
    await page.getByRole("button", { name: "Cancel" }).click();
    await card().waitFor();
    await page.setViewportSize({ width: 1440, height: 1000 });
  });

  it("edits with If-Match: a change made meanwhile is not overwritten (412); then the events and the filter change, the secret stays", async () => {
    await card().getByRole("button", { name: "Edit" }).click();
    let form = page.getByRole("form", { name: "Edit webhook" });
    await form.waitFor();
    // Someone else changes the webhook while the form is open.
    const meanwhile = await apiCall(`/tenants/${orgId}/webhooks/${webhookId}`, {
      method: "PUT",
      token: system,
      body: { payloadMetadata: { client: "e2e", changedBy: "api" } },
    });
    expect(meanwhile.status, meanwhile.text).toBe(200);
    await form.getByRole("checkbox", { name: /^PayoutCreated/ }).uncheck();
    await form.getByRole("button", { name: "Save webhook" }).click();
    await form.getByText("Someone else changed this in the meantime.").waitFor();
    await form.getByRole("button", { name: "Cancel" }).click();

    await card().getByRole("button", { name: "Edit" }).click();
    form = page.getByRole("form", { name: "Edit webhook" });
    await form.waitFor();
    expect(JSON.parse(await form.getByLabel("Payload metadata (JSON object)").inputValue())).toEqual({
      client: "e2e",
      changedBy: "api",
    });
    expect(await form.getByRole("checkbox", { name: /^PayoutCreated/ }).isChecked()).toBe(true);
    expect(await form.getByLabel("Only these cases (caseNames)").inputValue()).toBe("Salary");
    await form.getByRole("checkbox", { name: /^PayoutCreated/ }).uncheck();
    await form.getByRole("checkbox", { name: /^TaskChanged/ }).check();
    // Without CaseChangeAdded the filter goes with it (its field hides; the API would refuse a filter without the event).
    await form.getByRole("checkbox", { name: /^CaseChangeAdded/ }).uncheck();
    expect(await form.getByLabel("Only these cases (caseNames)").count()).toBe(0);
    await form.getByRole("button", { name: "Save webhook" }).click();
    await expect.poll(() => card().getByTestId("webhook-summary").textContent()).toBe("Active · TaskChanged");
    expect(await page.getByTestId("webhook-secret").count()).toBe(0);

    const read = await apiCall(`/tenants/${orgId}/webhooks/${webhookId}`, { token: system });
    expect(read.body).toMatchObject({
      events: ["TaskChanged"],
      caseNames: null,
      payloadMetadata: { client: "e2e", changedBy: "api" },
      active: true,
      secretHint: secret.slice(-4),
    });
  });

  it("deactivates: shown inactive, nothing can be sent to it, the API agrees", async () => {
    await card().getByRole("button", { name: "Edit" }).click();
    const form = page.getByRole("form", { name: "Edit webhook" });
    // CaseChangeAdded again, now for every case (the filter field is empty).
    await form.getByRole("checkbox", { name: /^CaseChangeAdded/ }).check();
    expect(await form.getByLabel("Only these cases (caseNames)").inputValue()).toBe("");
    await form.getByRole("checkbox", { name: /^Active/ }).uncheck();
    await form.getByRole("button", { name: "Save webhook" }).click();
    await expect.poll(() => card().getAttribute("data-active")).toBe("false");
    expect(await card().getByTestId("webhook-summary").textContent()).toMatch(/^Inactive/);
    expect(await card().getByRole("button", { name: "Send test event" }).isDisabled()).toBe(true);
    expect(
      await card().getByRole("form", { name: "Replay events" }).getByRole("button", { name: "Replay" }).isDisabled(),
    ).toBe(true);
    await expect.poll(() => messages().count()).toBeGreaterThan(0);
    expect(await card().getByRole("button", { name: "Redeliver" }).first().isDisabled()).toBe(true);

    const read = await apiCall(`/tenants/${orgId}/webhooks/${webhookId}`, { token: system });
    expect(read.body).toMatchObject({
      events: ["CaseChangeAdded", "TaskChanged"],
      caseNames: null,
      active: false,
      deactivatedReason: null,
    });
    const test = await apiCall(`/tenants/${orgId}/webhooks/${webhookId}/test`, { method: "POST", token: system });
    expect(test.status, test.text).toBe(409);
    expect(test.body.code).toBe("webhook.inactive");
  });

  it("deletes behind a confirmation", async () => {
    await card().getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this webhook?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await card().count()).toBe(1);
    expect((await apiCall(`/tenants/${orgId}/webhooks/${webhookId}`, { token: system })).status).toBe(200);

    await card().getByRole("button", { name: "Delete" }).click();
    await dialog.getByRole("button", { name: "Delete webhook" }).click();
    await card().waitFor({ state: "detached" });
    await page.getByText("No webhooks yet.").waitFor();
    expect((await apiCall(`/tenants/${orgId}/webhooks/${webhookId}`, { token: system })).status).toBe(404);
    // Only this suite's events reached the receiver, and no case outside the filter (dropped only after the last case change).
    expect(hooks().every((r) => r.json.tenantId === orgId)).toBe(true);
    const cases = hooks().filter((r) => r.json.$type === "WebhookPayloadCaseChangeAdded");
    expect(cases.length).toBeGreaterThan(0);
    expect(cases.every((r) => r.json.caseName === "Salary")).toBe(true);
  });

  it("a Manager and a Self Service person see no Webhooks in the menu, and the page answers 404", async () => {
    for (const demo of ["Marco Manager"]) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
      context.setDefaultTimeout(20_000);
      const other = await context.newPage();
      await other.goto("/signin");
      await other.getByRole("button", { name: "Sign in" }).click();
      await signInAtIdp(other, idpUrl, { demo });
      await other.waitForURL(/\/tenants\/[0-9a-f-]{36}\//);
      const demoOrg = /\/tenants\/([0-9a-f-]{36})\//.exec(other.url())![1]!;
      const nav = other.getByRole("navigation", { name: "Sections", exact: true });
      await nav.waitFor();
      expect(await nav.getByRole("link").count(), demo).toBeGreaterThan(0);
      expect(await nav.getByRole("link", { name: "Webhooks" }).count(), demo).toBe(0);
      expect((await other.goto(`/tenants/${demoOrg}/webhooks`))?.status(), demo).toBe(404);
      expect((await other.goto(`/tenants/${orgId}/webhooks`))?.status(), demo).toBe(404);
      // What the console hides, the API refuses.
      expect((await other.request.get(`/api/tenants/${demoOrg}/webhooks`)).status(), demo).toBe(403);
      await context.close();
    }
    // Self Service has the portal, with no webhooks in it; the console's pages are 404 to them.
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(20_000);
    const employee = await context.newPage();
    await employee.goto("/signin");
    await employee.getByRole("button", { name: "Sign in" }).click();
    await signInAtIdp(employee, idpUrl, { demo: "Eva Employee" });
    await employee.waitForURL(/\/self-service\/[0-9a-f-]{36}$/);
    const demoOrg = /\/self-service\/([0-9a-f-]{36})$/.exec(employee.url())![1]!;
    const nav = employee.getByRole("navigation", { name: "Portal sections" });
    await nav.waitFor();
    expect(await nav.getByRole("link", { name: "Webhooks" }).count()).toBe(0);
    expect((await employee.goto(`/tenants/${demoOrg}/webhooks`))?.status()).toBe(404);
    expect((await employee.goto(`/tenants/${orgId}/webhooks`))?.status()).toBe(404);
    expect((await employee.request.get(`/api/tenants/${demoOrg}/webhooks`)).status()).toBe(403);
    await context.close();
  });
});
