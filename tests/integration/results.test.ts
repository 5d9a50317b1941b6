import { describe, expect, it } from "vitest";
import { api } from "../fixtures/api";
import { recorded } from "../fixtures/client";
import { example1 } from "../fixtures/example-payroll";
import { anEmployee, tenantFixture } from "../fixtures/factories";

type Tenant = Awaited<ReturnType<typeof tenantFixture>>;
const ofPayroll = (t: Tenant) => ({ orgId: t.orgId, payrollId: t.payroll.id });
const ofPeriod = (t: Tenant, payrunPeriodId = "open") => ({ ...ofPayroll(t), payrunPeriodId });
const ofEntry = (t: Tenant, payrunPeriodEntryId: string, payrunPeriodId = "open") => ({
  ...ofPeriod(t, payrunPeriodId),
  payrunPeriodEntryId,
});

const periodOf = async (t: Tenant, payrunPeriodId = "open") =>
  (
    await t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}", {
      params: { path: ofPeriod(t, payrunPeriodId) },
    })
  ).data!;
const entriesOf = async (t: Tenant, payrunPeriodId = "open") =>
  (
    await t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/entries", {
      params: { path: ofPeriod(t, payrunPeriodId) },
    })
  ).data!.items;
const entryOf = async (t: Tenant, entryId: string, payrunPeriodId = "open", explain?: "true") =>
  (
    await t.client.GET(
      "/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/entries/{payrunPeriodEntryId}",
      {
        params: { path: ofEntry(t, entryId, payrunPeriodId), query: explain ? { explain } : undefined },
      },
    )
  ).data!;
const controlling = async (t: Tenant) =>
  (
    await t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/controlling", {
      params: { path: ofPeriod(t) },
    })
  ).data!;
const relevantEventValues = (
  t: Tenant,
  entryId: string,
  payrunPeriodId = "open",
  query?: { limit?: string; cursor?: string },
) =>
  t.client.GET(
    "/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/entries/{payrunPeriodEntryId}/relevantEventValues",
    {
      params: { path: ofEntry(t, entryId, payrunPeriodId), query },
    },
  );
/** The close of a period, without a body: it asks for nothing in particular. */
const close = (t: Tenant, payrunPeriodId = "open") =>
  t.client.POST("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/close", {
    params: { path: ofPeriod(t, payrunPeriodId) },
  });
const postCase = (
  t: Tenant,
  caseName: string,
  employeeId: string,
  caseFieldName: string,
  value: string,
  start: string,
) =>
  t.client.POST("/tenants/{orgId}/payrolls/{payrollId}/cases", {
    params: { path: ofPayroll(t) },
    body: { caseName, employeeId, values: [{ caseFieldName, value, start }] },
  });
const newEmployee = async (t: Tenant) =>
  (await t.client.POST("/tenants/{orgId}/employees", { params: { path: { orgId: t.orgId } }, body: anEmployee() }))
    .data!;

/** Results are always current: every case change recalculates before the answer (example 1: tests/fixtures/example-payroll.ts). */
const line = (entry: { wageTypes: { number: string; amount: string }[] }, number: string) =>
  entry.wageTypes.find((w) => w.number === number)?.amount;

describe("always-current results", () => {
  it("calculates example 1 as soon as the salary is recorded", async () => {
    const { t, employee, salary } = await example1();
    expect(salary.recalculatedPeriods).toEqual([
      expect.objectContaining({ periodStart: "2026-01-01", periodEnd: "2026-01-31" }),
    ]);
    const entries = await entriesOf(t);
    expect(entries).toEqual([
      expect.objectContaining({
        employeeId: employee.id,
        gross: "6500.00",
        net: "5804.25",
        paidOut: "0.00",
        openAmount: "5804.25",
      }),
    ]);
    const entry = await entryOf(t, entries[0]!.id);
    // Deductions are positive amounts of deduction wage types (5xxx), as a payslip shows them.
    expect(line(entry, "1000")).toBe("6500.00");
    expect(line(entry, "5010")).toBe("344.50");
    expect(line(entry, "5020")).toBe("71.50");
    expect(line(entry, "5040")).toBe("65.00");
    expect(line(entry, "5050")).toBe("214.75");
    expect(line(entry, "6500")).toBe("5804.25");
    expect(entry.wageTypes.find((w) => w.number === "5010")).toMatchObject({
      base: "6500.00",
      rate: "5.3",
      retro: false,
      retroPeriodStart: null,
    });
    expect(entry.collectors).toEqual(
      expect.arrayContaining([
        { name: "GrossWage", amount: "6500.00" },
        { name: "NetWage", amount: "5804.25" },
      ]),
    );
  });

  it("explains every line with the case values and parameters behind it", async () => {
    const { t, salary } = await example1();
    const entryId = (await entriesOf(t))[0]!.id;
    const explained = await entryOf(t, entryId, "open", "true");
    const monthly = explained.wageTypes.find((w) => w.number === "1000")!;
    expect(monthly.explanation!.caseValues).toEqual(
      expect.arrayContaining([{ field: "MonthlySalary", value: "6500.00", caseChangeId: salary.id }]),
    );
    const ahv = explained.wageTypes.find((w) => w.number === "5010")!;
    expect(ahv.explanation!.parameters).toEqual(expect.arrayContaining([{ key: "AhvEmployeeRate", value: "5.3" }]));
  });

  it("a back-dated salary change recalculates the open period at once", async () => {
    const { t, post, employee } = await example1();
    await post("Salary", employee.id, { MonthlySalary: "13000.00" }, "2026-01-01");
    const entry = (await entriesOf(t))[0];
    // Example 2: ALV at the ceiling 1.1 % x 12,350 = 135.85; NBU 1 % x 12,350 = 123.50; BVG 267.75; net 11,783.90.
    expect(entry).toMatchObject({ gross: "13000.00", net: "11783.90" });
  });

  it("Payroll Control: blocked while data is missing, ready to pay out once complete, confirmations resolve an item", async () => {
    const t = await tenantFixture();
    const employee = await newEmployee(t);
    await postCase(t, "Employment", employee.id, "EntryDate", "2026-01-01", "2026-01-01");
    const control = await controlling(t);
    const mine = control.items.find((i) => i.employeeId === employee.id)!;
    expect(mine.state).toBe("Blocked");
    expect(mine.items.map((i) => i.code)).toEqual(
      expect.arrayContaining(["calc.missing_birth_date", "calc.missing_ahv_number"]),
    );
    expect(control.blockingCount).toBeGreaterThan(0);
    // Confirming an item through a Payroll Control (cluster P) case resolves it.
    await postCase(t, "ControlConfirmation", employee.id, "ControlCode", "calc.missing_birth_date", "2026-01-01");
    const after = (await controlling(t)).items.find((i) => i.employeeId === employee.id)!;
    expect(after.items.find((i) => i.code === "calc.missing_birth_date")!.blocking).toBe(false);
    expect(after.items.find((i) => i.code === "calc.missing_ahv_number")!.blocking).toBe(true);

    // Paying needs the bank account; once the payroll uses cost centers, booking needs one per employee.
    expect(after.items.map((i) => i.code)).toContain("control.missing_bank_account");
    const complete = await example1();
    const ready = await controlling(complete.t);
    expect(ready.items).toEqual([
      expect.objectContaining({ employeeId: complete.employee.id, state: "ReadyToPayOut", openAmount: "5804.25" }),
    ]);
    await complete.t.client.POST("/tenants/{orgId}/regulations/{regulationId}/lookups/{lookupId}/values", {
      params: { path: { orgId: complete.t.orgId, regulationId: "CH", lookupId: "CostCenters" } },
      body: { key: "100", value: "Office" },
    });
    const needsCostCenter = (await controlling(complete.t)).items[0];
    expect(needsCostCenter).toMatchObject({
      state: "Blocked",
      items: [expect.objectContaining({ code: "control.missing_cost_center", caseName: "CostCenter", blocking: true })],
    });
  });

  it("relevantEventValues lists the case data recorded for the entry's period", async () => {
    const { t, base } = await example1();
    const entryId = (await entriesOf(t))[0]!.id;
    const relevant = await relevantEventValues(t, entryId);
    expect(relevant.response.status).toBe(200);
    expect(relevant.data!.since).toBeNull(); // no period closed yet
    const fields = relevant.data!.items.map((i) => i.caseFieldName);
    expect(fields).toEqual(expect.arrayContaining(["MonthlySalary", "BirthDate", "NbuRate"]));
    expect(relevant.data!.nextCursor).toBeNull();
    // Paged as every list (contract 1): three at a time, the same items in the same order.
    const paged: unknown[] = [];
    let cursor: string | undefined;
    do {
      const page = await relevantEventValues(t, entryId, "open", { limit: "3", cursor });
      expect(page.response.status, JSON.stringify(page.error)).toBe(200);
      expect(page.data!.items.length).toBeLessThanOrEqual(3);
      paged.push(...page.data!.items);
      cursor = page.data!.nextCursor ?? undefined;
    } while (cursor);
    expect(paged).toEqual(relevant.data!.items);
    expect(relevant.data!.items.length).toBeGreaterThan(3);
    const forged = await api.get(
      `${base}/payrunperiods/open/entries/${entryId}/relevantEventValues?cursor=${Buffer.from(JSON.stringify({ after: "x" })).toString("base64url")}`,
      { token: t.token },
    );
    expect(forged.status).toBe(422);
  });

  it("relevantEventValues of a closed period's entry: what was recorded up to its close; the next period's: what came after", async () => {
    const { t, post, employee } = await example1();
    const january = (await entriesOf(t))[0]!.id;
    const closed = await close(t);
    expect(closed.response.status, JSON.stringify(closed.error)).toBe(200);
    const raise = await post("Salary", employee.id, { MonthlySalary: "7000.00" }, "2026-02-01");
    const february = (await entriesOf(t))[0]!.id;

    const ofJanuary = await relevantEventValues(t, january, closed.data!.id);
    expect(ofJanuary.response.status, JSON.stringify(ofJanuary.error)).toBe(200);
    expect(ofJanuary.data!.since).toBeNull(); // no close before January
    const januaryFields = ofJanuary.data!.items.map((i) => `${i.caseFieldName}=${i.value}`);
    expect(januaryFields).toEqual(expect.arrayContaining(["MonthlySalary=6500.00", "NbuRate=1"]));
    expect(januaryFields).not.toContain("MonthlySalary=7000.00");

    const ofFebruary = await relevantEventValues(t, february);
    expect(ofFebruary.response.status, JSON.stringify(ofFebruary.error)).toBe(200);
    expect(ofFebruary.data!.since).toBe(closed.data!.closedAt);
    expect(ofFebruary.data!.items.map((i) => i.caseChangeId)).toEqual([raise.id]);
  });

  it("an unknown entry or period is a 404", async () => {
    const { t, base } = await example1();
    expect(
      (await api.get(`${base}/payrunperiods/open/entries/0190a0a0-0000-7000-8000-000000000000`, { token: t.token }))
        .status,
    ).toBe(404);
    expect(
      (await api.get(`${base}/payrunperiods/0190a0a0-0000-7000-8000-000000000000/entries`, { token: t.token })).status,
    ).toBe(404);
  });

  it("a period id that is not one is the period's 404, and the payroll's first when the payroll is unknown", async () => {
    const { t, base } = await example1();
    const unknownPayroll = `/api/tenants/${t.orgId}/payrolls/0190a0a0-0000-7000-8000-000000000000`;
    for (const read of ["entries", "controlling"]) {
      for (const period of ["not-a-period", "'; select 1 --", "0190a0a0"]) {
        const answer = await api.get(`${base}/payrunperiods/${encodeURIComponent(period)}/${read}`, { token: t.token });
        expect([answer.status, answer.body.code], `${read} ${period}`).toEqual([404, "payrun_period.not_found"]);
        const unknown = await api.get(`${unknownPayroll}/payrunperiods/${encodeURIComponent(period)}/${read}`, {
          token: t.token,
        });
        expect([unknown.status, unknown.body.code], `${read} ${period}`).toEqual([404, "payroll.not_found"]);
      }
    }
  });
});

describe("closing and retro corrections", () => {
  it("refuses to close while Payroll Control has blocking items", async () => {
    const t = await tenantFixture();
    const base = `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}`;
    const employee = await newEmployee(t);
    await postCase(t, "Employment", employee.id, "EntryDate", "2026-01-01", "2026-01-01");
    const refused = await api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("period.control_unresolved");
    expect(refused.body.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ employeeId: employee.id, code: "calc.missing_ahv_number" })]),
    );
    expect((await periodOf(t)).periodStart).toBe("2026-01-01");
  });

  it("salary changes racing a close lose nothing: January as closed plus its retro lines and February both pay the last salary recorded", async () => {
    const { t, employee } = await example1();
    const salaryChange = (monthly: string) =>
      postCase(t, "Salary", employee.id, "MonthlySalary", monthly, "2026-01-01");
    // Changes arrive before the close, while it holds the payroll's results lock (they queue behind it) and after it.
    const later = (ms: number, monthly: string) =>
      new Promise((resolve) => setTimeout(resolve, ms)).then(() => salaryChange(monthly));
    const [closing, ...changes] = await Promise.all([
      close(t),
      ...Array.from({ length: 16 }, (_, i) => later(i * 40, `${7000 + i * 100}.00`)),
    ]);
    expect(closing.response.status, JSON.stringify(closing.error)).toBe(200);
    for (const change of changes) expect(change.response.status, JSON.stringify(change.error)).toBe(201);
    const recordedChanges = changes.map(recorded);
    // Each change is recorded at the time the payroll's results lock gave it: the latest one is in force.
    const byTime = recordedChanges
      .map((r) => ({ at: r.createdAt, monthly: r.values[0]!.value }))
      .sort((x, y) => x.at.localeCompare(y.at));
    const last = byTime[byTime.length - 1]!;

    const february = await periodOf(t);
    expect(february.periodStart).toBe("2026-02-01");
    const febId = (await entriesOf(t))[0]!.id;
    const feb = (await entryOf(t, febId)).wageTypes;
    const monthly = feb.find((w) => w.number === "1000" && !w.retro)!.amount;
    if (byTime.filter((x) => x.at === last.at).length === 1) expect(monthly).toBe(last.monthly); // createdAt is shown to the millisecond
    expect(recordedChanges.map((r) => r.values[0]!.value)).toContain(monthly);

    const january = closing.data!.id;
    const janEntry = (await entriesOf(t, january))[0]!;
    const janLines = (await entryOf(t, janEntry.id, january)).wageTypes;
    const toRappen = (amount: string) => Math.round(Number(amount.replace(".", "")));
    const janMonthly = janLines.filter((l) => l.number === "1000").reduce((sum, l) => sum + toRappen(l.amount), 0);
    const janRetro = feb
      .filter((w) => w.number === "1000" && w.retro && w.retroPeriodStart === "2026-01-01")
      .reduce((sum, l) => sum + toRappen(l.amount), 0);
    expect(janMonthly + janRetro).toBe(toRappen(monthly));
    // Closed results never change: January pays what was recorded before it closed (the first salary, or a change recorded before the close).
    const closedAt = closing.data!.closedAt!;
    const beforeClose = ["6500.00", ...byTime.filter((x) => x.at <= closedAt).map((x) => x.monthly)];
    expect(beforeClose.map(toRappen)).toContain(janMonthly);
  });

  it("a back-dated change into a closed period books the differences as retro lines; closed results never change", async () => {
    const { t, base, post, employee } = await example1();
    const january = await periodOf(t);
    const closed = await close(t, january.id);
    expect(closed.response.status).toBe(200);
    expect(closed.data).toMatchObject({ id: january.id, status: "closed", closedAt: expect.any(String) });
    expect((await api.post(`${base}/payrunperiods/${january.id}/close`, undefined, { token: t.token })).body.code).toBe(
      "period.not_open",
    );
    const february = await periodOf(t);
    expect(february.periodStart).toBe("2026-02-01");

    // The salary was 7,000 from January on: January is recalculated as it should have been.
    const change = await post("Salary", employee.id, { MonthlySalary: "7000.00" }, "2026-01-01");
    expect(
      change.recalculatedPeriods.map((p: { periodStart: string; status: string }) => [p.periodStart, p.status]),
    ).toEqual([
      ["2026-01-01", "closed"],
      ["2026-02-01", "open"],
    ]);
    const janEntries = await entriesOf(t, january.id);
    expect(janEntries[0]).toMatchObject({ gross: "6500.00", net: "5804.25" }); // never changes

    const febId = (await entriesOf(t))[0]!.id;
    const feb = await entryOf(t, febId);
    const retro = feb.wageTypes.filter((w) => w.retro);
    // 1000: 7,000 - 6,500 = 500.00; AHV 5.3 % x 7,000 = 371.00 vs 344.50: 26.50; ALV 1.1 % x 7,000 = 77.00 vs 71.50: 5.50.
    expect(retro).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ number: "1000", amount: "500.00", retroPeriodStart: "2026-01-01" }),
        expect.objectContaining({ number: "5010", amount: "26.50", retroPeriodStart: "2026-01-01" }),
        expect.objectContaining({ number: "5020", amount: "5.50", retroPeriodStart: "2026-01-01" }),
      ]),
    );
    expect(line({ wageTypes: feb.wageTypes.filter((w) => !w.retro) }, "1000")).toBe("7000.00");

    // Closed results plus retro lines equal a fresh calculation of January.
    const janLines = (await entryOf(t, janEntries[0]!.id, january.id)).wageTypes;
    const fresh = await example1();
    await fresh.post("Salary", fresh.employee.id, { MonthlySalary: "7000.00" }, "2026-01-01");
    const freshId = (await entriesOf(fresh.t))[0]!.id;
    const freshLines = (await entryOf(fresh.t, freshId)).wageTypes;
    const toRappen = (amount: string) => Math.round(Number(amount.replace(".", "")));
    for (const freshLine of freshLines) {
      const booked = janLines
        .filter((l) => l.number === freshLine.number)
        .reduce((sum, l) => sum + toRappen(l.amount), 0);
      const corrected = retro
        .filter((l) => l.number === freshLine.number)
        .reduce((sum, l) => sum + toRappen(l.amount), 0);
      expect(booked + corrected, freshLine.number).toBe(toRappen(freshLine.amount));
    }

    // A second correction of the same month books only what is still missing.
    await post("Salary", employee.id, { MonthlySalary: "7000.00" }, "2026-01-01");
    const again = (await entryOf(t, febId)).wageTypes.filter((w) => w.retro);
    expect(again.find((w) => w.number === "1000")!.amount).toBe("500.00");
  });
});

describe("dry run", () => {
  it("calculates a change without saving it and tells what it would do to each period", async () => {
    const { t, employee } = await example1();
    const january = await periodOf(t);
    await close(t, january.id);
    const changes = async () =>
      (
        await t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/cases/changes", {
          params: { path: ofPayroll(t), query: { employeeId: employee.id } },
        })
      ).data!.items;
    const changesBefore = (await changes()).length;
    const dry = await t.client.POST("/tenants/{orgId}/payrolls/{payrollId}/cases", {
      params: { path: ofPayroll(t), query: { dryRun: "true" } },
      body: {
        caseName: "Salary",
        employeeId: employee.id,
        values: [{ caseFieldName: "MonthlySalary", value: "7000.00", start: "2026-01-01" }],
      },
    });
    expect(dry.response.status).toBe(200);
    const dryRun = recorded(dry);
    expect(dryRun.dryRun).toBe(true);
    const [jan, feb] = dryRun.periods!;
    expect(jan).toMatchObject({ periodStart: "2026-01-01", status: "closed" });
    // January would get +500.00 gross as a correction booked in February.
    expect(jan!.employees[0]!.gross).toEqual({ before: "0.00", after: "500.00", change: "500.00" });
    expect(feb).toMatchObject({ periodStart: "2026-02-01", status: "open" });
    expect(feb!.employees[0]!.gross).toEqual({ before: "6500.00", after: "7500.00", change: "1000.00" }); // February 7,000 plus the January correction of 500
    expect(feb!.employees[0]!.controlState).toEqual({ before: "ReadyToPayOut", after: "ReadyToPayOut" });
    // Nothing was saved.
    expect(await changes()).toHaveLength(changesBefore);
    expect((await entriesOf(t))[0]!.gross).toBe("6500.00");
  });
});

describe("amounts beyond 21 million CHF (what a 32-bit integer of Rappen holds)", () => {
  it("a bonus of 100 billion CHF is calculated and stored, not answered with a 5xx", async () => {
    const { t, employee } = await example1();
    const bonus = await postCase(t, "OneTimePayment", employee.id, "BonusAmount", "100000000000.00", "2026-01-15");
    expect(bonus.response.status, JSON.stringify(bonus.error)).toBe(201);
    const [entry] = await entriesOf(t);
    expect(entry!.gross).toBe("100000006500.00");
    expect(Number(entry!.openAmount)).toBeGreaterThan(50_000_000_000);
  });
});
