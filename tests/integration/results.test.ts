import { describe, expect, it } from "vitest";
import { api } from "../fixtures/api";
import { example1 } from "../fixtures/example-payroll";
import { anEmployee, tenantFixture } from "../fixtures/factories";

/** Results are always current: every case change recalculates before the answer (example 1: tests/fixtures/example-payroll.ts). */
const line = (entry: { wageTypes: { number: string; amount: string }[] }, number: string) =>
  entry.wageTypes.find((w) => w.number === number)?.amount;

describe("always-current results", () => {
  it("calculates example 1 as soon as the salary is recorded", async () => {
    const { t, base, employee, salary } = await example1();
    expect(salary.recalculatedPeriods).toEqual([
      expect.objectContaining({ periodStart: "2026-01-01", periodEnd: "2026-01-31" }),
    ]);
    const entries = await api.get(`${base}/payrunperiods/open/entries`, { token: t.token });
    expect(entries.body.items).toEqual([
      expect.objectContaining({
        employeeId: employee.id,
        gross: "6500.00",
        net: "5804.25",
        paidOut: "0.00",
        openAmount: "5804.25",
      }),
    ]);
    const entry = (await api.get(`${base}/payrunperiods/open/entries/${entries.body.items[0].id}`, { token: t.token }))
      .body;
    // Deductions are positive amounts of deduction wage types (5xxx), as a payslip shows them.
    expect(line(entry, "1000")).toBe("6500.00");
    expect(line(entry, "5010")).toBe("344.50");
    expect(line(entry, "5020")).toBe("71.50");
    expect(line(entry, "5040")).toBe("65.00");
    expect(line(entry, "5050")).toBe("214.75");
    expect(line(entry, "6500")).toBe("5804.25");
    expect(entry.wageTypes.find((w: { number: string }) => w.number === "5010")).toMatchObject({
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
    const { t, base, salary } = await example1();
    const entryId = (await api.get(`${base}/payrunperiods/open/entries`, { token: t.token })).body.items[0].id;
    const explained = (await api.get(`${base}/payrunperiods/open/entries/${entryId}?explain=true`, { token: t.token }))
      .body;
    const monthly = explained.wageTypes.find((w: { number: string }) => w.number === "1000");
    expect(monthly.explanation.caseValues).toEqual(
      expect.arrayContaining([{ field: "MonthlySalary", value: "6500.00", caseChangeId: salary.id }]),
    );
    const ahv = explained.wageTypes.find((w: { number: string }) => w.number === "5010");
    expect(ahv.explanation.parameters).toEqual(expect.arrayContaining([{ key: "AhvEmployeeRate", value: "5.3" }]));
  });

  it("a back-dated salary change recalculates the open period at once", async () => {
    const { t, base, post, employee } = await example1();
    await post("Salary", employee.id, { MonthlySalary: "13000.00" }, "2026-01-01");
    const entry = (await api.get(`${base}/payrunperiods/open/entries`, { token: t.token })).body.items[0];
    // Example 2: ALV at the ceiling 1.1 % x 12,350 = 135.85; NBU 1 % x 12,350 = 123.50; BVG 267.75; net 11,783.90.
    expect(entry).toMatchObject({ gross: "13000.00", net: "11783.90" });
  });

  it("Payroll Control: blocked while data is missing, ready to pay out once complete, confirmations resolve an item", async () => {
    const t = await tenantFixture();
    const base = `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}`;
    const employee = (await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token: t.token })).body;
    await api.post(
      `${base}/cases`,
      {
        caseName: "Employment",
        employeeId: employee.id,
        values: [{ caseFieldName: "EntryDate", value: "2026-01-01", start: "2026-01-01" }],
      },
      { token: t.token },
    );
    const control = (await api.get(`${base}/payrunperiods/open/controlling`, { token: t.token })).body;
    const mine = control.items.find((i: { employeeId: string }) => i.employeeId === employee.id);
    expect(mine.state).toBe("Blocked");
    expect(mine.items.map((i: { code: string }) => i.code)).toEqual(
      expect.arrayContaining(["calc.missing_birth_date", "calc.missing_ahv_number"]),
    );
    expect(control.blockingCount).toBeGreaterThan(0);
    // Confirming an item through a Payroll Control (cluster P) case resolves it.
    await api.post(
      `${base}/cases`,
      {
        caseName: "ControlConfirmation",
        employeeId: employee.id,
        values: [{ caseFieldName: "ControlCode", value: "calc.missing_birth_date", start: "2026-01-01" }],
      },
      { token: t.token },
    );
    const after = (await api.get(`${base}/payrunperiods/open/controlling`, { token: t.token })).body.items.find(
      (i: { employeeId: string }) => i.employeeId === employee.id,
    );
    expect(after.items.find((i: { code: string }) => i.code === "calc.missing_birth_date").blocking).toBe(false);
    expect(after.items.find((i: { code: string }) => i.code === "calc.missing_ahv_number").blocking).toBe(true);

    // Paying needs the bank account; once the payroll uses cost centers, booking needs one per employee.
    expect(after.items.map((i: { code: string }) => i.code)).toContain("control.missing_bank_account");
    const complete = await example1();
    const ready = (await api.get(`${complete.base}/payrunperiods/open/controlling`, { token: complete.t.token })).body;
    expect(ready.items).toEqual([
      expect.objectContaining({ employeeId: complete.employee.id, state: "ReadyToPayOut", openAmount: "5804.25" }),
    ]);
    await api.post(
      `/api/tenants/${complete.t.orgId}/regulations/CH/lookups/CostCenters/values`,
      { key: "100", value: "Office" },
      { token: complete.t.token },
    );
    const needsCostCenter = (
      await api.get(`${complete.base}/payrunperiods/open/controlling`, { token: complete.t.token })
    ).body.items[0];
    expect(needsCostCenter).toMatchObject({
      state: "Blocked",
      items: [expect.objectContaining({ code: "control.missing_cost_center", caseName: "CostCenter", blocking: true })],
    });
  });

  it("relevantEventValues lists the case data recorded for the entry's period", async () => {
    const { t, base } = await example1();
    const entryId = (await api.get(`${base}/payrunperiods/open/entries`, { token: t.token })).body.items[0].id;
    const relevant = await api.get(`${base}/payrunperiods/open/entries/${entryId}/relevantEventValues`, {
      token: t.token,
    });
    expect(relevant.status).toBe(200);
    expect(relevant.body.since).toBeNull(); // no period closed yet
    const fields = relevant.body.items.map((i: { caseFieldName: string }) => i.caseFieldName);
    expect(fields).toEqual(expect.arrayContaining(["MonthlySalary", "BirthDate", "NbuRate"]));
    expect(relevant.body.nextCursor).toBeNull();
    // Paged as every list (contract 1): three at a time, the same items in the same order.
    const paged: unknown[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; text: string; body: { items: unknown[]; nextCursor: string | null } } =
        await api.get(
          `${base}/payrunperiods/open/entries/${entryId}/relevantEventValues?limit=3${cursor ? `&cursor=${cursor}` : ""}`,
          { token: t.token },
        );
      expect(page.status, page.text).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(3);
      paged.push(...page.body.items);
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(paged).toEqual(relevant.body.items);
    expect(relevant.body.items.length).toBeGreaterThan(3);
    const forged = await api.get(
      `${base}/payrunperiods/open/entries/${entryId}/relevantEventValues?cursor=${Buffer.from(JSON.stringify({ after: "x" })).toString("base64url")}`,
      { token: t.token },
    );
    expect(forged.status).toBe(422);
  });

  it("relevantEventValues of a closed period's entry: what was recorded up to its close; the next period's: what came after", async () => {
    const { t, base, post, employee } = await example1();
    const january = (await api.get(`${base}/payrunperiods/open/entries`, { token: t.token })).body.items[0]
      .id as string;
    const closed = await api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token });
    expect(closed.status, closed.text).toBe(200);
    const raise = await post("Salary", employee.id, { MonthlySalary: "7000.00" }, "2026-02-01");
    const february = (await api.get(`${base}/payrunperiods/open/entries`, { token: t.token })).body.items[0]
      .id as string;

    const ofJanuary = await api.get(`${base}/payrunperiods/${closed.body.id}/entries/${january}/relevantEventValues`, {
      token: t.token,
    });
    expect(ofJanuary.status, ofJanuary.text).toBe(200);
    expect(ofJanuary.body.since).toBeNull(); // no close before January
    const januaryFields = ofJanuary.body.items.map(
      (i: { caseFieldName: string; value: string }) => `${i.caseFieldName}=${i.value}`,
    );
    expect(januaryFields).toEqual(expect.arrayContaining(["MonthlySalary=6500.00", "NbuRate=1"]));
    expect(januaryFields).not.toContain("MonthlySalary=7000.00");

    const ofFebruary = await api.get(`${base}/payrunperiods/open/entries/${february}/relevantEventValues`, {
      token: t.token,
    });
    expect(ofFebruary.status, ofFebruary.text).toBe(200);
    expect(ofFebruary.body.since).toBe(closed.body.closedAt);
    expect(ofFebruary.body.items.map((i: { caseChangeId: string }) => i.caseChangeId)).toEqual([raise.id]);
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
    const employee = (await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token: t.token })).body;
    await api.post(
      `${base}/cases`,
      {
        caseName: "Employment",
        employeeId: employee.id,
        values: [{ caseFieldName: "EntryDate", value: "2026-01-01", start: "2026-01-01" }],
      },
      { token: t.token },
    );
    const refused = await api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("period.control_unresolved");
    expect(refused.body.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ employeeId: employee.id, code: "calc.missing_ahv_number" })]),
    );
    expect((await api.get(`${base}/payrunperiods/open`, { token: t.token })).body.periodStart).toBe("2026-01-01");
  });

  it("salary changes racing a close lose nothing: January as closed plus its retro lines and February both pay the last salary recorded", async () => {
    const { t, base, employee } = await example1();
    const salaryChange = (monthly: string) =>
      api.post(
        `${base}/cases`,
        {
          caseName: "Salary",
          employeeId: employee.id,
          values: [{ caseFieldName: "MonthlySalary", value: monthly, start: "2026-01-01" }],
        },
        { token: t.token },
      );
    // Changes arrive before the close, while it holds the payroll's results lock (they queue behind it) and after it.
    const later = (ms: number, monthly: string) =>
      new Promise((resolve) => setTimeout(resolve, ms)).then(() => salaryChange(monthly));
    const [close, ...changes] = await Promise.all([
      api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token }),
      ...Array.from({ length: 16 }, (_, i) => later(i * 40, `${7000 + i * 100}.00`)),
    ]);
    expect(close.status, close.text).toBe(200);
    for (const change of changes) expect(change.status, change.text).toBe(201);
    // Each change is recorded at the time the payroll's results lock gave it: the latest one is in force.
    const byTime = changes
      .map((r) => ({ at: r.body.createdAt as string, monthly: r.body.values[0].value as string }))
      .sort((x, y) => x.at.localeCompare(y.at));
    const last = byTime[byTime.length - 1]!;

    const february = (await api.get(`${base}/payrunperiods/open`, { token: t.token })).body;
    expect(february.periodStart).toBe("2026-02-01");
    const febId = (await api.get(`${base}/payrunperiods/open/entries`, { token: t.token })).body.items[0].id;
    const feb = (await api.get(`${base}/payrunperiods/open/entries/${febId}`, { token: t.token })).body.wageTypes as {
      number: string;
      amount: string;
      retro: boolean;
      retroPeriodStart: string | null;
    }[];
    const monthly = feb.find((w) => w.number === "1000" && !w.retro)!.amount;
    if (byTime.filter((x) => x.at === last.at).length === 1) expect(monthly).toBe(last.monthly); // createdAt is shown to the millisecond
    expect(changes.map((r) => r.body.values[0].value)).toContain(monthly);

    const january = close.body.id as string;
    const janEntry = (await api.get(`${base}/payrunperiods/${january}/entries`, { token: t.token })).body.items[0];
    const janLines = (await api.get(`${base}/payrunperiods/${january}/entries/${janEntry.id}`, { token: t.token })).body
      .wageTypes as { number: string; amount: string }[];
    const toRappen = (amount: string) => Math.round(Number(amount.replace(".", "")));
    const janMonthly = janLines.filter((l) => l.number === "1000").reduce((sum, l) => sum + toRappen(l.amount), 0);
    const janRetro = feb
      .filter((w) => w.number === "1000" && w.retro && w.retroPeriodStart === "2026-01-01")
      .reduce((sum, l) => sum + toRappen(l.amount), 0);
    expect(janMonthly + janRetro).toBe(toRappen(monthly));
    // Closed results never change: January pays what was recorded before it closed (the first salary, or a change recorded before the close).
    const closedAt = close.body.closedAt as string;
    console.log("BYTIME", JSON.stringify(byTime), closedAt, janMonthly);
    const beforeClose = ["6500.00", ...byTime.filter((x) => x.at <= closedAt).map((x) => x.monthly)];
    expect(beforeClose.map(toRappen)).toContain(janMonthly);
  });

  it("a back-dated change into a closed period books the differences as retro lines; closed results never change", async () => {
    const { t, base, post, employee } = await example1();
    const january = (await api.get(`${base}/payrunperiods/open`, { token: t.token })).body;
    const closed = await api.post(`${base}/payrunperiods/${january.id}/close`, undefined, { token: t.token });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ id: january.id, status: "closed", closedAt: expect.any(String) });
    expect((await api.post(`${base}/payrunperiods/${january.id}/close`, undefined, { token: t.token })).body.code).toBe(
      "period.not_open",
    );
    const february = (await api.get(`${base}/payrunperiods/open`, { token: t.token })).body;
    expect(february.periodStart).toBe("2026-02-01");

    // The salary was 7,000 from January on: January is recalculated as it should have been.
    const change = await post("Salary", employee.id, { MonthlySalary: "7000.00" }, "2026-01-01");
    expect(
      change.recalculatedPeriods.map((p: { periodStart: string; status: string }) => [p.periodStart, p.status]),
    ).toEqual([
      ["2026-01-01", "closed"],
      ["2026-02-01", "open"],
    ]);
    const janEntries = (await api.get(`${base}/payrunperiods/${january.id}/entries`, { token: t.token })).body.items;
    expect(janEntries[0]).toMatchObject({ gross: "6500.00", net: "5804.25" }); // never changes

    const febId = (await api.get(`${base}/payrunperiods/open/entries`, { token: t.token })).body.items[0].id;
    const feb = (await api.get(`${base}/payrunperiods/open/entries/${febId}`, { token: t.token })).body;
    const retro = feb.wageTypes.filter((w: { retro: boolean }) => w.retro);
    // 1000: 7,000 - 6,500 = 500.00; AHV 5.3 % x 7,000 = 371.00 vs 344.50: 26.50; ALV 1.1 % x 7,000 = 77.00 vs 71.50: 5.50.
    expect(retro).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ number: "1000", amount: "500.00", retroPeriodStart: "2026-01-01" }),
        expect.objectContaining({ number: "5010", amount: "26.50", retroPeriodStart: "2026-01-01" }),
        expect.objectContaining({ number: "5020", amount: "5.50", retroPeriodStart: "2026-01-01" }),
      ]),
    );
    expect(line({ wageTypes: feb.wageTypes.filter((w: { retro: boolean }) => !w.retro) }, "1000")).toBe("7000.00");

    // Closed results plus retro lines equal a fresh calculation of January.
    const janLines = (
      await api.get(`${base}/payrunperiods/${january.id}/entries/${janEntries[0].id}`, { token: t.token })
    ).body.wageTypes;
    const fresh = await example1();
    await fresh.post("Salary", fresh.employee.id, { MonthlySalary: "7000.00" }, "2026-01-01");
    const freshId = (await api.get(`${fresh.base}/payrunperiods/open/entries`, { token: fresh.t.token })).body.items[0]
      .id;
    const freshLines = (await api.get(`${fresh.base}/payrunperiods/open/entries/${freshId}`, { token: fresh.t.token }))
      .body.wageTypes;
    const toRappen = (amount: string) => Math.round(Number(amount.replace(".", "")));
    for (const freshLine of freshLines as { number: string; amount: string }[]) {
      const booked = (janLines as { number: string; amount: string }[])
        .filter((l) => l.number === freshLine.number)
        .reduce((sum, l) => sum + toRappen(l.amount), 0);
      const corrected = (retro as { number: string; amount: string }[])
        .filter((l) => l.number === freshLine.number)
        .reduce((sum, l) => sum + toRappen(l.amount), 0);
      expect(booked + corrected, freshLine.number).toBe(toRappen(freshLine.amount));
    }

    // A second correction of the same month books only what is still missing.
    await post("Salary", employee.id, { MonthlySalary: "7000.00" }, "2026-01-01");
    const again = (
      await api.get(`${base}/payrunperiods/open/entries/${febId}`, { token: t.token })
    ).body.wageTypes.filter((w: { retro: boolean }) => w.retro);
    expect(again.find((w: { number: string }) => w.number === "1000").amount).toBe("500.00");
  });
});

describe("dry run", () => {
  it("calculates a change without saving it and tells what it would do to each period", async () => {
    const { t, base, employee } = await example1();
    const january = (await api.get(`${base}/payrunperiods/open`, { token: t.token })).body;
    await api.post(`${base}/payrunperiods/${january.id}/close`, undefined, { token: t.token });
    const changesBefore = (await api.get(`${base}/cases/changes?employeeId=${employee.id}`, { token: t.token })).body
      .items.length;
    const body = {
      caseName: "Salary",
      employeeId: employee.id,
      values: [{ caseFieldName: "MonthlySalary", value: "7000.00", start: "2026-01-01" }],
    };
    const dry = await api.post(`${base}/cases?dryRun=true`, body, { token: t.token });
    expect(dry.status).toBe(200);
    expect(dry.body.dryRun).toBe(true);
    const [jan, feb] = dry.body.periods;
    expect(jan).toMatchObject({ periodStart: "2026-01-01", status: "closed" });
    // January would get +500.00 gross as a correction booked in February.
    expect(jan.employees[0].gross).toEqual({ before: "0.00", after: "500.00", change: "500.00" });
    expect(feb).toMatchObject({ periodStart: "2026-02-01", status: "open" });
    expect(feb.employees[0].gross).toEqual({ before: "6500.00", after: "7500.00", change: "1000.00" }); // February 7,000 plus the January correction of 500
    expect(feb.employees[0].controlState).toEqual({ before: "ReadyToPayOut", after: "ReadyToPayOut" });
    // Nothing was saved.
    expect(
      (await api.get(`${base}/cases/changes?employeeId=${employee.id}`, { token: t.token })).body.items,
    ).toHaveLength(changesBefore);
    expect((await api.get(`${base}/payrunperiods/open/entries`, { token: t.token })).body.items[0].gross).toBe(
      "6500.00",
    );
  });
});

describe("amounts beyond 21 million CHF (what a 32-bit integer of Rappen holds)", () => {
  it("a bonus of 100 billion CHF is calculated and stored, not answered with a 5xx", async () => {
    const { t, base, employee } = await example1();
    const bonus = await api.post(
      `${base}/cases`,
      {
        caseName: "OneTimePayment",
        employeeId: employee.id,
        values: [{ caseFieldName: "BonusAmount", value: "100000000000.00", start: "2026-01-15" }],
      },
      { token: t.token },
    );
    expect(bonus.status, bonus.text).toBe(201);
    const [entry] = (await api.get(`${base}/payrunperiods/open/entries`, { token: t.token })).body.items;
    expect(entry.gross).toBe("100000006500.00");
    expect(Number(entry.openAmount)).toBeGreaterThan(50_000_000_000);
  });
});
