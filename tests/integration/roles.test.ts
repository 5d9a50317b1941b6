import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../fixtures/api";
import { anEmployee, memberOf, tenantFixture } from "../fixtures/factories";

/**
 * What each role may do with this endpoints. The full authorization matrix over every
 * route and caller comes with the people issue; this covers the roles the table already knows.
 */
describe("roles", () => {
  let t: Awaited<ReturnType<typeof tenantFixture>>;
  let own: string;
  let other: string;

  beforeAll(async () => {
    t = await tenantFixture();
    own = (await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token: t.token })).body.id;
    other = (await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token: t.token })).body.id;
  });

  it("Administrator: the whole tenant", async () => {
    const { token } = await memberOf(t.orgId, "Administrator");
    expect((await api.get(`/api/tenants/${t.orgId}/payrolls/${t.payroll.id}`, { token })).status).toBe(200);
    expect(
      (await api.put(`/api/tenants/${t.orgId}/payrolls/${t.payroll.id}`, { documentLanguage: "en" }, { token })).status,
    ).toBe(200);
    expect((await api.get(`/api/tenants/${t.orgId}/employees`, { token })).body.items).toHaveLength(2);
    expect((await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token })).status).toBe(201);
  });

  it("Manager of the payroll: reads it and manages its employees, but not the payroll settings", async () => {
    const { token } = await memberOf(t.orgId, "Manager", { payrollIds: [t.payroll.id] });
    expect((await api.get(`/api/tenants/${t.orgId}/payrolls/${t.payroll.id}`, { token })).status).toBe(200);
    expect((await api.get(`/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/employees`, { token })).status).toBe(200);
    expect(
      (await api.put(`/api/tenants/${t.orgId}/employees/${own}`, { firstName: "Managed" }, { token })).status,
    ).toBe(200);
    expect((await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token })).status).toBe(201);
    const settings = await api.put(`/api/tenants/${t.orgId}/payrolls/${t.payroll.id}`, { name: "No" }, { token });
    expect(settings.status).toBe(403);
    expect(settings.body.code).toBe("auth.forbidden");
    expect(
      (
        await api.post(
          `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/rebase`,
          { accountingStartDate: "2026-06-01", confirm: true },
          { token },
        )
      ).status,
    ).toBe(403);
  });

  it("Manager without the payroll: sees neither the payroll nor its employees", async () => {
    const { token } = await memberOf(t.orgId, "Manager", { payrollIds: [] });
    expect((await api.get(`/api/tenants/${t.orgId}/payrolls/${t.payroll.id}`, { token })).status).toBe(404);
    expect((await api.get(`/api/tenants/${t.orgId}/payrolls`, { token })).body.items).toEqual([]);
    expect((await api.get(`/api/tenants/${t.orgId}/employees`, { token })).body.items).toEqual([]);
    expect((await api.get(`/api/tenants/${t.orgId}/employees/${own}`, { token })).status).toBe(404);
    const create = await api.post(
      `/api/tenants/${t.orgId}/employees`,
      anEmployee({ divisionId: t.payroll.divisionId }),
      { token },
    );
    expect(create.status).toBe(422);
    expect(create.body.errors[0].path).toBe("divisionId");
  });

  it("Self Service: only their own employee record, read-only, and no company data beyond the payroll's name and periods", async () => {
    const { token } = await memberOf(t.orgId, "SelfService", { employeeId: own });
    const list = await api.get(`/api/tenants/${t.orgId}/employees`, { token });
    expect(list.body.items.map((e: { id: string }) => e.id)).toEqual([own]);
    expect((await api.get(`/api/tenants/${t.orgId}/employees/${own}`, { token })).status).toBe(200);
    expect((await api.get(`/api/tenants/${t.orgId}/employees/${other}`, { token })).status).toBe(404);
    expect((await api.put(`/api/tenants/${t.orgId}/employees/${own}`, { firstName: "Me" }, { token })).status).toBe(
      403,
    );
    expect((await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token })).status).toBe(403);
    // The payroll and its periods are how their own cases and documents are reached (interface 1.9); nothing else of it.
    expect((await api.get(`/api/tenants/${t.orgId}/payrolls/${t.payroll.id}`, { token })).status).toBe(200);
    expect(
      (await api.get(`/api/tenants/${t.orgId}/payrolls`, { token })).body.items.map((p: { id: string }) => p.id),
    ).toEqual([t.payroll.id]);
    expect(
      (await api.put(`/api/tenants/${t.orgId}/payrolls/${t.payroll.id}`, { name: "Mine" }, { token })).status,
    ).toBe(403);
    expect((await api.get(`/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/regulations`, { token })).status).toBe(403);
    expect(
      (await api.get(`/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/payrunperiods/open/entries`, { token })).status,
    ).toBe(403);
  });

  it("a person without membership sees nothing of the tenant (404)", async () => {
    const outsider = await memberOf((await tenantFixture()).orgId, "Administrator");
    expect((await api.get(`/api/tenants/${t.orgId}`, { token: outsider.token })).status).toBe(404);
    expect((await api.get(`/api/tenants/${t.orgId}/employees`, { token: outsider.token })).status).toBe(404);
  });
});
