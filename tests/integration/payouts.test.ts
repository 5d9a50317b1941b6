import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { events, payrunEntries } from "@/server/db/schema";
import { todayInZurich } from "@/server/dates";
import { chf, formatRappen } from "@/server/money/rappen";
import type { paths } from "@/client";
import { api } from "../fixtures/api";
import { clientWithToken } from "../fixtures/client";
import { anEmployee, memberOf, tenantFixture } from "../fixtures/factories";
import { validatePain001 } from "../fixtures/pain001/validate";
import { companyFixture, payableEmployee, payrollWithStaff, postCase } from "../fixtures/payouts";

type Staffed = Awaited<ReturnType<typeof payrollWithStaff>>;

type Tenant = Awaited<ReturnType<typeof tenantFixture>>;
type Payment = NonNullable<
  paths["/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/payouts"]["post"]["requestBody"]
>["content"]["application/json"];

const periodOf = (t: Tenant, payrunPeriodId = "open") => ({ orgId: t.orgId, payrollId: t.payroll.id, payrunPeriodId });
const payoutOf = (t: Tenant, payoutId: string, payrunPeriodId = "open") => ({
  ...periodOf(t, payrunPeriodId),
  payoutId,
});
const entryOf = async (t: Staffed, employeeId: string, period = "open") => {
  const response = await t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/entries", {
    params: { path: periodOf(t, period) },
  });
  expect(response.response.status, JSON.stringify(response.error)).toBe(200);
  return response.data!.items.find((e) => e.employeeId === employeeId)!;
};
const controlOf = async (t: Staffed, employeeId: string) =>
  (
    await t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/controlling", {
      params: { path: periodOf(t) },
    })
  ).data!.items.find((e) => e.employeeId === employeeId)!;
/** Raw, for the refusals and the calls with headers of their own (none, or a chosen Idempotency-Key, or Accept). */
const pay = (t: Staffed, body: unknown = {}, headers: Record<string, string> = {}) =>
  api.post(`${t.base}/open/payouts`, body, { token: t.token, headers });
/** Typed: a valid payout of the open period (the client gives it an Idempotency-Key unless one is given). */
const payOut = (t: Tenant, body: Payment = {}, idempotencyKey?: string) =>
  t.client.POST("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/payouts", {
    params: { path: periodOf(t), header: idempotencyKey ? { "Idempotency-Key": idempotencyKey } : undefined },
    body,
  });
const payoutsList = async (t: Tenant, payrunPeriodId = "open", query?: { limit?: string; cursor?: string }) =>
  (
    await t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/payouts", {
      params: { path: periodOf(t, payrunPeriodId), query },
    })
  ).data!;
const cancel = (t: Tenant, payoutId: string, payrunPeriodId = "open") =>
  t.client.POST("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/payouts/{payoutId}", {
    params: { path: payoutOf(t, payoutId, payrunPeriodId) },
  });
const markProcessed = (t: Tenant, payoutId: string) =>
  t.client.POST("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/payouts/{payoutId}/processed", {
    params: { path: payoutOf(t, payoutId) },
  });
/** The close of the open period, without a body: it asks for nothing in particular. */
const closeOpen = (t: Tenant) =>
  t.client.POST("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/close", {
    params: { path: periodOf(t) },
  });
const ok = (answer: { response: Response; error?: unknown }) => JSON.stringify(answer.error);
const eventsOf = async (orgId: string, type: string) =>
  (await getDb())
    .select()
    .from(events)
    .where(and(eq(events.tenantId, orgId), eq(events.type, type)));

describe("payouts: open amounts and final payments", () => {
  it("pays everyone's whole open amount by default, on the next bank business day, with a valid pain.001 file", async () => {
    const t = await payrollWithStaff(2);
    const [a, b] = t.employeeIds as [string, string];
    const openA = (await entryOf(t, a)).openAmount;
    expect(chf(openA)).toBeGreaterThan(0);
    expect((await controlOf(t, a)).state).toBe("ReadyToPayOut");

    const response = await payOut(t);
    expect(response.response.status, ok(response)).toBe(201);
    const { payout, paymentFile } = response.data!;
    expect(payout).toMatchObject({
      status: "created",
      count: 2,
      external: false,
      cancelledAt: null,
      processedAt: null,
      createdBy: { kind: "system" },
    });
    expect(payout.lines.map((l) => l.employeeId).sort()).toEqual([a, b].sort());
    expect(payout.lines[0]).toMatchObject({
      iban: "CH9300762011623852957",
      endToEndId: expect.stringMatching(/^[A-Za-z0-9]{1,35}$/),
    });
    expect(chf(payout.total)).toBe(payout.lines.reduce((s, l) => s + chf(l.amount), 0));
    const day = new Date(`${payout.executionDate}T00:00:00Z`).getUTCDay();
    expect(payout.executionDate > todayInZurich()).toBe(true);
    expect([1, 2, 3, 4, 5]).toContain(day);

    expect(paymentFile.contentType).toBe("application/xml");
    expect((await validatePain001(paymentFile.content)).messages).toEqual([]);
    expect(paymentFile.content).toContain("<Cd>SALA</Cd>");
    expect(paymentFile.content).toContain(`<CtrlSum>${payout.total}</CtrlSum>`);
    expect(paymentFile.content).toContain("<TwnNm>Bern</TwnNm>");

    const entry = await entryOf(t, a);
    expect(entry).toMatchObject({ openAmount: "0.00", paidOut: openA, controlState: "PaidOut" });
    expect(await controlOf(t, a)).toMatchObject({ state: "PaidOut", openAmount: "0.00" });
    expect(await eventsOf(t.orgId, "PayoutCreated")).toEqual([
      expect.objectContaining({
        payload: { payrollId: t.payroll.id, payrunPeriodId: payout.payrunPeriodId, payoutId: payout.id },
      }),
    ]);

    // Nothing is left: 409 payout.nothing_open.
    const again = await pay(t);
    expect(again.status, again.text).toBe(409);
    expect(again.body.code).toBe("payout.nothing_open");
  });

  it("pays an advance, then the rest as the final payment", async () => {
    const t = await payrollWithStaff(1);
    const [e] = t.employeeIds as [string];
    const open = chf((await entryOf(t, e)).openAmount);
    const advance = await payOut(t, { employeeIds: [e], amounts: { [e]: "1000.00" } });
    expect(advance.response.status, ok(advance)).toBe(201);
    expect(advance.data!.payout).toMatchObject({
      total: "1000.00",
      count: 1,
      lines: [{ employeeId: e, amount: "1000.00" }],
    });
    expect(await entryOf(t, e)).toMatchObject({
      paidOut: "1000.00",
      openAmount: formatRappen(open - 100000),
      controlState: "ReadyToPayOut",
    });

    const final = await payOut(t, { employeeIds: [e] });
    expect(final.response.status, ok(final)).toBe(201);
    expect(final.data!.payout.total).toBe(formatRappen(open - 100000));
    expect(await entryOf(t, e)).toMatchObject({
      paidOut: formatRappen(open),
      openAmount: "0.00",
      controlState: "PaidOut",
    });
    const list = await t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/payouts", {
      params: { path: periodOf(t) },
    });
    expect(list.response.status).toBe(200);
    expect(list.data!.items.map((p) => p.id)).toEqual([advance.data!.payout.id, final.data!.payout.id]);
    expect(list.data!.nextCursor).toBeNull();
    const page = await payoutsList(t, "open", { limit: "1" });
    expect(page.items.map((p) => p.id)).toEqual([advance.data!.payout.id]);
    const next = await payoutsList(t, "open", { limit: "1", cursor: page.nextCursor! });
    expect(next.items.map((p) => p.id)).toEqual([final.data!.payout.id]);
  });

  it("after a salary raise, a correction pays exactly the difference", async () => {
    const t = await payrollWithStaff(1);
    const [e] = t.employeeIds as [string];
    const first = await payOut(t, { employeeIds: [e] });
    expect(first.response.status, ok(first)).toBe(201);
    expect((await entryOf(t, e)).openAmount).toBe("0.00");
    await postCase(t, "Salary", e, { SalaryType: "monthly", MonthlySalary: "5500.00" });
    const entry = await entryOf(t, e);
    const difference = chf(entry.openAmount);
    expect(difference).toBeGreaterThan(0);
    expect(entry.controlState).toBe("ReadyToPayOut");
    const correction = await payOut(t, { employeeIds: [e] });
    expect(correction.response.status, ok(correction)).toBe(201);
    expect(chf(correction.data!.payout.total)).toBe(difference);
    expect(chf(first.data!.payout.total) + difference).toBe(chf((await entryOf(t, e)).paidOut));
  });

  it("an overpaid employee (a lower salary after the payout) has a negative open amount that is never paid", async () => {
    const t = await payrollWithStaff(1);
    const [e] = t.employeeIds as [string];
    expect((await payOut(t, { employeeIds: [e] })).response.status).toBe(201);
    await postCase(t, "Salary", e, { SalaryType: "monthly", MonthlySalary: "4000.00" });
    const entry = await entryOf(t, e);
    expect(chf(entry.openAmount)).toBeLessThan(0);
    const response = await pay(t, { employeeIds: [e] });
    expect(response.status, response.text).toBe(409);
    expect(response.body.code).toBe("payout.nothing_open");
    const exceeds = await pay(t, { employeeIds: [e], amounts: { [e]: "0.05" } });
    expect(exceeds.status).toBe(422);
    expect(exceeds.body.code).toBe("payout.exceeds_open_amount");
  });

  it("adds what earlier periods left open (carried forward) to the open amount, and subtracts what they overpaid", async () => {
    const t = await payrollWithStaff(2);
    const [a, b] = t.employeeIds as [string, string];
    const payableA = chf((await entryOf(t, a)).openAmount);
    const payableB = chf((await entryOf(t, b)).openAmount);
    // What the close will write: 123.45 left open for a, the whole salary and 10.00 more overpaid for b.
    const db = await getDb();
    await db
      .update(payrunEntries)
      .set({ carriedForward: 12345 })
      .where(and(eq(payrunEntries.tenantId, t.orgId), eq(payrunEntries.employeeId, a)));
    await db
      .update(payrunEntries)
      .set({ carriedForward: -payableB - 1000 })
      .where(and(eq(payrunEntries.tenantId, t.orgId), eq(payrunEntries.employeeId, b)));
    expect((await entryOf(t, a)).openAmount).toBe(formatRappen(payableA + 12345));
    expect(await controlOf(t, b)).toMatchObject({ openAmount: "-10.00", state: "EmployedWithoutWage" });
    const response = await payOut(t);
    expect(response.response.status, ok(response)).toBe(201);
    expect(response.data!.payout.lines).toEqual([
      expect.objectContaining({ employeeId: a, amount: formatRappen(payableA + 12345) }),
    ]);
    expect((await entryOf(t, b)).openAmount).toBe("-10.00");
    const refused = await pay(t, { employeeIds: [b] });
    expect(refused.body.code).toBe("payout.nothing_open");
  });

  it("with Accept: application/xml answers with the file itself", async () => {
    const t = await payrollWithStaff(1);
    const response = await pay(t, {}, { accept: "application/xml" });
    expect(response.status, response.text).toBe(201);
    expect(response.headers.get("content-type")).toBe("application/xml");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="pain001-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.xml"; filename\*=UTF-8''pain001-/,
    );
    expect((await validatePain001(response.text)).messages).toEqual([]);
    const [payout] = (await payoutsList(t)).items;
    const document = await api.get(`${t.base}/open/payouts/${payout!.id}/document`, { token: t.token });
    expect(document.bytes.equals(response.bytes)).toBe(true);
  });

  it("downloads the file byte for byte the same, and lists it among the period's documents as PaymentFile", async () => {
    const t = await payrollWithStaff(1);
    const created = await payOut(t);
    expect(created.response.status, ok(created)).toBe(201);
    const { payout, paymentFile } = created.data!;
    const url = `${t.base}/open/payouts/${payout.id}/document`;
    const first = await api.get(url, { token: t.token });
    const second = await api.get(url, { token: t.token });
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/xml");
    expect(first.headers.get("content-disposition")).toContain("attachment; filename=");
    expect(first.bytes.equals(second.bytes)).toBe(true);
    expect(first.text).toBe(paymentFile.content);
    const docs = (
      await t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/documents", {
        params: { path: periodOf(t), query: { category: "PaymentFile" } },
      })
    ).data!.items;
    expect(docs).toEqual([
      expect.objectContaining({
        id: paymentFile.documentId,
        category: "PaymentFile",
        employeeId: null,
        contentType: "application/xml",
        final: true,
      }),
    ]);
    const viaDocuments = await api.get(`${t.base}/open/documents/${paymentFile.documentId}`, { token: t.token });
    expect(viaDocuments.status).toBe(200);
    expect(viaDocuments.bytes.equals(first.bytes)).toBe(true);
    expect(
      (
        await t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/payouts/{payoutId}", {
          params: { path: payoutOf(t, payout.id) },
        })
      ).data,
    ).toEqual(payout);
  });

  it("writes hostile names into a valid file", async () => {
    const t = await tenantFixture();
    await companyFixture(t);
    const e = await payableEmployee(t, { firstName: "Łukasz Ø 🎉 &<>", lastName: "Ærø-Ğülşen".padEnd(100, "x") });
    const response = await payOut(t, { employeeIds: [e] });
    expect(response.response.status, ok(response)).toBe(201);
    expect((await validatePain001(response.data!.paymentFile.content)).messages).toEqual([]);
  });
});

describe("payouts: refusals", () => {
  it("422 for amounts of zero or less, more than two decimals, unknown employees and past dates", async () => {
    const t = await payrollWithStaff(1);
    const [e] = t.employeeIds as [string];
    const cases: [unknown, string][] = [
      [{ employeeIds: [e], amounts: { [e]: "0.00" } }, `amounts.${e}`],
      [{ employeeIds: [e], amounts: { [e]: "-5.00" } }, `amounts.${e}`],
      [{ employeeIds: [e], amounts: { [e]: "10.001" } }, `amounts.${e}`],
      [{ employeeIds: [e], amounts: { [e]: "ten" } }, `amounts.${e}`],
      [{ employeeIds: ["0190a0a0-0000-7000-8000-000000000000"] }, "employeeIds.0"],
      [
        { amounts: { "0190a0a0-0000-7000-8000-000000000000": "10.00" } },
        "amounts.0190a0a0-0000-7000-8000-000000000000",
      ],
      [{ amounts: { "not-an-id": "10.00" } }, "amounts.not-an-id"],
      [{ executionDate: "2026-01-05" }, "executionDate"],
    ];
    for (const [body, path] of cases) {
      const response = await pay(t, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.errors.map((x: { path: string }) => x.path)).toContain(path);
    }
    expect((await entryOf(t, e)).paidOut).toBe("0.00");
  });

  it("422 payout.exceeds_open_amount naming the employee", async () => {
    const t = await payrollWithStaff(1);
    const [e] = t.employeeIds as [string];
    const open = chf((await entryOf(t, e)).openAmount);
    const response = await pay(t, { employeeIds: [e], amounts: { [e]: formatRappen(open + 5) } });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: "payout.exceeds_open_amount", errors: [{ path: `amounts.${e}` }] });
    const exact = await payOut(t, { amounts: { [e]: formatRappen(open) } });
    expect(exact.response.status, ok(exact)).toBe(201);
  });

  it("409 payout.blocked for a selected employee with a blocking item (no IBAN); everyone else is paid without them", async () => {
    const t = await payrollWithStaff(1);
    const [ready] = t.employeeIds as [string];
    const noIban = await payableEmployee(t, { withIban: false });
    expect((await controlOf(t, noIban)).state).toBe("Blocked");
    const refused = await pay(t, { employeeIds: [ready, noIban] });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.code).toBe("payout.blocked");
    expect(refused.body.items).toEqual([
      expect.objectContaining({
        employeeId: noIban,
        code: "control.missing_bank_account",
        caseName: expect.any(String),
      }),
    ]);
    expect((await entryOf(t, ready)).paidOut).toBe("0.00");

    const everyone = await payOut(t);
    expect(everyone.response.status, ok(everyone)).toBe(201);
    expect(everyone.data!.payout.lines.map((l) => l.employeeId)).toEqual([ready]);
  });

  it("uses the account in force on the execution date, else the period's; without any IBAN even a confirmed employee is blocked", async () => {
    const t = await payrollWithStaff(1);
    const e = await payableEmployee(t, { withIban: false });
    // A bank account for January only, and another from 2030 on.
    await t.client.POST("/tenants/{orgId}/payrolls/{payrollId}/cases", {
      params: { path: { orgId: t.orgId, payrollId: t.payroll.id } },
      body: {
        caseName: "EmployeeBankAccount",
        employeeId: e,
        values: [{ caseFieldName: "Iban", value: "CH9300762011623852957", start: "2026-01-01", end: "2026-01-31" }],
      },
    });
    await postCase(t, "EmployeeBankAccount", e, { Iban: "CH5604835012345678009" }, "2030-01-01");
    expect((await controlOf(t, e)).state).toBe("ReadyToPayOut");
    const later = await payOut(t, { employeeIds: [e], amounts: { [e]: "10.00" }, executionDate: "2030-01-07" });
    expect(later.response.status, ok(later)).toBe(201);
    expect(later.data!.payout.lines[0]!.iban).toBe("CH5604835012345678009");
    const sooner = await payOut(t, { employeeIds: [e], amounts: { [e]: "10.00" } });
    expect(sooner.response.status, ok(sooner)).toBe(201);
    expect(sooner.data!.payout.lines[0]!.iban).toBe("CH9300762011623852957");

    const none = await payableEmployee(t, { withIban: false });
    await postCase(t, "ControlConfirmation", none, {
      ControlCode: "control.missing_bank_account",
      ControlComment: "paid by cheque",
    });
    expect((await controlOf(t, none)).state).toBe("ReadyToPayOut");
    const refused = await pay(t, { employeeIds: [none] });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toMatchObject({
      code: "payout.blocked",
      items: [{ employeeId: none, code: "payout.missing_iban", caseName: "EmployeeBankAccount" }],
    });
  });

  it("409 payout.blocked naming the company's missing bank account and town", async () => {
    const t = await tenantFixture();
    await companyFixture(t, ["CompanyBankAccount", "CompanyAddress"]);
    const e = await payableEmployee(t);
    const response = await api.post(
      `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/payrunperiods/open/payouts`,
      { employeeIds: [e] },
      { token: t.token },
    );
    expect(response.status, response.text).toBe(409);
    expect(response.body.code).toBe("payout.blocked");
    expect(response.body.items.map((i: { code: string }) => i.code).sort()).toEqual([
      "payout.missing_company_iban",
      "payout.missing_company_town",
    ]);
  });

  it("409 payout.nothing_open when nobody has anything open", async () => {
    const t = await tenantFixture();
    await companyFixture(t);
    const response = await api.post(
      `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/payrunperiods/open/payouts`,
      {},
      { token: t.token },
    );
    expect(response.status, response.text).toBe(409);
    expect(response.body.code).toBe("payout.nothing_open");
  });

  it("an employee not in payroll yet, asked for by name: nothing is open (409), an amount exceeds it (422); Payroll Control blocks nothing", async () => {
    const t = await payrollWithStaff(1);
    const newcomer = (
      await t.client.POST("/tenants/{orgId}/employees", { params: { path: { orgId: t.orgId } }, body: anEmployee() })
    ).data!.id;
    const control = await controlOf(t, newcomer);
    expect(control).toMatchObject({ state: "EmployedWithoutWage", openAmount: "0.00" });
    expect(control.items.filter((i) => i.blocking)).toEqual([]);

    const byName = await pay(t, { employeeIds: [newcomer] });
    expect(byName.status, byName.text).toBe(409);
    expect(byName.body.code).toBe("payout.nothing_open");
    const withAmount = await pay(t, { amounts: { [newcomer]: "10.00" } });
    expect(withAmount.status, withAmount.text).toBe(422);
    expect(withAmount.body).toMatchObject({
      code: "payout.exceeds_open_amount",
      errors: [{ path: `amounts.${newcomer}` }],
    });
    // Everyone else is paid as before; the newcomer is not among them.
    const all = await payOut(t);
    expect(all.response.status, ok(all)).toBe(201);
    expect(all.data!.payout.lines.map((l) => l.employeeId)).toEqual(t.employeeIds);
  });

  it("409 period.not_open for a closed period", async () => {
    const t = await payrollWithStaff(1);
    const closed = await closeOpen(t);
    expect(closed.response.status, ok(closed)).toBe(200);
    const response = await payOut(t);
    expect(response.response.status).toBe(201); // the new open period has the next month's salary
    const old = await api.post(`${t.base}/${closed.data!.id}/payouts`, {}, { token: t.token });
    expect(old.status, old.text).toBe(409);
    expect(old.body.code).toBe("period.not_open");
  });
});

describe("payouts: cancel and processed", () => {
  it("cancelling opens the amounts again and records PayoutCancellationRequested; a second cancel is 409", async () => {
    const t = await payrollWithStaff(1);
    const [e] = t.employeeIds as [string];
    const open = (await entryOf(t, e)).openAmount;
    const { payout } = (await payOut(t)).data!;
    expect((await entryOf(t, e)).openAmount).toBe("0.00");
    const url = `${t.base}/open/payouts/${payout.id}`;
    const cancelled = await cancel(t, payout.id);
    expect(cancelled.response.status, ok(cancelled)).toBe(200);
    expect(cancelled.data).toMatchObject({ id: payout.id, status: "cancelled", cancelledAt: expect.any(String) });
    expect(await entryOf(t, e)).toMatchObject({ openAmount: open, paidOut: "0.00", controlState: "ReadyToPayOut" });
    expect(await eventsOf(t.orgId, "PayoutCancellationRequested")).toEqual([
      expect.objectContaining({ payload: expect.objectContaining({ payoutId: payout.id }) }),
    ]);
    const again = await api.post(url, undefined, { token: t.token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("payout.cancelled");
    const processed = await api.post(`${url}/processed`, undefined, { token: t.token });
    expect(processed.status).toBe(409);
    expect(processed.body.code).toBe("payout.cancelled");
    // Paid again after the cancellation: the whole amount.
    const repaid = await payOut(t);
    expect(repaid.response.status).toBe(201);
    expect(repaid.data!.payout.total).toBe(open);
  });

  it("after close, the period's payouts and payment files stay listed; a payout not yet processed can still be cancelled", async () => {
    const t = await payrollWithStaff(1);
    const { payout, paymentFile } = (await payOut(t, { amounts: { [t.employeeIds[0]!]: "100.00" } })).data!;
    const closed = await closeOpen(t);
    expect(closed.response.status, ok(closed)).toBe(200);
    const closedId = closed.data!.id;
    const period = `${t.base}/${closedId}`;
    expect((await payoutsList(t, closedId)).items.map((p) => p.id)).toEqual([payout.id]);
    const files = (
      await t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/documents", {
        params: { path: periodOf(t, closedId), query: { category: "PaymentFile" } },
      })
    ).data!.items;
    expect(files.map((d) => d.id)).toEqual([paymentFile.documentId]);
    expect((await api.get(`${period}/payouts/${payout.id}/document`, { token: t.token })).text).toBe(
      paymentFile.content,
    );
    // Cancelled after the close (tests/integration/payouts-cancel-closed.test.ts follows the amount into the open period).
    const cancelled = await cancel(t, payout.id, closedId);
    expect(cancelled.response.status, ok(cancelled)).toBe(200);
    expect(cancelled.data).toMatchObject({ id: payout.id, status: "cancelled", cancelledAt: expect.any(String) });
    const processed = await api.post(`${period}/payouts/${payout.id}/processed`, undefined, { token: t.token });
    expect(processed.status).toBe(409);
    expect(processed.body.code).toBe("payout.cancelled");
  });

  it("processed by POST .../processed (idempotent): then cancel is 409 payout.processed", async () => {
    const t = await payrollWithStaff(1);
    const { payout } = (await payOut(t)).data!;
    const url = `${t.base}/open/payouts/${payout.id}`;
    const first = await markProcessed(t, payout.id);
    expect(first.response.status, ok(first)).toBe(200);
    expect(first.data).toMatchObject({ status: "processed", processedAt: expect.any(String) });
    const second = await markProcessed(t, payout.id);
    expect(second.response.status).toBe(200);
    expect(second.data).toEqual(first.data);
    const refused = await api.post(url, undefined, { token: t.token });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("payout.processed");
  });

  it("processed once its execution date has begun in Europe/Zurich; the rebase is then refused", async () => {
    const t = await payrollWithStaff(1);
    const today = todayInZurich();
    const created = await payOut(t, { executionDate: today });
    expect(created.response.status, ok(created)).toBe(201);
    // Answered as it is from then on, not as "created" until the next read.
    expect(created.data!.payout).toMatchObject({
      status: "processed",
      executionDate: today,
      processedAt: expect.any(String),
    });
    const got = await t.client.GET(
      "/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/payouts/{payoutId}",
      { params: { path: payoutOf(t, created.data!.payout.id) } },
    );
    expect(got.data).toMatchObject({ status: "processed", executionDate: today, processedAt: expect.any(String) });
    const refused = await api.post(`${t.base}/open/payouts/${created.data!.payout.id}`, undefined, { token: t.token });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("payout.processed");
    const rebase = await api.post(
      `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/rebase`,
      { accountingStartDate: "2026-03-01", confirm: true },
      { token: t.token },
    );
    expect(rebase.status, rebase.text).toBe(409);
    expect(rebase.body.code).toBe("payroll.payouts_processed");
  });

  it("a payout not yet processed does not stop a rebase, and goes with its period", async () => {
    const t = await payrollWithStaff(1);
    expect((await payOut(t)).response.status).toBe(201);
    const rebase = await t.client.POST("/tenants/{orgId}/payrolls/{payrollId}/rebase", {
      params: { path: { orgId: t.orgId, payrollId: t.payroll.id } },
      body: { accountingStartDate: "2026-03-01", confirm: true },
    });
    expect(rebase.response.status, ok(rebase)).toBe(200);
    expect((await payoutsList(t)).items).toEqual([]);
  });
});

describe("payouts: concurrency and idempotency", () => {
  it("20 concurrent payouts of the same employee's full amount under different keys pay the open amount exactly once", async () => {
    const t = await payrollWithStaff(1);
    const [e] = t.employeeIds as [string];
    const open = (await entryOf(t, e)).openAmount;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => pay(t, { employeeIds: [e] }, { "idempotency-key": `race-${i}` })),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status !== 201).map((r) => r.body.code)).toEqual(
      Array(19).fill("payout.nothing_open"),
    );
    const items = (await payoutsList(t)).items;
    expect(items).toHaveLength(1);
    expect(items[0]!.total).toBe(open);
    expect(await entryOf(t, e)).toMatchObject({ paidOut: open, openAmount: "0.00" });
  });

  it("20 concurrent advances without keys never pay more than open", async () => {
    const t = await payrollWithStaff(1);
    const [e] = t.employeeIds as [string];
    const open = chf((await entryOf(t, e)).openAmount);
    const advance = Math.floor(open / 3 / 5) * 5;
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => pay(t, { employeeIds: [e], amounts: { [e]: formatRappen(advance) } })),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(3);
    expect(responses.filter((r) => r.status !== 201).every((r) => r.body.code === "payout.exceeds_open_amount")).toBe(
      true,
    );
    expect(chf((await entryOf(t, e)).paidOut)).toBe(3 * advance);
  });

  it("a repeated Idempotency-Key returns the first payout", async () => {
    const t = await payrollWithStaff(1);
    const first = await payOut(t, {}, "pay-once");
    const second = await payOut(t, {}, "pay-once");
    expect(first.response.status).toBe(201);
    expect(second.response.status).toBe(201);
    expect(second.data!.payout.id).toBe(first.data!.payout.id);
    expect((await payoutsList(t)).items).toHaveLength(1);
  });
});

describe("payouts: split salary payments (EmployeeSecondBankAccount, HR only)", () => {
  const SAVINGS = "CH2300700110012345678";
  const MAIN = "CH9300762011623852957";
  const ibanTotals = (lines: { iban: string | null; amount: string }[]) => {
    const totals: Record<string, number> = {};
    for (const l of lines) totals[`${l.iban}`] = (totals[`${l.iban}`] ?? 0) + chf(l.amount);
    return totals;
  };

  it("a fixed amount goes to the second account once per period, across advance, final payment and a cancellation", async () => {
    const t = await payrollWithStaff(1);
    const [e] = t.employeeIds as [string];
    await postCase(t, "EmployeeSecondBankAccount", e, {
      SecondIban: SAVINGS,
      SecondAccountHolder: "Anna Muster Sparkonto",
      SecondAccountAmount: "500.00",
    });
    const open = chf((await entryOf(t, e)).openAmount);

    const advance = await payOut(t, { employeeIds: [e], amounts: { [e]: "300.00" } });
    expect(advance.response.status, ok(advance)).toBe(201);
    expect(advance.data!.payout).toMatchObject({
      total: "300.00",
      count: 1,
      lines: [{ employeeId: e, amount: "300.00", iban: SAVINGS }],
    });
    expect((await validatePain001(advance.data!.paymentFile.content)).messages).toEqual([]);
    expect(advance.data!.paymentFile.content).toContain("<Nm>Anna Muster Sparkonto</Nm>");

    const final = await payOut(t, { employeeIds: [e] });
    expect(final.response.status, ok(final)).toBe(201);
    const { payout, paymentFile } = final.data!;
    expect(payout.count).toBe(2);
    expect(ibanTotals(payout.lines)).toEqual({ [SAVINGS]: 20000, [MAIN]: open - 50000 });
    expect(chf(payout.total)).toBe(open - 30000);
    expect(new Set(payout.lines.map((l) => l.endToEndId)).size).toBe(2);
    expect((await validatePain001(paymentFile.content)).messages).toEqual([]);
    expect(paymentFile.content).toContain("<NbOfTxs>2</NbOfTxs>");
    expect(paymentFile.content).toContain(`<IBAN>${SAVINGS}</IBAN>`);
    expect(await entryOf(t, e)).toMatchObject({
      openAmount: "0.00",
      paidOut: formatRappen(open),
      controlState: "PaidOut",
    });

    // The advance cancelled: its 300.00 are open again and go to the second account again (its 500.00 are owed once).
    expect((await cancel(t, advance.data!.payout.id)).response.status).toBe(200);
    const repaid = await payOut(t, { employeeIds: [e] });
    expect(repaid.response.status, ok(repaid)).toBe(201);
    expect(repaid.data!.payout.lines).toEqual([expect.objectContaining({ iban: SAVINGS, amount: "300.00" })]);
  });

  it("a percentage splits every payout, rounded down to the Rappen for the second account; the parts sum to the amount", async () => {
    const t = await payrollWithStaff(1);
    const [e] = t.employeeIds as [string];
    await postCase(t, "EmployeeSecondBankAccount", e, { SecondIban: SAVINGS, SecondAccountPercent: "25" });
    const open = chf((await entryOf(t, e)).openAmount);
    const advance = await payOut(t, { employeeIds: [e], amounts: { [e]: "1000.03" } });
    expect(advance.response.status, ok(advance)).toBe(201);
    expect(ibanTotals(advance.data!.payout.lines)).toEqual({ [SAVINGS]: 25000, [MAIN]: 75003 });
    expect(advance.data!.paymentFile.content).toContain("<CtrlSum>1000.03</CtrlSum>");
    const final = await payOut(t, { employeeIds: [e] });
    expect(final.response.status, ok(final)).toBe(201);
    const rest = open - 100003;
    const toSavings = Math.floor(rest / 4);
    expect(ibanTotals(final.data!.payout.lines)).toEqual({ [SAVINGS]: toSavings, [MAIN]: rest - toSavings });
    expect((await validatePain001(final.data!.paymentFile.content)).messages).toEqual([]);
    expect((await entryOf(t, e)).openAmount).toBe("0.00");
  });

  it("a contradictory split blocks the employee (409 payout.blocked payout.invalid_split) until HR records one share as 0; both as 0 end it", async () => {
    const t = await payrollWithStaff(2);
    const [a, b] = t.employeeIds as [string, string];
    await postCase(t, "EmployeeSecondBankAccount", a, {
      SecondIban: SAVINGS,
      SecondAccountAmount: "100.00",
      SecondAccountPercent: "10",
    });
    const refused = await pay(t, { employeeIds: [a] });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toMatchObject({
      code: "payout.blocked",
      items: [{ employeeId: a, code: "payout.invalid_split", caseName: "EmployeeSecondBankAccount" }],
    });
    // Paying everyone leaves the blocked employee out.
    const everyone = await payOut(t);
    expect(everyone.response.status, ok(everyone)).toBe(201);
    expect(everyone.data!.payout.lines.map((l) => l.employeeId)).toEqual([b]);
    // HR keeps the percentage (the amount recorded as 0): the split applies again.
    await postCase(t, "EmployeeSecondBankAccount", a, { SecondAccountAmount: "0" });
    const split = await payOut(t, { employeeIds: [a], amounts: { [a]: "100.00" } });
    expect(split.response.status, ok(split)).toBe(201);
    expect(ibanTotals(split.data!.payout.lines)).toEqual({ [SAVINGS]: 1000, [MAIN]: 9000 });
    // HR ends the split (the percentage recorded as 0 too): everything goes to the main account.
    await postCase(t, "EmployeeSecondBankAccount", a, { SecondAccountPercent: "0" });
    const paid = await payOut(t, { employeeIds: [a] });
    expect(paid.response.status, ok(paid)).toBe(201);
    expect(paid.data!.payout.lines).toEqual([expect.objectContaining({ employeeId: a, iban: MAIN })]);
  });

  it("refuses a QR-IBAN as second account, and a Self Service person cannot record one", async () => {
    const t = await payrollWithStaff(1);
    const [e] = t.employeeIds as [string];
    const cases = `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/cases`;
    const qr = await api.post(
      cases,
      {
        caseName: "EmployeeSecondBankAccount",
        employeeId: e,
        values: [{ caseFieldName: "SecondIban", value: "CH4431999123000889012", start: "2026-01-01" }],
      },
      { token: t.token },
    );
    expect(qr.status).toBe(422);
    expect(qr.body.errors[0].path).toBe("values.0.value");
    const selfService = await memberOf(t.orgId, "SelfService", { employeeId: e });
    const own = await api.post(
      cases,
      {
        caseName: "EmployeeSecondBankAccount",
        employeeId: e,
        values: [{ caseFieldName: "SecondIban", value: SAVINGS, start: "2026-01-01" }],
      },
      { token: selfService.token },
    );
    expect(own.status, own.text).toBe(403);
    expect(own.body.code).toBe("case.not_self_service");
  });
});

describe("payouts: who may", () => {
  it("another tenant gets 404; Self Service 403; a Manager of the payroll may pay", async () => {
    const t = await payrollWithStaff(1);
    const [e] = t.employeeIds as [string];
    const { payout } = (await payOut(t, { employeeIds: [e], amounts: { [e]: "100.00" } })).data!;
    const outsider = await tenantFixture();
    for (const [method, path] of [
      ["GET", `${t.base}/open/payouts`],
      ["POST", `${t.base}/open/payouts`],
      ["GET", `${t.base}/open/payouts/${payout.id}`],
      ["GET", `${t.base}/open/payouts/${payout.id}/document`],
      ["POST", `${t.base}/open/payouts/${payout.id}`],
      ["POST", `${t.base}/open/payouts/${payout.id}/processed`],
    ] as const) {
      const response =
        method === "GET"
          ? await api.get(path, { token: outsider.token })
          : await api.post(path, {}, { token: outsider.token });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    // The other tenant's own payout paths do not reach this payout either.
    const foreign = await api.get(
      `/api/tenants/${outsider.orgId}/payrolls/${outsider.payroll.id}/payrunperiods/open/payouts/${payout.id}`,
      { token: outsider.token },
    );
    expect(foreign.status).toBe(404);
    const selfService = await memberOf(t.orgId, "SelfService", { employeeId: e });
    expect((await api.get(`${t.base}/open/payouts`, { token: selfService.token })).status).toBe(403);
    expect((await api.post(`${t.base}/open/payouts`, {}, { token: selfService.token })).status).toBe(403);
    const manager = await memberOf(t.orgId, "Manager", { payrollIds: [t.payroll.id] });
    const managed = await clientWithToken(manager.token).POST(
      "/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/payouts",
      { params: { path: periodOf(t) }, body: { employeeIds: [e], amounts: { [e]: "100.00" } } },
    );
    expect(managed.response.status, ok(managed)).toBe(201);
    expect(managed.data!.payout.createdBy).toMatchObject({ kind: "person" });
  });
});
