import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { events } from "@/server/db/schema";
import { api } from "../fixtures/api";
import { example1 } from "../fixtures/example-payroll";
import { anEmployee, memberOf, tenantFixture } from "../fixtures/factories";

/**
 * Contract 9b: what a Self Service employee posts for themselves. Address and correspondence
 * language apply at once (201); a bank account, family allowances, an absence, a partner or a civil
 * status is reported (202), waits in a selfServiceChange task, and is in no value in force, result
 * or missing data until HR approves it (then recorded as of its start and recalculated).
 */
type Change = {
  id: string;
  employeeId: string | null;
  caseName: string;
  status: string;
  taskId: string | null;
  decision: { resolution: string; reason: string | null; decidedAt: string; decidedBy: string } | null;
  values: { id: string; caseFieldName: string; value: string; start: string }[];
};

async function eventsOf(orgId: string, type: string) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.tenantId, orgId), eq(events.type, type)))
    .orderBy(asc(events.createdAt), asc(events.id));
  return rows.map((e) => e.payload);
}

const at = (values: Record<string, string>, start = "2026-01-01") =>
  Object.entries(values).map(([caseFieldName, value]) => ({ caseFieldName, value, start }));

/** What each ESS/ECT case answers when an employee posts it for themselves. */
const OWN_CASES: { caseName: string; values: Record<string, string>; status: 201 | 202 }[] = [
  {
    caseName: "EmployeeAddress",
    values: { Street: "Seestrasse", HouseNumber: "4", PostalCode: "8002", City: "Zürich", Country: "CH" },
    status: 201,
  },
  { caseName: "EmployeePersonalData", values: { CorrespondenceLanguage: "fr" }, status: 201 },
  { caseName: "EmployeePersonalData", values: { CivilStatus: "married" }, status: 202 },
  {
    caseName: "EmployeeBankAccount",
    values: { Iban: "CH5604835012345678009", AccountHolder: "Anna Muster" },
    status: 202,
  },
  { caseName: "FamilyAllowances", values: { ChildAllowances: "2" }, status: 202 },
  { caseName: "Absence", values: { AbsenceType: "sickness", AbsencePercent: "50" }, status: 202 },
  { caseName: "EmployeePartner", values: { PartnerFirstName: "Marco", PartnerLastName: "Muster" }, status: 202 },
];

describe("Self Service reports changes that HR approves (contract 9b)", () => {
  let world: Awaited<ReturnType<typeof example1>>;
  let ess: { token: string };
  let employeeId: string;
  let otherId: string;
  let changes: string;
  let tasks: string;

  const entry = async (id: string) =>
    (
      (await api.get(`${world.base}/payrunperiods/open/entries`, { token: world.t.token })).body.items as {
        employeeId: string;
        net: string;
        openAmount: string;
      }[]
    ).find((e) => e.employeeId === id)!;
  const inForce = async (id: string, token = world.t.token) =>
    Object.fromEntries(
      (
        (await api.get(`${world.base}/cases/values/time?employeeId=${id}&valueDate=2026-01-15`, { token })).body
          .items as { caseFieldName: string; value: string }[]
      ).map((v) => [v.caseFieldName, v.value]),
    );
  const missing = async (id: string) =>
    (
      (await api.get(`${world.base}/employees/${id}/missingdata?valueDate=2026-01-15`, { token: world.t.token })).body
        .items as { fields: { name: string }[] }[]
    ).flatMap((c) => c.fields.map((f) => f.name));
  const report = (body: Record<string, unknown>, token = ess.token) => api.post(`${world.base}/cases`, body, { token });

  beforeAll(async () => {
    world = await example1();
    employeeId = world.employee.id;
    ess = await memberOf(world.t.orgId, "SelfService", { employeeId });
    otherId = (await api.post(`/api/tenants/${world.t.orgId}/employees`, anEmployee(), { token: world.t.token })).body
      .id;
    changes = `${world.base}/cases/changes`;
    tasks = `${world.base}/tasks`;
  });

  it("every ESS/ECT case for themselves: 201 applied, or 202 pending with a selfServiceChange task and its TaskChanged", async () => {
    for (const { caseName, values, status } of OWN_CASES) {
      const response = await report({ caseName, employeeId, reason: "Moved in with Marco", values: at(values) });
      expect(response.status, `${caseName} ${response.text}`).toBe(status);
      if (status === 201) {
        expect(response.body).toMatchObject({ caseName, status: "applied", taskId: null, decision: null });
        continue;
      }
      const { caseChange, taskId } = response.body as { caseChange: Change; taskId: string };
      expect(response.body.status).toBe("pending");
      expect(caseChange).toMatchObject({
        caseName,
        employeeId,
        status: "pending",
        taskId,
        decision: null,
        reason: "Moved in with Marco",
      });
      expect(caseChange.values.map((v) => v.caseFieldName)).toEqual(Object.keys(values));

      const task = await api.get(`${tasks}/${taskId}`, { token: world.t.token });
      expect(task.status, task.text).toBe(200);
      expect(task.body).toMatchObject({
        kind: "selfServiceChange",
        status: "open",
        employeeId,
        caseChangeId: caseChange.id,
      });
      expect(task.body.title).toMatch(/ change reported by Anna Muster$/);
      expect(task.body.details).toMatchObject({
        caseName,
        start: "2026-01-01",
        end: null,
        reason: "Moved in with Marco",
      });
      expect(Object.keys(task.body.details.after).sort()).toEqual(Object.keys(values).sort());
      expect((await eventsOf(world.t.orgId, "TaskChanged")).filter((e) => e.taskId === taskId)).toEqual([
        { payrollId: world.t.payroll.id, taskId, kind: "selfServiceChange", status: "open", resolution: null },
      ]);
      // Reported, not added: no CaseChangeAdded yet.
      expect((await eventsOf(world.t.orgId, "CaseChangeAdded")).some((e) => e.caseChangeId === caseChange.id)).toBe(
        false,
      );
    }
    // Before and after name the value in force and the reported one.
    const bank = (
      await api.get(`${tasks}?status=open&employeeId=${employeeId}`, { token: world.t.token })
    ).body.items.find((x: { details: { caseName: string } }) => x.details.caseName === "EmployeeBankAccount");
    expect(bank.details.before).toEqual({ Iban: "CH9300762011623852957", AccountHolder: null });
    expect(bank.details.after).toEqual({ Iban: "CH5604835012345678009", AccountHolder: "Anna Muster" });
  });

  it("another employee's case is 404, a company or wage case 403, whatever the case", async () => {
    for (const { caseName, values } of OWN_CASES) {
      const response = await report({ caseName, employeeId: otherId, values: at(values) });
      expect(response.status, caseName).toBe(404);
    }
    const company = await report({ caseName: "CompanyAddress", employeeId: null, values: at({ CompanyCity: "Bern" }) });
    expect(company.status).toBe(403);
    const wage = await report({ caseName: "Salary", employeeId, values: at({ MonthlySalary: "9000.00" }) });
    expect(wage.status).toBe(403);
    expect(wage.body.code).toBe("case.not_self_service");
    // Their changes only: another employee's history is 404; without an employeeId, their own is meant.
    expect((await api.get(`${changes}?employeeId=${otherId}&status=all`, { token: ess.token })).status).toBe(404);
    const pending = await api.get(`${changes}?status=pending`, { token: ess.token });
    expect(pending.status, pending.text).toBe(200);
    expect(pending.body.items.every((c: Change) => c.employeeId === employeeId)).toBe(true);
  });

  it("reads only their own ESS and ECT data: no wage data, and their own without naming themselves", async () => {
    const hr = await api.get(`${world.base}/cases/values/time?employeeId=${employeeId}`, { token: world.t.token });
    expect(hr.body.items.map((v: { caseName: string }) => v.caseName)).toContain("Salary");
    const own = await api.get(`${world.base}/cases/values/time`, { token: ess.token });
    expect(own.status, own.text).toBe(200);
    const caseNames = new Set(own.body.items.map((v: { caseName: string }) => v.caseName));
    expect(caseNames.size).toBeGreaterThan(0);
    for (const name of ["Salary", "Employment", "WithholdingTax"]) expect(caseNames.has(name), name).toBe(false);
    const named = await api.get(`${world.base}/cases/values/time?employeeId=${employeeId}`, { token: ess.token });
    expect(named.body.items).toEqual(own.body.items);
    const history = await api.get(`${changes}?status=all`, { token: ess.token });
    expect(history.status).toBe(200);
    expect(history.body.items.length).toBeGreaterThan(0);
    expect(history.body.items.filter((c: Change) => ["Salary", "Employment"].includes(c.caseName))).toEqual([]);
    expect((await api.get(`${changes}?status=all&caseName=Salary`, { token: ess.token })).body.items).toEqual([]);
    const cases = await api.get(`${world.base}/cases`, { token: ess.token });
    expect(cases.status).toBe(200);
    expect(cases.body.items.length).toBeGreaterThan(0);
    for (const definition of cases.body.items as { cluster: string | null }[])
      expect(["ESS", "ECT"]).toContain(definition.cluster);

    // Missing data: what they can complete themselves, of their own record only.
    const newcomer = (await api.post(`/api/tenants/${world.t.orgId}/employees`, anEmployee(), { token: world.t.token }))
      .body.id as string;
    const newcomerEss = await memberOf(world.t.orgId, "SelfService", { employeeId: newcomer });
    const selfServiceCases = new Set((cases.body.items as { name: string }[]).map((c) => c.name));
    const caseNamesOf = async (token: string) =>
      (
        (await api.get(`${world.base}/employees/${newcomer}/missingdata`, { token })).body.items as {
          caseName: string;
        }[]
      ).map((i) => i.caseName);
    const forHr = await caseNamesOf(world.t.token);
    expect(forHr).toEqual(expect.arrayContaining(["Employment", "Salary"]));
    const forThem = await caseNamesOf(newcomerEss.token);
    expect(forThem.length).toBeGreaterThan(0);
    expect(forThem).toEqual(forHr.filter((name) => selfServiceCases.has(name)));
    // The payroll's missing data, asked by them (interface 1.9: the regular endpoints, scoped to the employee): their own only.
    const payrollWide = await api.get(`${world.base}/missingdata`, { token: newcomerEss.token });
    expect(payrollWide.status, payrollWide.text).toBe(200);
    const theirs = payrollWide.body.items as { employeeId: string | null; caseName: string }[];
    expect(new Set(theirs.map((i) => i.employeeId))).toEqual(new Set([newcomer]));
    expect(theirs.map((i) => i.caseName)).toEqual(forThem);
  });

  it("a pending change is in no value in force, result or missing data until approved; approved, it is, with the net recalculated", async () => {
    // A colleague without a bank account: the IBAN is missing data until the reported one is approved.
    const lea = (
      await api.post(`/api/tenants/${world.t.orgId}/employees`, anEmployee({ firstName: "Lea", lastName: "Keller" }), {
        token: world.t.token,
      })
    ).body.id as string;
    await world.post("EmployeePersonalData", lea, {
      BirthDate: "1990-02-01",
      Sex: "female",
      AhvNumber: "756.1234.5678.97",
    });
    await world.post("Employment", lea, { EntryDate: "2026-01-01", ActivityRate: "100", WorkplaceCanton: "ZH" });
    await world.post("Salary", lea, { SalaryType: "monthly", MonthlySalary: "6500.00" });
    const leaSelf = await memberOf(world.t.orgId, "SelfService", { employeeId: lea });
    const before = await entry(lea);
    expect(await missing(lea)).toContain("Iban");

    // The dry run shows the effect as if applied, stores nothing and opens no task.
    const tasksBefore = (await api.get(`${tasks}?employeeId=${lea}`, { token: world.t.token })).body.items.length;
    const dry = await api.post(
      `${world.base}/cases?dryRun=true`,
      { caseName: "FamilyAllowances", employeeId: lea, values: at({ ChildAllowances: "2" }) },
      { token: leaSelf.token },
    );
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body.dryRun).toBe(true);
    // Family allowances are paid with the salary, beside the net: the amount to pay out grows.
    const effect = dry.body.periods[0].employees.find((e: { employeeId: string }) => e.employeeId === lea);
    expect(effect.net).toEqual({ before: before.net, after: before.net, change: "0.00" });
    expect(effect.payable.before).toBe(before.openAmount);
    expect(Number(effect.payable.change)).toBeGreaterThan(0);
    expect((await api.get(`${tasks}?employeeId=${lea}`, { token: world.t.token })).body.items).toHaveLength(
      tasksBefore,
    );
    expect(
      (await api.get(`${changes}?employeeId=${lea}&status=all`, { token: leaSelf.token })).body.items.some(
        (c: Change) => c.values.some((v) => v.caseFieldName === "ChildAllowances"),
      ),
    ).toBe(false);

    const allowances = await report(
      {
        caseName: "FamilyAllowances",
        employeeId: lea,
        reason: "Our second child was born",
        values: at({ ChildAllowances: "2" }),
      },
      leaSelf.token,
    );
    const bank = await report(
      { caseName: "EmployeeBankAccount", employeeId: lea, values: at({ Iban: "CH5604835012345678009" }) },
      leaSelf.token,
    );
    expect([allowances.status, bank.status]).toEqual([202, 202]);

    expect(await inForce(lea)).not.toHaveProperty("ChildAllowances");
    expect(await inForce(lea)).not.toHaveProperty("Iban");
    expect(await inForce(lea, leaSelf.token)).not.toHaveProperty("Iban");
    expect(await entry(lea)).toMatchObject({ net: before.net, openAmount: before.openAmount });
    expect(await missing(lea)).toContain("Iban");
    const history = (await api.get(`${changes}?employeeId=${lea}`, { token: world.t.token })).body.items as Change[];
    expect(history.map((c) => c.status)).toEqual(["applied", "applied", "applied"]);
    const pending = (await api.get(`${changes}?employeeId=${lea}&status=pending`, { token: leaSelf.token })).body
      .items as Change[];
    expect(pending.map((c) => c.id)).toEqual([bank.body.caseChange.id, allowances.body.caseChange.id]);

    const approve = (taskId: string) =>
      api.put(`${tasks}/${taskId}`, { status: "done", resolution: "approved" }, { token: world.t.token });
    const approved = await approve(allowances.body.taskId);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({ status: "done", resolution: "approved" });
    expect((await approve(bank.body.taskId)).status).toBe(200);

    const values = await inForce(lea);
    expect(values).toMatchObject({ ChildAllowances: "2", Iban: "CH5604835012345678009" });
    expect(await entry(lea)).toMatchObject({ net: before.net, openAmount: effect.payable.after });
    expect(await missing(lea)).not.toContain("Iban");
    const applied = (await api.get(`${changes}?employeeId=${lea}`, { token: leaSelf.token })).body.items as Change[];
    const decided = applied.find((c) => c.id === allowances.body.caseChange.id)!;
    expect(decided).toMatchObject({
      status: "approved",
      taskId: allowances.body.taskId,
      decision: { resolution: "approved", reason: null, decidedBy: expect.any(String) },
    });
    // The values are those reported (same ids), recorded at the approval.
    expect(decided.values.map((v) => v.id)).toEqual(allowances.body.caseChange.values.map((v: { id: string }) => v.id));
    const recorded = (
      await api.get(
        `${world.base}/cases/values/time?employeeId=${lea}&caseFieldNames=ChildAllowances&valueDate=2026-01-15`,
        { token: world.t.token },
      )
    ).body.items[0];
    expect(recorded.caseChangeId).toBe(decided.id);
    expect(Date.parse(recorded.createdAt)).toBe(Date.parse(decided.decision!.decidedAt));
    expect(Date.parse(recorded.createdAt)).toBeGreaterThan(Date.parse(allowances.body.caseChange.createdAt));
    expect(
      (await eventsOf(world.t.orgId, "CaseChangeAdded")).filter((e) => e.caseChangeId === decided.id),
    ).toHaveLength(1);
    expect(
      (await eventsOf(world.t.orgId, "TaskChanged"))
        .filter((e) => e.taskId === allowances.body.taskId)
        .map((e) => e.status),
    ).toEqual(["open", "done"]);
  });

  it("rejected, with a reason or without (the contract's body has none): nothing applied, the employee sees the decision; a done task is 409", async () => {
    const address = await report({
      caseName: "EmployeeBankAccount",
      employeeId,
      values: at({ Iban: "CH5604835012345678009" }),
    });
    expect(address.status, address.text).toBe(202);
    const withoutReason = await api.put(
      `${tasks}/${address.body.taskId}`,
      { status: "done", resolution: "rejected" },
      { token: world.t.token },
    );
    expect(withoutReason.status, withoutReason.text).toBe(200);
    expect(withoutReason.body).toMatchObject({ status: "done", resolution: "rejected" });
    expect(withoutReason.body.details).not.toHaveProperty("resolutionReason");
    const declined = (await api.get(`${changes}?employeeId=${employeeId}&status=rejected`, { token: ess.token })).body
      .items as Change[];
    expect(declined.find((c) => c.id === address.body.caseChange.id)).toMatchObject({
      status: "rejected",
      decision: { resolution: "rejected", reason: null },
    });

    const partner = await report({
      caseName: "EmployeePartner",
      employeeId,
      values: at({ PartnerFirstName: "Luca", PartnerEmployed: "true" }),
    });
    expect(partner.status, partner.text).toBe(202);
    const path = `${tasks}/${partner.body.taskId}`;

    const rejected = await api.put(
      path,
      { status: "done", resolution: "rejected", reason: "Please bring the marriage certificate." },
      { token: world.t.token },
    );
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body).toMatchObject({
      resolution: "rejected",
      details: { resolutionReason: "Please bring the marriage certificate." },
    });
    expect(await inForce(employeeId)).not.toHaveProperty("PartnerEmployed");

    const seen = (
      (await api.get(`${changes}?employeeId=${employeeId}&status=rejected`, { token: ess.token })).body
        .items as Change[]
    ).filter((c) => c.id !== address.body.caseChange.id);
    expect(seen.map((c) => c.id)).toEqual([partner.body.caseChange.id]);
    expect(seen[0]).toMatchObject({
      status: "rejected",
      decision: { resolution: "rejected", reason: "Please bring the marriage certificate." },
    });
    expect(seen[0]!.values.map((v) => v.caseFieldName)).toEqual(["PartnerFirstName", "PartnerEmployed"]);
    expect(
      (await api.get(`${changes}?employeeId=${employeeId}`, { token: ess.token })).body.items.some(
        (c: Change) => c.id === partner.body.caseChange.id,
      ),
    ).toBe(false);

    for (const resolution of ["approved", "rejected"]) {
      const again = await api.put(path, { status: "done", resolution, reason: "again" }, { token: world.t.token });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe("task.done");
    }
    expect(await inForce(employeeId)).not.toHaveProperty("PartnerEmployed");
  });

  it("decided by Administrators and the payroll's Managers only: Self Service 403, another payroll's Manager and another tenant 404", async () => {
    const civil = await report({
      caseName: "EmployeePersonalData",
      employeeId,
      values: at({ CivilStatus: "divorced" }),
    });
    expect(civil.status).toBe(202);
    const path = `${tasks}/${civil.body.taskId}`;
    const body = { status: "done", resolution: "approved" };

    expect((await api.get(tasks, { token: ess.token })).status).toBe(403);
    expect((await api.get(path, { token: ess.token })).status).toBe(403);
    expect((await api.put(path, body, { token: ess.token })).status).toBe(403);

    const elsewhere = await memberOf(world.t.orgId, "Manager", { payrollIds: [] });
    const other = await tenantFixture();
    const otherAdmin = await memberOf(other.orgId, "Administrator");
    for (const token of [elsewhere.token, other.token, otherAdmin.token]) {
      expect((await api.get(path, { token })).status).toBe(404);
      expect((await api.put(path, body, { token })).status).toBe(404);
      expect((await api.get(`${changes}?employeeId=${employeeId}&status=pending`, { token })).status).toBe(404);
    }
    // Another tenant's caller posting for this employee on its own payroll: 404 too.
    const foreign = await api.post(
      `/api/tenants/${other.orgId}/payrolls/${other.payroll.id}/cases`,
      { caseName: "EmployeeBankAccount", employeeId, values: at({ Iban: "CH5604835012345678009" }) },
      { token: other.token },
    );
    expect(foreign.status).toBe(404);

    const manager = await memberOf(world.t.orgId, "Manager", { payrollIds: [world.t.payroll.id] });
    const done = await api.put(path, body, { token: manager.token });
    expect(done.status, done.text).toBe(200);
    expect((await inForce(employeeId)).CivilStatus).toBe("divorced");
  });

  it("HR posting the same cases applies them at once (201)", async () => {
    const response = await api.post(
      `${world.base}/cases`,
      { caseName: "FamilyAllowances", employeeId: otherId, values: at({ ChildAllowances: "1" }) },
      { token: world.t.token },
    );
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({ status: "applied", taskId: null, decision: null });
  });
});
