import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiCall, tenantWithDemoAdministrator } from "./tenant";
import { launchChromium, signInAtIdp } from "./browser";

const baseUrl = inject("e2eBaseUrl");
const idpUrl = inject("e2eIdpUrl");

/** "6500.00" as Rappen, and Rappen as the console's Swiss "6'500.00". */
const rappen = (amount: string) => Math.round(Number(amount) * 100);
const swiss = (r: number) =>
  `${String(Math.floor(r / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, "'")}.${String(r % 100).padStart(2, "0")}`;
const nbOfTxs = (xml: string) => [...xml.matchAll(/<NbOfTxs>(\d+)<\/NbOfTxs>/g)].map((m) => Number(m[1]));

/**
 * The Payouts screen. The demo tenant's open period belongs to the other e2e tests (Payroll control
 * completes 1004 there, without an address), so a system user makes a tenant of its own like the
 * demo's: three complete employees with IBAN and address, one without a bank account (Blocked), the
 * company with its bank account and address. The demo administrator pays an advance for one, the
 * rest for everyone, downloads the file, cancels a payout and marks one processed.
 */
describe("paying open amounts on the Payouts screen", () => {
  let browser: Browser;
  let page: Page;
  const run = randomBytes(3).toString("hex");
  let system = "";
  let orgId = "";
  let payrollId = "";
  let periodId = "";
  const staff: { id: string; name: string; open: number }[] = [];
  let blockedId = "";
  let advancePayoutId = "";
  let finalPayoutId = "";

  /** Optional screenshots for a person to look at (E2E_SCREENSHOTS=/tmp/dir). */
  async function snap(name: string) {
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS, `payouts-${name}.png`), fullPage: true });
  }

  async function record(caseName: string, employeeId: string | null, values: Record<string, string>) {
    const response = await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/cases`, {
      method: "POST",
      token: system,
      body: {
        caseName,
        employeeId,
        values: Object.entries(values).map(([caseFieldName, value]) => ({ caseFieldName, value, start: "2026-01-01" })),
      },
    });
    expect(response.status, response.text).toBe(201);
  }

  async function openAmounts() {
    const entries = await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/open/entries`, {
      token: system,
    });
    expect(entries.status, entries.text).toBe(200);
    return new Map(
      (entries.body.items as { employeeId: string; openAmount: string }[]).map((e) => [
        e.employeeId,
        rappen(e.openAmount),
      ]),
    );
  }

  const row = (employeeId: string) => page.locator(`[data-testid="payout-row"][data-employee-id="${employeeId}"]`);
  const payoutItem = (payoutId: string) => page.locator(`[data-testid="payout"][data-payout-id="${payoutId}"]`);
  const previewDialog = () => page.getByRole("dialog", { name: "Confirm the payout" });

  async function openPayouts() {
    await page.goto(`/tenants/${orgId}/payroll-control`);
    await page
      .getByRole("navigation", { name: "Sections" })
      .getByRole("link", { name: "Payouts", exact: true })
      .click();
    await page.waitForURL(new RegExp(`/tenants/${orgId}/payouts$`));
    await page.getByRole("heading", { name: "Payouts", level: 1 }).waitFor();
    await page.getByRole("list", { name: "Employees" }).waitFor();
  }

  async function expectOpen(employeeId: string, open: number) {
    await expect.poll(() => row(employeeId).getByTestId("row-open").textContent()).toBe(swiss(open));
  }

  beforeAll(async () => {
    ({ system, orgId } = await tenantWithDemoAdministrator(`Payouts ${run}`));

    browser = await launchChromium();
    const context = await browser.newContext({ baseURL: baseUrl, acceptDownloads: true });
    context.setDefaultTimeout(20_000);
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("sets up a payroll with three employees ready to be paid and one without a bank account", async () => {
    const payroll = await apiCall(`/tenants/${orgId}/payrolls/simple`, {
      method: "POST",
      token: system,
      body: { name: `Payouts ${run} AG`, accountingStartDate: "2026-01-01", documentLanguage: "en" },
    });
    expect(payroll.status, payroll.text).toBe(201);
    payrollId = payroll.body.id;
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
    const people = [
      {
        identifier: `P1-${run}`,
        first: "Lea",
        last: "Advance",
        birth: "1988-04-12",
        sex: "female",
        ahv: "756.3598.1127.37",
        salary: "6500.00",
        iban: "CH9300762011623852957",
      },
      {
        identifier: `P2-${run}`,
        first: "Noah",
        last: "Bauer",
        birth: "1979-09-03",
        sex: "male",
        ahv: "756.6417.0995.23",
        salary: "8200.00",
        iban: "CH5604835012345678009",
      },
      {
        identifier: `P3-${run}`,
        first: "Mia",
        last: "Caflisch",
        birth: "1995-01-20",
        sex: "female",
        ahv: "756.1234.5678.97",
        salary: "4800.00",
        iban: "CH9300762011623852957",
      },
      {
        identifier: `P4-${run}`,
        first: "Luca",
        last: "Dörig",
        birth: "1990-06-30",
        sex: "male",
        ahv: "756.9217.0769.85",
        salary: "3900.00",
        iban: null,
      },
    ];
    for (const p of people) {
      const created = await apiCall(`/tenants/${orgId}/employees`, {
        method: "POST",
        token: system,
        body: { identifier: p.identifier, firstName: p.first, lastName: p.last },
      });
      expect(created.status, created.text).toBe(201);
      const id = created.body.id as string;
      await record("EmployeePersonalData", id, {
        BirthDate: p.birth,
        Sex: p.sex,
        AhvNumber: p.ahv,
        Nationality: "CH",
        CivilStatus: "single",
      });
      await record("EmployeeAddress", id, {
        Street: "Seestrasse",
        HouseNumber: "12",
        PostalCode: "6004",
        City: "Luzern",
        Country: "CH",
        ResidenceCanton: "LU",
      });
      if (p.iban) await record("EmployeeBankAccount", id, { Iban: p.iban });
      await record("Employment", id, { EntryDate: "2026-01-01", ActivityRate: "100", WorkplaceCanton: "LU" });
      await record("Salary", id, { SalaryType: "monthly", MonthlySalary: p.salary });
      if (p.iban) staff.push({ id, name: `${p.last}, ${p.first} (${p.identifier})`, open: 0 });
      else blockedId = id;
    }
    const open = await openAmounts();
    for (const s of staff) {
      s.open = open.get(s.id)!;
      expect(s.open).toBeGreaterThan(100_000);
    }
    const period = await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/open`, { token: system });
    periodId = period.body.id;
  });

  it("signs the demo administrator in and opens Payouts from the menu: open amounts, states, the blocked employee not selectable", async () => {
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto("/signin");
    await page.getByRole("button", { name: "Sign in" }).click();
    await signInAtIdp(page, idpUrl, { demo: "Anna Admin" });
    await page.waitForURL(/\/tenants\/[0-9a-f-]{36}/);

    // The demo payroll (read only here): its four complete employees, with IBAN and address, can be selected.
    const tenants = (await (await page.request.get("/api/tenants?limit=100")).json()) as {
      items: { id: string; name: string }[];
    };
    const demo = tenants.items.find((t) => t.name === "Muster AG (Demo)")!.id;
    await page.goto(`/tenants/${demo}/payouts`);
    await page.getByRole("list", { name: "Employees" }).waitFor();
    const demoRows = page.locator('[data-testid="payout-row"][data-selectable="true"]');
    const names = await demoRows.evaluateAll((rows) => rows.map((r) => r.querySelector("a")?.textContent ?? ""));
    for (const identifier of ["1001", "1002", "1003", "1005"])
      expect(names.some((n) => n.endsWith(`(${identifier})`))).toBe(true);

    await openPayouts();

    for (const s of staff) {
      expect(await row(s.id).getAttribute("data-state")).toBe("ReadyToPayOut");
      expect(await row(s.id).getByTestId("row-open").textContent()).toBe(swiss(s.open));
      expect(await row(s.id).getByRole("checkbox").isEnabled()).toBe(true);
    }
    expect(swiss(staff[1]!.open)).toContain("'");
    const blocked = row(blockedId);
    expect(await blocked.getAttribute("data-state")).toBe("Blocked");
    expect(await blocked.getByRole("checkbox").isDisabled()).toBe(true);
    expect(await blocked.getByRole("list", { name: /^What blocks/ }).textContent()).toContain("IBAN");
    await snap("start");
  });

  it("pays an advance for one employee: more than open is refused beside the field, then the preview, progress and the file", async () => {
    const [first] = staff;
    await row(first!.id).getByRole("checkbox").check();
    const amount = page.getByLabel(`Amount for ${first!.name} (CHF)`);
    // The whole open amount by default.
    expect(await amount.inputValue()).toBe((first!.open / 100).toFixed(2));
    await amount.fill(((first!.open + 100) / 100).toFixed(2));
    await page.getByRole("button", { name: "Review payout" }).click();
    expect(await row(first!.id).getByTestId("amount-error").textContent()).toBe(
      `More than the open amount of CHF ${swiss(first!.open)}.`,
    );
    expect(await previewDialog().isVisible()).toBe(false);

    // The date: the next bank business day, shown as dd.mm.yyyy.
    const date = page.getByLabel("Execution date");
    const shownDate = await date.inputValue();
    expect(shownDate).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    const [d, m, y] = shownDate.split(".");
    const executionDate = `${y}-${m}-${d}`;
    expect([0, 6]).not.toContain(new Date(`${executionDate}T00:00:00Z`).getUTCDay());
    // The date is typed the Swiss way or as 2026-01-31; what is no calendar date is named as such.
    await date.fill("31.02.2026");
    await page.getByRole("button", { name: "Review payout" }).click();
    await expect.poll(() => date.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(`[id="${await date.getAttribute("aria-describedby")}"]`).textContent()).toBe(
      "Enter a date as 31.01.2026.",
    );
    await date.fill(executionDate);
    await date.blur();
    expect(await date.inputValue()).toBe(shownDate);

    // Someone pays part of it through the API while the preview is open: the service refuses the now too large amount.
    await amount.fill("1'000");
    await page.getByRole("button", { name: "Review payout" }).click();
    const dialog = previewDialog();
    await dialog.waitFor();
    expect(await dialog.getByTestId("preview-count").textContent()).toBe("1");
    expect(await dialog.getByTestId("preview-total").textContent()).toBe("1'000.00");
    expect(await dialog.getByTestId("preview-group").textContent()).toContain(`${d}.${m}.${y}`);
    const other = await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/open/payouts`, {
      method: "POST",
      token: system,
      body: { employeeIds: [first!.id], amounts: { [first!.id]: ((first!.open - 50_000) / 100).toFixed(2) } },
    });
    expect(other.status, other.text).toBe(201);
    await dialog.getByRole("button", { name: "Pay CHF 1'000.00" }).click();
    await expect
      .poll(() => row(first!.id).getByTestId("amount-error").textContent())
      .toBe("The amount exceeds the open amount of 500.00.");
    expect(await dialog.isVisible()).toBe(false);
    const undo = await apiCall(
      `/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/open/payouts/${other.body.payout.id}`,
      { method: "POST", token: system },
    );
    expect(undo.status, undo.text).toBe(200);
    await page.reload();
    await expectOpen(first!.id, first!.open);

    // Now the advance, with progress while the service builds it and one Idempotency-Key.
    await row(first!.id).getByRole("checkbox").check();
    await page.getByLabel(`Amount for ${first!.name} (CHF)`).fill("1000.00");
    expect(await page.getByTestId("selection-summary").textContent()).toBe("1 employee selected · CHF 1'000.00");
    await page.getByRole("button", { name: "Review payout" }).click();
    await dialog.waitFor();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const payoutsUrl = `**/api/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/${periodId}/payouts`;
    const posts: Request[] = [];
    await page.route(payoutsUrl, async (route) => {
      if (route.request().method() === "POST") posts.push(route.request());
      await held;
      await route.continue();
    });
    await dialog.getByRole("button", { name: "Pay CHF 1'000.00" }).click();
    const progress = page.getByTestId("payout-progress");
    await progress.waitFor();
    expect(await progress.textContent()).toContain("Building the payment file for 1 payment");
    expect(await page.getByRole("progressbar", { name: "Making the payout" }).count()).toBe(1);
    expect(await dialog.getByRole("button", { name: "Working…" }).isDisabled()).toBe(true);
    await snap("progress");
    release();
    const result = page.getByTestId("payout-result");
    await result.waitFor();
    await page.unroute(payoutsUrl);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers()["idempotency-key"]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(JSON.parse(posts[0]!.postData()!)).toEqual({
      employeeIds: [first!.id],
      amounts: { [first!.id]: "1000.00" },
      executionDate,
    });
    advancePayoutId = (await result.getAttribute("data-payout-id"))!;
    expect(await result.getByTestId("result-total").textContent()).toBe("1'000.00");
    expect(await result.getByRole("link", { name: "Download the pain.001 file" }).getAttribute("href")).toBe(
      `/api/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/${periodId}/payouts/${advancePayoutId}/document`,
    );

    // The open amount falls by the advance at once; the payout is listed.
    await expectOpen(first!.id, first!.open - 100_000);
    expect(await row(first!.id).getAttribute("data-state")).toBe("ReadyToPayOut");
    const listed = payoutItem(advancePayoutId);
    await listed.waitFor();
    expect(await listed.getAttribute("data-status")).toBe("created");
    expect(await listed.textContent()).toContain(`Execution date ${d}.${m}.${y}`);
  });

  it("pays the rest for everyone selected at once, and downloads the pain.001 file", async () => {
    const selectAll = page.getByLabel(/^Select all/);
    await selectAll.check();
    for (const s of staff) expect(await row(s.id).getByRole("checkbox").isChecked()).toBe(true);
    expect(await row(blockedId).getByRole("checkbox").isChecked()).toBe(false);
    const rest = staff[0]!.open - 100_000 + staff[1]!.open + staff[2]!.open;
    await page.getByRole("button", { name: "Review payout" }).click();
    const dialog = previewDialog();
    await dialog.waitFor();
    expect(await dialog.getByTestId("preview-count").textContent()).toBe("3");
    expect(await dialog.getByTestId("preview-total").textContent()).toBe(swiss(rest));
    await snap("preview");
    const sent = page.waitForRequest(
      (r) => r.method() === "POST" && r.url().endsWith(`/payrunperiods/${periodId}/payouts`),
    );
    await dialog.getByRole("button", { name: `Pay CHF ${swiss(rest)}` }).click();
    // The whole open amounts go without amounts (the API's final payment).
    expect(JSON.parse((await sent).postData()!)).toEqual({
      employeeIds: staff.map((s) => s.id),
      executionDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const result = page.getByTestId("payout-result");
    await expect.poll(() => result.getAttribute("data-payout-id")).not.toBe(advancePayoutId);
    finalPayoutId = (await result.getAttribute("data-payout-id"))!;
    expect(await result.getByTestId("result-total").textContent()).toBe(swiss(rest));

    for (const s of staff) {
      await expectOpen(s.id, 0);
      expect(await row(s.id).getAttribute("data-state")).toBe("PaidOut");
      expect(await row(s.id).getByRole("checkbox").isDisabled()).toBe(true);
    }
    expect(await page.getByTestId("nothing-open").textContent()).toContain("Nothing is open to pay");

    const downloaded = page.waitForEvent("download");
    await result.getByRole("link", { name: "Download the pain.001 file" }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^pain001-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.xml$/);
    const xml = readFileSync((await download.path())!, "utf8");
    expect(xml).toContain("<Document");
    expect(xml).toContain("pain.001.001.09");
    // Group header and the one payment information block of the execution date.
    expect(nbOfTxs(xml)).toEqual([3, 3]);
    expect(xml).toContain(`<CtrlSum>${(rest / 100).toFixed(2)}</CtrlSum>`);
    await snap("paid");
  });

  it("cancels the final payout behind a confirmation: the amounts are open again", async () => {
    const listed = payoutItem(finalPayoutId);
    expect(await listed.getAttribute("data-count")).toBe("3");
    await listed.getByRole("button", { name: "Cancel payout" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel this payout?" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("open again");
    await dialog.getByRole("button", { name: "Cancel payout" }).click();
    await expect.poll(() => listed.getAttribute("data-status")).toBe("cancelled");
    expect(await listed.getByTestId("payout-status").textContent()).toBe("Cancelled");
    expect(await listed.getByRole("button", { name: "Cancel payout" }).count()).toBe(0);

    await expectOpen(staff[0]!.id, staff[0]!.open - 100_000);
    await expectOpen(staff[1]!.id, staff[1]!.open);
    await expectOpen(staff[2]!.id, staff[2]!.open);
    for (const s of staff) expect(await row(s.id).getAttribute("data-state")).toBe("ReadyToPayOut");
    const open = await openAmounts();
    expect(open.get(staff[1]!.id)).toBe(staff[1]!.open);
  });

  it("marks the advance processed, and shows the refusal when a payout processed meanwhile is cancelled", async () => {
    const advance = payoutItem(advancePayoutId);
    await advance.getByRole("button", { name: "Mark processed" }).click();
    const confirm = page.getByRole("dialog", { name: "Mark this payout processed?" });
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Mark processed" }).click();
    await expect.poll(() => advance.getAttribute("data-status")).toBe("processed");
    expect(await advance.getByRole("button", { name: "Cancel payout" }).count()).toBe(0);

    // A payout the screen still shows as created, processed by someone else in the meantime.
    const made = await apiCall(`/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/open/payouts`, {
      method: "POST",
      token: system,
      body: { employeeIds: [staff[1]!.id] },
    });
    expect(made.status, made.text).toBe(201);
    await page.reload();
    const stale = payoutItem(made.body.payout.id);
    await stale.waitFor();
    await expectOpen(staff[1]!.id, 0);
    const processed = await apiCall(
      `/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/open/payouts/${made.body.payout.id}/processed`,
      { method: "POST", token: system },
    );
    expect(processed.status, processed.text).toBe(200);
    await stale.getByRole("button", { name: "Cancel payout" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel this payout?" });
    await dialog.getByRole("button", { name: "Cancel payout" }).click();
    const problem = stale.getByTestId("payout-action-problem");
    await problem.waitFor();
    expect(await problem.getAttribute("data-code")).toBe("payout.processed");
    // The list follows: the payout shows as processed.
    await expect.poll(() => stale.getAttribute("data-status")).toBe("processed");
    await expectOpen(staff[1]!.id, 0);
    await snap("after");
  });

  it("shows before anyone confirms what the bank file lacks for an employee Payroll Control lets through (no address)", async () => {
    const created = await apiCall(`/tenants/${orgId}/employees`, {
      method: "POST",
      token: system,
      body: { identifier: `P5-${run}`, firstName: "Elia", lastName: "Ohneadresse" },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    await record("EmployeePersonalData", id, {
      BirthDate: "1992-02-02",
      Sex: "male",
      AhvNumber: "756.1111.2222.39",
      Nationality: "CH",
      CivilStatus: "single",
    });
    await record("EmployeeBankAccount", id, { Iban: "CH9300762011623852957" });
    await record("Employment", id, { EntryDate: "2026-01-01", ActivityRate: "50", WorkplaceCanton: "LU" });
    await record("Salary", id, { SalaryType: "monthly", MonthlySalary: "3000.00" });
    await page.reload();
    await row(id).waitFor();
    expect(await row(id).getAttribute("data-state")).toBe("ReadyToPayOut");
    expect(await row(id).getAttribute("data-selectable")).toBe("false");
    expect(await row(id).getByRole("checkbox").isDisabled()).toBe(true);
    const lacks = row(id).getByTestId("row-file-blockers");
    expect(await lacks.textContent()).toContain("no town");
    expect(await lacks.getByRole("link", { name: "Complete" }).first().getAttribute("href")).toBe(
      `/tenants/${orgId}/employees/${id}#case-EmployeeAddress`,
    );
    // Once the address is recorded, the employee can be selected.
    await record("EmployeeAddress", id, {
      Street: "Seestrasse",
      HouseNumber: "1",
      PostalCode: "6004",
      City: "Luzern",
      Country: "CH",
      ResidenceCanton: "LU",
    });
    await page.reload();
    await row(id).waitFor();
    expect(await row(id).getAttribute("data-selectable")).toBe("true");
    expect(await row(id).getByTestId("row-file-blockers").count()).toBe(0);
  });

  it("is usable at 390 px: the rows, the amount field and the actions fit the width", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole("list", { name: "Employees" }).waitFor();
    await row(staff[2]!.id).getByRole("checkbox").check();
    await page.getByLabel(`Amount for ${staff[2]!.name} (CHF)`).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const box = async (locator: Locator) => (await locator.boundingBox())!;
    const review = await box(page.getByRole("button", { name: "Review payout" }));
    expect(review.x + review.width).toBeLessThanOrEqual(390);
    await snap("mobile");
  });
});
