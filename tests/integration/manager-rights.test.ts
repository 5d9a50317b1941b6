import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../fixtures/api";
import { anEmployee, memberOf, tenantFixture } from "../fixtures/factories";

/**
 * The Manager rule (issue 9, item 22): a Manager works in the assigned payrolls (their employees,
 * cases, periods, results, documents, closing) and holds nothing of the tenant's settings: company
 * data (the company's cases, employeeId null), regulations, accounts and cost centers, people.
 * Those they may read where a payroll needs them, never write.
 */
describe("Manager rights: the assigned payrolls, nothing of the tenant's settings", () => {
  let t: Awaited<ReturnType<typeof tenantFixture>>;
  let employeeId: string;
  let base: string;
  const company = (city: string, employee: string | null = null) => ({
    caseName: "CompanyAddress",
    employeeId: employee,
    values: [{ caseFieldName: "CompanyCity", value: city, start: "2026-01-01" }],
  });
  const employment = (id: string) => ({
    caseName: "Employment",
    employeeId: id,
    values: [{ caseFieldName: "EntryDate", value: "2026-01-01", start: "2026-01-01" }],
  });

  beforeAll(async () => {
    t = await tenantFixture();
    base = `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}`;
    employeeId = (await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token: t.token })).body.id;
  });

  it("Administrator: records company data", async () => {
    const { token } = await memberOf(t.orgId, "Administrator");
    const response = await api.post(`${base}/cases`, company("Bern"), { token });
    expect(response.status, response.text).toBe(201);
  });

  it("system user: records company data", async () => {
    const response = await api.post(`${base}/cases`, company("Basel"), { token: t.token });
    expect(response.status, response.text).toBe(201);
  });

  it("Manager of the payroll: company data is 403 (with or without an employeeId), the employees' cases are theirs", async () => {
    const { token } = await memberOf(t.orgId, "Manager", { payrollIds: [t.payroll.id] });
    const refused = await api.post(`${base}/cases`, company("Genf"), { token });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    expect(refused.body.code).toBe("case.company_data_forbidden");
    // Naming an employee does not turn company data into the Manager's: still 403, not 422.
    const withEmployee = await api.post(`${base}/cases`, company("Genf", employeeId), { token });
    expect(withEmployee.status, withEmployee.text).toBe(403);
    // A dry run is refused alike.
    expect((await api.post(`${base}/cases?dryRun=true`, company("Genf"), { token })).status).toBe(403);
    // Nothing was recorded.
    const values = await api.get(`${base}/cases/values/time?valueDate=2026-01-01`, { token });
    expect(values.status).toBe(200);
    expect(values.body.items.find((v: { caseFieldName: string }) => v.caseFieldName === "CompanyCity")?.value).toBe(
      "Basel",
    );

    const own = await api.post(`${base}/cases`, employment(employeeId), { token });
    expect(own.status, own.text).toBe(201);
  });

  it("Manager of the payroll: reads what the payroll needs, writes none of the tenant's settings", async () => {
    const { token } = await memberOf(t.orgId, "Manager", { payrollIds: [t.payroll.id] });
    // Read-only where a payroll needs it.
    expect((await api.get(`${base}/regulations`, { token })).status).toBe(200);
    expect((await api.get(`${base}/lookups/values`, { token })).status).toBe(200);
    expect((await api.get(`${base}/wagetypes`, { token })).status).toBe(200);
    expect((await api.get(`${base}/cases?`, { token })).status).toBe(200);
    // Never written.
    const regulations = (await api.get(`${base}/regulations`, { token: t.token })).body;
    expect((await api.put(`${base}/regulations`, regulations, { token })).status).toBe(403);
    expect((await api.put(base, { name: "Renamed" }, { token })).status).toBe(403);
    expect(
      (
        await api.post(
          `/api/tenants/${t.orgId}/regulations/CH/lookups/CostCenters/values`,
          { key: "100", value: "Admin", payrollId: t.payroll.id },
          { token },
        )
      ).status,
    ).toBe(403);
    expect(
      (await api.put(`${base}/wagetypes/1000/accounts`, { debitAccountId: null, creditAccountId: null }, { token }))
        .status,
    ).toBe(403);
    // People: neither seen nor managed.
    expect((await api.get(`/api/tenants/${t.orgId}/user_memberships`, { token })).status).toBe(403);
    expect((await api.get(`/api/tenants/${t.orgId}/user_memberships/invitations`, { token })).status).toBe(403);
    expect(
      (
        await api.post(
          `/api/tenants/${t.orgId}/user_memberships/invite`,
          { email: "x@example.test", role: "Administrator" },
          { token },
        )
      ).status,
    ).toBe(403);
  });

  it("Manager not assigned to the payroll: 404 for its company data, like for the payroll", async () => {
    const { token } = await memberOf(t.orgId, "Manager", { payrollIds: [] });
    expect((await api.post(`${base}/cases`, company("Chur"), { token })).status).toBe(404);
    expect((await api.get(`${base}/cases/values/time`, { token })).status).toBe(404);
  });

  it("Self Service: company data is 403", async () => {
    const { token } = await memberOf(t.orgId, "SelfService", { employeeId });
    const response = await api.post(`${base}/cases`, company("Sion"), { token });
    expect(response.status, response.text).toBe(403);
  });

  it("a member of another tenant: 404", async () => {
    const other = await tenantFixture({ withPayroll: false });
    const { token } = await memberOf(other.orgId, "Administrator");
    expect((await api.post(`${base}/cases`, company("Zug"), { token })).status).toBe(404);
  });
});
