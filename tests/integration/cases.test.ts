import { describe, expect, it } from "vitest";
import { api } from "../fixtures/api";
import { anEmployee, memberOf, tenantFixture } from "../fixtures/factories";

async function payrollWithEmployee() {
  const t = await tenantFixture();
  const employee = (await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token: t.token })).body;
  const base = `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}`;
  const post = (body: Record<string, unknown>, token = t.token) => api.post(`${base}/cases`, body, { token });
  return { t, employee, base, post };
}

describe("case definitions", () => {
  it("lists the company and employee cases of the payroll's regulations", async () => {
    const { t, employee, base } = await payrollWithEmployee();
    // Without a filter, every case the payroll has (contract 5), each with its scope.
    const all = await api.get(`${base}/cases?limit=500`, { token: t.token });
    expect(all.status).toBe(200);
    const scopeOf = new Map((all.body.items as { name: string; scope: string }[]).map((c) => [c.name, c.scope]));
    for (const name of ["CompanyAddress", "CompanyUvg", "CompanyFak"]) expect(scopeOf.get(name), name).toBe("company");
    for (const name of ["Salary", "Employment", "EmployeePersonalData"])
      expect(scopeOf.get(name), name).toBe("employee");
    const employeeCases = await api.get(`${base}/cases?employeeId=${employee.id}&limit=500`, { token: t.token });
    expect(new Set(employeeCases.body.items.map((c: { scope: string }) => c.scope))).toEqual(new Set(["employee"]));
    expect(employeeCases.body.items.length).toBe([...scopeOf.values()].filter((scope) => scope === "employee").length);
    const salary = employeeCases.body.items.find((c: { name: string }) => c.name === "Salary");
    expect(salary.fields.find((f: { name: string }) => f.name === "MonthlySalary")).toMatchObject({
      valueType: "money",
      displayName: { de: expect.any(String) },
    });
    const ess = await api.get(`${base}/cases?employeeId=${employee.id}&cluster=ESS`, { token: t.token });
    expect(ess.body.items.map((c: { name: string }) => c.name).sort()).toEqual([
      "Absence",
      "EmployeeAddress",
      "EmployeeBankAccount",
      "EmployeePersonalData",
    ]);
  });

  it("an industry adds its cases", async () => {
    const { t, base } = await payrollWithEmployee();
    const current = (await api.get(`${base}/regulations`, { token: t.token })).body;
    expect(
      (await api.put(`${base}/regulations`, { ...current, industries: ["CH.Construction"] }, { token: t.token }))
        .status,
    ).toBe(200);
    const cases = await api.get(`${base}/cases`, { token: t.token });
    expect(cases.body.items.map((c: { name: string }) => c.name)).toContain("ConstructionFunds");
  });
});

describe("case changes", () => {
  it("records a change with typed values and its history", async () => {
    const { t, employee, base, post } = await payrollWithEmployee();
    const response = await post({
      caseName: "EmployeePersonalData",
      employeeId: employee.id,
      reason: "Onboarding",
      values: [
        { caseFieldName: "BirthDate", value: "1985-04-12", start: "2026-01-01" },
        { caseFieldName: "AhvNumber", value: "7569217076985", start: "2026-01-01" },
        { caseFieldName: "Sex", value: "female", start: "2026-01-01" },
      ],
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      caseName: "EmployeePersonalData",
      employeeId: employee.id,
      reason: "Onboarding",
      createdBy: { kind: "system", name: expect.any(String) },
    });
    expect(
      response.body.values.map((v: { caseFieldName: string; value: string }) => [v.caseFieldName, v.value]),
    ).toEqual([
      ["BirthDate", "1985-04-12"],
      ["AhvNumber", "756.9217.0769.85"], // normalized
      ["Sex", "female"],
    ]);
    const history = await api.get(`${base}/cases/changes?employeeId=${employee.id}`, { token: t.token });
    expect(history.body.items).toEqual([expect.objectContaining({ id: response.body.id, reason: "Onboarding" })]);
  });

  it("accepts JSON numbers and booleans, and percent in percent units", async () => {
    const { employee, post } = await payrollWithEmployee();
    const response = await post({
      caseName: "Employment",
      employeeId: employee.id,
      values: [
        { caseFieldName: "EntryDate", value: "2026-01-01", start: "2026-01-01" },
        { caseFieldName: "ActivityRate", value: 80, start: "2026-01-01" },
        { caseFieldName: "WeeklyHours", value: 33.6, start: "2026-01-01" },
      ],
    });
    expect(response.status).toBe(201);
    expect(response.body.values.map((v: { value: string }) => v.value)).toEqual(["2026-01-01", "80", "33.6"]);
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
    const { t, employee, base, post } = await payrollWithEmployee();
    const response = await post({ employeeId: employee.id, ...body });
    expect(response.status).toBe(422);
    expect(response.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    expect((await api.get(`${base}/cases/changes?employeeId=${employee.id}`, { token: t.token })).body.items).toEqual(
      [],
    );
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
    const { employee, post } = await payrollWithEmployee();
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
    const company = await post({
      caseName: "CompanyAddress",
      employeeId: null,
      values: [{ caseFieldName: "CompanyCity", value: "Bern", start: "2026-01-01" }],
    });
    expect(company.status).toBe(201);
    expect(company.body.employeeId).toBeNull();
  });
});

describe("time versioning", () => {
  it("three overlapping changes, read on several dates", async () => {
    const { t, employee, base, post } = await payrollWithEmployee();
    const salary = (value: string, start: string) =>
      post({ caseName: "Salary", employeeId: employee.id, values: [{ caseFieldName: "MonthlySalary", value, start }] });
    const a = await salary("6000.00", "2026-01-01");
    await salary("6500.00", "2026-04-01");
    const c = await salary("6200.00", "2026-03-01"); // recorded last, earlier start: overrides from March on
    const at = async (date: string) =>
      (
        await api.get(
          `${base}/cases/values/time?employeeId=${employee.id}&caseFieldNames=MonthlySalary&valueDate=${date}`,
          { token: t.token },
        )
      ).body.items;
    expect(await at("2026-02-15")).toEqual([
      expect.objectContaining({ value: "6000.00", start: "2026-01-01", end: null, caseChangeId: a.body.id }),
    ]);
    expect(await at("2026-03-01")).toEqual([expect.objectContaining({ value: "6200.00", caseChangeId: c.body.id })]);
    expect(await at("2026-06-30")).toEqual([expect.objectContaining({ value: "6200.00" })]);
    expect(await at("2025-12-31")).toEqual([]);
    // The whole history stays.
    const history = await api.get(`${base}/cases/changes?employeeId=${employee.id}&caseName=Salary`, {
      token: t.token,
    });
    expect(history.body.items.map((h: { values: { value: string }[] }) => h.values[0]!.value)).toEqual([
      "6200.00",
      "6500.00",
      "6000.00",
    ]);
  });

  it("an exit date in the past makes the employee former", async () => {
    const { t, employee, post } = await payrollWithEmployee();
    const stays = (await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token: t.token })).body;
    await post({
      caseName: "Employment",
      employeeId: stays.id,
      values: [{ caseFieldName: "EntryDate", value: "2026-01-01", start: "2026-01-01" }],
    });
    await post({
      caseName: "Employment",
      employeeId: employee.id,
      values: [
        { caseFieldName: "EntryDate", value: "2026-01-01", start: "2026-01-01" },
        { caseFieldName: "ExitDate", value: "2026-02-28", start: "2026-01-01" },
      ],
    });
    const current = await api.get(`/api/tenants/${t.orgId}/employees`, { token: t.token });
    expect(current.body.items.map((e: { id: string }) => e.id)).toEqual([stays.id]);
    expect(current.body.items[0]).toMatchObject({ employed: true, entryDate: "2026-01-01", exitDate: null });
    const all = await api.get(`/api/tenants/${t.orgId}/employees?includeFormer=true`, { token: t.token });
    expect(all.body.items.find((e: { id: string }) => e.id === employee.id)).toMatchObject({
      employed: false,
      exitDate: "2026-02-28",
    });
  });
});

describe("self service", () => {
  it("may post ESS and ECT cases for their own employee only", async () => {
    const { t, employee, post } = await payrollWithEmployee();
    const other = (await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token: t.token })).body;
    const me = await memberOf(t.orgId, "SelfService", { employeeId: employee.id });
    const address = {
      caseName: "EmployeeAddress",
      values: [{ caseFieldName: "City", value: "Bern", start: "2026-01-01" }],
    };
    expect((await post({ ...address, employeeId: employee.id }, me.token)).status).toBe(201);
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
    const { t, employee, base, post } = await payrollWithEmployee();
    const missing = async () =>
      (await api.get(`${base}/employees/${employee.id}/missingdata`, { token: t.token })).body.items as {
        caseName: string;
        fields: { name: string }[];
      }[];
    const fieldsOf = (items: { caseName: string; fields: { name: string }[] }[], caseName: string) =>
      items.find((i) => i.caseName === caseName)?.fields.map((f) => f.name) ?? [];
    const before = await missing();
    expect(fieldsOf(before, "EmployeePersonalData")).toEqual(expect.arrayContaining(["BirthDate", "Sex", "AhvNumber"]));
    expect(fieldsOf(before, "CostCenter")).toEqual([]); // no cost centers in use yet
    await post({
      caseName: "EmployeePersonalData",
      employeeId: employee.id,
      values: [
        { caseFieldName: "BirthDate", value: "1985-04-12", start: "2026-01-01" },
        { caseFieldName: "Sex", value: "male", start: "2026-01-01" },
        { caseFieldName: "AhvNumber", value: "756.9217.0769.85", start: "2026-01-01" },
      ],
    });
    expect(fieldsOf(await missing(), "EmployeePersonalData")).toEqual([]);
    const payrollWide = await api.get(`${base}/missingdata`, { token: t.token });
    expect(payrollWide.body.items.some((i: { employeeId: string | null }) => i.employeeId === null)).toBe(true);
    expect(payrollWide.body.items[0].post).toBe(`${base}/cases`);
  });
});

describe("CaseChangeAdded", () => {
  it("is recorded with the change, with the interface's payload; a refused change records none", async () => {
    const { getDb } = await import("@/server/db/client");
    const { events } = await import("@/server/db/schema");
    const { eq } = await import("drizzle-orm");
    const { t, employee, post } = await payrollWithEmployee();
    const refused = await post({
      caseName: "Salary",
      employeeId: employee.id,
      values: [{ caseFieldName: "MonthlySalary", value: "x", start: "2026-01-01" }],
    });
    expect(refused.status).toBe(422);
    const change = await post({
      caseName: "Salary",
      employeeId: employee.id,
      values: [{ caseFieldName: "MonthlySalary", value: "6500", start: "2026-01-01" }],
    });
    const rows = await (await getDb()).select().from(events).where(eq(events.tenantId, t.orgId));
    expect(rows.map((r) => [r.type, r.payload])).toEqual([
      [
        "CaseChangeAdded",
        { payrollId: t.payroll.id, caseChangeId: change.body.id, employeeId: employee.id, caseName: "Salary" },
      ],
    ]);
  });
});

describe("cost centers (Limits 2 and 3)", () => {
  it("once the payroll uses cost centers every current employee needs one, and has one at a time", async () => {
    const { t, employee, base, post } = await payrollWithEmployee();
    const costCenterMissing = async () =>
      (
        (await api.get(`${base}/employees/${employee.id}/missingdata`, { token: t.token })).body.items as {
          caseName: string;
        }[]
      ).some((i) => i.caseName === "CostCenter");
    expect(await costCenterMissing()).toBe(false);
    for (const key of ["100", "200"]) {
      expect(
        (
          await api.post(
            `/api/tenants/${t.orgId}/regulations/CH/lookups/CostCenters/values`,
            { key, value: `Dept ${key}` },
            { token: t.token },
          )
        ).status,
      ).toBe(201);
    }
    expect(await costCenterMissing()).toBe(true);
    const unknown = await post({
      caseName: "CostCenter",
      employeeId: employee.id,
      values: [{ caseFieldName: "CostCenter", value: "999", start: "2026-01-01" }],
    });
    expect(unknown.status).toBe(422);
    await post({
      caseName: "CostCenter",
      employeeId: employee.id,
      values: [{ caseFieldName: "CostCenter", value: "100", start: "2026-01-01" }],
    });
    await post({
      caseName: "CostCenter",
      employeeId: employee.id,
      values: [{ caseFieldName: "CostCenter", value: "200", start: "2026-03-01" }],
    });
    expect(await costCenterMissing()).toBe(false);
    const at = async (date: string) =>
      (
        await api.get(
          `${base}/cases/values/time?employeeId=${employee.id}&caseFieldNames=CostCenter&valueDate=${date}`,
          { token: t.token },
        )
      ).body.items;
    expect(await at("2026-02-01")).toEqual([expect.objectContaining({ value: "100" })]);
    expect(await at("2026-03-01")).toEqual([expect.objectContaining({ value: "200" })]); // one cost center in force at a time
  });
});
