import { describe, expect, it } from "vitest";
import type { paths } from "@/client";
import { api } from "../fixtures/api";
import { type TypedClient, clientWithToken, recorded } from "../fixtures/client";
import { anEmployee, memberOf, tenantFixture } from "../fixtures/factories";

type Tenant = Awaited<ReturnType<typeof tenantFixture>>;
type CaseBody =
  paths["/tenants/{orgId}/payrolls/{payrollId}/cases"]["post"]["requestBody"]["content"]["application/json"];

const newEmployee = async (t: Tenant) =>
  (await t.client.POST("/tenants/{orgId}/employees", { params: { path: { orgId: t.orgId } }, body: anEmployee() }))
    .data!;

/**
 * `record` sends a case change through the typed client (valid input, checked against the document);
 * `post` sends any body through the raw helper, for the refusals.
 */
async function payrollWithEmployee() {
  const t = await tenantFixture();
  const employee = await newEmployee(t);
  const base = `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}`;
  const path = { orgId: t.orgId, payrollId: t.payroll.id };
  const post = (body: Record<string, unknown>, token = t.token) => api.post(`${base}/cases`, body, { token });
  const record = (body: CaseBody, client: TypedClient = t.client) =>
    client.POST("/tenants/{orgId}/payrolls/{payrollId}/cases", { params: { path }, body });
  const changes = async (query: { employeeId: string; caseName?: string }) =>
    (await t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/cases/changes", { params: { path, query } })).data!
      .items;
  const valuesAt = async (query: { employeeId: string; caseFieldNames: string; valueDate: string }) =>
    (await t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/cases/values/time", { params: { path, query } })).data!
      .items;
  const missingOf = async (employeeId: string) =>
    (
      await t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/employees/{employeeId}/missingdata", {
        params: { path: { ...path, employeeId } },
      })
    ).data!.items;
  return { t, employee, base, path, post, record, changes, valuesAt, missingOf };
}

describe("case definitions", () => {
  it("lists the company and employee cases of the payroll's regulations", async () => {
    const { t, employee, path } = await payrollWithEmployee();
    const definitions = (query: { limit?: string; employeeId?: string; cluster?: "ESS" }) =>
      t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/cases", { params: { path, query } });
    // Without a filter, every case the payroll has (contract 5), each with its scope.
    const all = await definitions({ limit: "500" });
    expect(all.response.status).toBe(200);
    const scopeOf = new Map(all.data!.items.map((c) => [c.name, c.scope]));
    for (const name of ["CompanyAddress", "CompanyUvg", "CompanyFak"]) expect(scopeOf.get(name), name).toBe("company");
    for (const name of ["Salary", "Employment", "EmployeePersonalData"])
      expect(scopeOf.get(name), name).toBe("employee");
    const employeeCases = (await definitions({ employeeId: employee.id, limit: "500" })).data!.items;
    expect(new Set(employeeCases.map((c) => c.scope))).toEqual(new Set(["employee"]));
    expect(employeeCases.length).toBe([...scopeOf.values()].filter((scope) => scope === "employee").length);
    const salary = employeeCases.find((c) => c.name === "Salary")!;
    expect(salary.fields.find((f) => f.name === "MonthlySalary")).toMatchObject({
      valueType: "money",
      displayName: { de: expect.any(String) },
    });
    const ess = await definitions({ employeeId: employee.id, cluster: "ESS" });
    expect(ess.data!.items.map((c) => c.name).sort()).toEqual([
      "Absence",
      "EmployeeAddress",
      "EmployeeBankAccount",
      "EmployeePersonalData",
    ]);
  });

  it("an industry adds its cases", async () => {
    const { t, path } = await payrollWithEmployee();
    const current = (await t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/regulations", { params: { path } }))
      .data!;
    expect(
      (
        await t.client.PUT("/tenants/{orgId}/payrolls/{payrollId}/regulations", {
          params: { path },
          body: { ...current, industries: ["CH.Construction"] },
        })
      ).response.status,
    ).toBe(200);
    const cases = await t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/cases", { params: { path } });
    expect(cases.data!.items.map((c) => c.name)).toContain("ConstructionFunds");
  });
});

describe("case changes", () => {
  it("records a change with typed values and its history", async () => {
    const { employee, record, changes } = await payrollWithEmployee();
    const response = await record({
      caseName: "EmployeePersonalData",
      employeeId: employee.id,
      reason: "Onboarding",
      values: [
        { caseFieldName: "BirthDate", value: "1985-04-12", start: "2026-01-01" },
        { caseFieldName: "AhvNumber", value: "7569217076985", start: "2026-01-01" },
        { caseFieldName: "Sex", value: "female", start: "2026-01-01" },
      ],
    });
    expect(response.response.status).toBe(201);
    const created = recorded(response);
    expect(created).toMatchObject({
      caseName: "EmployeePersonalData",
      employeeId: employee.id,
      reason: "Onboarding",
      createdBy: { kind: "system", name: expect.any(String) },
    });
    expect(created.values.map((v) => [v.caseFieldName, v.value])).toEqual([
      ["BirthDate", "1985-04-12"],
      ["AhvNumber", "756.9217.0769.85"], // normalized
      ["Sex", "female"],
    ]);
    const history = await changes({ employeeId: employee.id });
    expect(history).toEqual([expect.objectContaining({ id: created.id, reason: "Onboarding" })]);
  });

  it("accepts JSON numbers and booleans, and percent in percent units", async () => {
    const { employee, record } = await payrollWithEmployee();
    const response = await record({
      caseName: "Employment",
      employeeId: employee.id,
      values: [
        { caseFieldName: "EntryDate", value: "2026-01-01", start: "2026-01-01" },
        { caseFieldName: "ActivityRate", value: 80, start: "2026-01-01" },
        { caseFieldName: "WeeklyHours", value: 33.6, start: "2026-01-01" },
      ],
    });
    expect(response.response.status).toBe(201);
    expect(recorded(response).values.map((v) => v.value)).toEqual(["2026-01-01", "80", "33.6"]);
  });

  it.each([
    [
      "a wrong AHV check digit",
      {
        caseName: "EmployeePersonalData",
        values: [{ caseFieldName: "AhvNumber", value: "756.9217.0769.84", start: "2026-01-01" }],
      },
      "values.0.value",
    ],
    [
      "a QR-IBAN for the salary account",
      {
        caseName: "EmployeeBankAccount",
        values: [{ caseFieldName: "Iban", value: "CH4431999123000889012", start: "2026-01-01" }],
      },
      "values.0.value",
    ],
    [
      "an IBAN with a wrong check",
      {
        caseName: "EmployeeBankAccount",
        values: [{ caseFieldName: "Iban", value: "CH9300762011623852958", start: "2026-01-01" }],
      },
      "values.0.value",
    ],
    [
      "money with three decimals",
      { caseName: "Salary", values: [{ caseFieldName: "MonthlySalary", value: "6500.005", start: "2026-01-01" }] },
      "values.0.value",
    ],
    [
      "an unknown canton",
      { caseName: "Employment", values: [{ caseFieldName: "WorkplaceCanton", value: "XX", start: "2026-01-01" }] },
      "values.0.value",
    ],
    [
      "an option not offered",
      { caseName: "Salary", values: [{ caseFieldName: "SalaryType", value: "weekly", start: "2026-01-01" }] },
      "values.0.value",
    ],
    [
      "a field of another case",
      { caseName: "Salary", values: [{ caseFieldName: "BirthDate", value: "1990-01-01", start: "2026-01-01" }] },
      "values.0.caseFieldName",
    ],
    [
      "an unknown case",
      { caseName: "Lottery", values: [{ caseFieldName: "X", value: "1", start: "2026-01-01" }] },
      "caseName",
    ],
    [
      "an end before the start",
      {
        caseName: "Salary",
        values: [{ caseFieldName: "MonthlySalary", value: "6500", start: "2026-03-01", end: "2026-02-01" }],
      },
      "values.0.end",
    ],
    ["no values", { caseName: "Salary", values: [] }, "values"],
    [
      "a malformed date",
      { caseName: "Salary", values: [{ caseFieldName: "MonthlySalary", value: "6500", start: "1.1.2026" }] },
      "values.0.start",
    ],
  ])("refuses %s (422 naming the field), writing nothing", async (_, body, path) => {
    const { employee, post, changes } = await payrollWithEmployee();
    const response = await post({ employeeId: employee.id, ...body });
    expect(response.status).toBe(422);
    expect(response.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    expect(await changes({ employeeId: employee.id })).toEqual([]);
  });

  it("refuses a start before accountingStartDate", async () => {
    const { employee, post } = await payrollWithEmployee();
    const response = await post({
      caseName: "Salary",
      employeeId: employee.id,
      values: [{ caseFieldName: "MonthlySalary", value: "6500.00", start: "2025-12-01" }],
    });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe("case.before_accounting_start");
    expect(response.body.errors[0].path).toBe("values.0.start");
  });

  it("checks company versus employee cases", async () => {
    const { employee, post, record } = await payrollWithEmployee();
    const noEmployee = await post({
      caseName: "Salary",
      values: [{ caseFieldName: "MonthlySalary", value: "6500", start: "2026-01-01" }],
    });
    expect(noEmployee.status).toBe(422);
    expect(noEmployee.body.errors[0].path).toBe("employeeId");
    const companyWithEmployee = await post({
      caseName: "CompanyAddress",
      employeeId: employee.id,
      values: [{ caseFieldName: "CompanyCity", value: "Bern", start: "2026-01-01" }],
    });
    expect(companyWithEmployee.status).toBe(422);
    const company = await record({
      caseName: "CompanyAddress",
      employeeId: null,
      values: [{ caseFieldName: "CompanyCity", value: "Bern", start: "2026-01-01" }],
    });
    expect(company.response.status).toBe(201);
    expect(recorded(company).employeeId).toBeNull();
  });
});

describe("time versioning", () => {
  it("three overlapping changes, read on several dates", async () => {
    const { employee, record, changes, valuesAt } = await payrollWithEmployee();
    const salary = async (value: string, start: string) =>
      recorded(
        await record({
          caseName: "Salary",
          employeeId: employee.id,
          values: [{ caseFieldName: "MonthlySalary", value, start }],
        }),
      );
    const a = await salary("6000.00", "2026-01-01");
    await salary("6500.00", "2026-04-01");
    const c = await salary("6200.00", "2026-03-01"); // recorded last, earlier start: overrides from March on
    const at = (date: string) =>
      valuesAt({ employeeId: employee.id, caseFieldNames: "MonthlySalary", valueDate: date });
    expect(await at("2026-02-15")).toEqual([
      expect.objectContaining({ value: "6000.00", start: "2026-01-01", end: null, caseChangeId: a.id }),
    ]);
    expect(await at("2026-03-01")).toEqual([expect.objectContaining({ value: "6200.00", caseChangeId: c.id })]);
    expect(await at("2026-06-30")).toEqual([expect.objectContaining({ value: "6200.00" })]);
    expect(await at("2025-12-31")).toEqual([]);
    // The whole history stays.
    const history = await changes({ employeeId: employee.id, caseName: "Salary" });
    expect(history.map((h) => h.values[0]!.value)).toEqual(["6200.00", "6500.00", "6000.00"]);
  });

  it("an exit date in the past makes the employee former", async () => {
    const { t, employee, record } = await payrollWithEmployee();
    const stays = await newEmployee(t);
    await record({
      caseName: "Employment",
      employeeId: stays.id,
      values: [{ caseFieldName: "EntryDate", value: "2026-01-01", start: "2026-01-01" }],
    });
    await record({
      caseName: "Employment",
      employeeId: employee.id,
      values: [
        { caseFieldName: "EntryDate", value: "2026-01-01", start: "2026-01-01" },
        { caseFieldName: "ExitDate", value: "2026-02-28", start: "2026-01-01" },
      ],
    });
    const employees = async (includeFormer?: "true") =>
      (
        await t.client.GET("/tenants/{orgId}/employees", {
          params: { path: { orgId: t.orgId }, query: includeFormer ? { includeFormer } : undefined },
        })
      ).data!.items;
    const current = await employees();
    expect(current.map((e) => e.id)).toEqual([stays.id]);
    expect(current[0]).toMatchObject({ employed: true, entryDate: "2026-01-01", exitDate: null });
    const all = await employees("true");
    expect(all.find((e) => e.id === employee.id)).toMatchObject({
      employed: false,
      exitDate: "2026-02-28",
    });
  });
});

describe("self service", () => {
  it("may post ESS and ECT cases for their own employee only", async () => {
    const { t, employee, post, record } = await payrollWithEmployee();
    const other = await newEmployee(t);
    const me = await memberOf(t.orgId, "SelfService", { employeeId: employee.id });
    const address = {
      caseName: "EmployeeAddress",
      values: [{ caseFieldName: "City", value: "Bern", start: "2026-01-01" }],
    };
    expect((await record({ ...address, employeeId: employee.id }, clientWithToken(me.token))).response.status).toBe(
      201,
    );
    expect((await post({ ...address, employeeId: other.id }, me.token)).status).toBe(404);
    const wage = await post(
      {
        caseName: "Salary",
        employeeId: employee.id,
        values: [{ caseFieldName: "MonthlySalary", value: "9999", start: "2026-01-01" }],
      },
      me.token,
    );
    expect(wage.status).toBe(403);
    expect(wage.body.code).toBe("case.not_self_service");
  });
});

describe("missing data", () => {
  it("appears for required fields and disappears as values are recorded", async () => {
    const { t, employee, base, path, record, missingOf } = await payrollWithEmployee();
    const missing = () => missingOf(employee.id);
    const fieldsOf = (items: { caseName: string; fields: { name: string }[] }[], caseName: string) =>
      items.find((i) => i.caseName === caseName)?.fields.map((f) => f.name) ?? [];
    const before = await missing();
    expect(fieldsOf(before, "EmployeePersonalData")).toEqual(expect.arrayContaining(["BirthDate", "Sex", "AhvNumber"]));
    expect(fieldsOf(before, "CostCenter")).toEqual([]); // no cost centers in use yet
    await record({
      caseName: "EmployeePersonalData",
      employeeId: employee.id,
      values: [
        { caseFieldName: "BirthDate", value: "1985-04-12", start: "2026-01-01" },
        { caseFieldName: "Sex", value: "male", start: "2026-01-01" },
        { caseFieldName: "AhvNumber", value: "756.9217.0769.85", start: "2026-01-01" },
      ],
    });
    expect(fieldsOf(await missing(), "EmployeePersonalData")).toEqual([]);
    const payrollWide = (await t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/missingdata", { params: { path } }))
      .data!.items;
    expect(payrollWide.some((i) => i.employeeId === null)).toBe(true);
    expect(payrollWide[0]!.post).toBe(`${base}/cases`);
  });
});

describe("CaseChangeAdded", () => {
  it("is recorded with the change, with the interface's payload; a refused change records none", async () => {
    const { getDb } = await import("@/server/db/client");
    const { events } = await import("@/server/db/schema");
    const { eq } = await import("drizzle-orm");
    const { t, employee, post, record } = await payrollWithEmployee();
    const refused = await post({
      caseName: "Salary",
      employeeId: employee.id,
      values: [{ caseFieldName: "MonthlySalary", value: "x", start: "2026-01-01" }],
    });
    expect(refused.status).toBe(422);
    const change = recorded(
      await record({
        caseName: "Salary",
        employeeId: employee.id,
        values: [{ caseFieldName: "MonthlySalary", value: "6500", start: "2026-01-01" }],
      }),
    );
    const rows = await (await getDb()).select().from(events).where(eq(events.tenantId, t.orgId));
    expect(rows.map((r) => [r.type, r.payload])).toEqual([
      [
        "CaseChangeAdded",
        { payrollId: t.payroll.id, caseChangeId: change.id, employeeId: employee.id, caseName: "Salary" },
      ],
    ]);
  });
});

describe("cost centers (Limits 2 and 3)", () => {
  it("once the payroll uses cost centers every current employee needs one, and has one at a time", async () => {
    const { t, employee, post, record, valuesAt, missingOf } = await payrollWithEmployee();
    const costCenterMissing = async () => (await missingOf(employee.id)).some((i) => i.caseName === "CostCenter");
    expect(await costCenterMissing()).toBe(false);
    for (const key of ["100", "200"]) {
      expect(
        (
          await t.client.POST("/tenants/{orgId}/regulations/{regulationId}/lookups/{lookupId}/values", {
            params: { path: { orgId: t.orgId, regulationId: "CH", lookupId: "CostCenters" } },
            body: { key, value: `Dept ${key}` },
          })
        ).response.status,
      ).toBe(201);
    }
    expect(await costCenterMissing()).toBe(true);
    const unknown = await post({
      caseName: "CostCenter",
      employeeId: employee.id,
      values: [{ caseFieldName: "CostCenter", value: "999", start: "2026-01-01" }],
    });
    expect(unknown.status).toBe(422);
    await record({
      caseName: "CostCenter",
      employeeId: employee.id,
      values: [{ caseFieldName: "CostCenter", value: "100", start: "2026-01-01" }],
    });
    await record({
      caseName: "CostCenter",
      employeeId: employee.id,
      values: [{ caseFieldName: "CostCenter", value: "200", start: "2026-03-01" }],
    });
    expect(await costCenterMissing()).toBe(false);
    const at = (date: string) => valuesAt({ employeeId: employee.id, caseFieldNames: "CostCenter", valueDate: date });
    expect(await at("2026-02-01")).toEqual([expect.objectContaining({ value: "100" })]);
    expect(await at("2026-03-01")).toEqual([expect.objectContaining({ value: "200" })]); // one cost center in force at a time
  });
});
