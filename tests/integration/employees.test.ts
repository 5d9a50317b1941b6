import { describe, expect, it } from "vitest";
import { api } from "../fixtures/api";
import { anEmployee, tenantFixture } from "../fixtures/factories";

const employeesOf = (orgId: string) => `/api/tenants/${orgId}/employees`;

describe("employees", () => {
  it("creates, reads, lists and updates an employee (through the typed client)", async () => {
    const t = await tenantFixture();
    const orgId = t.orgId;
    const input = anEmployee({ divisionId: t.payroll.divisionId });
    const created = await t.client.POST("/tenants/{orgId}/employees", { params: { path: { orgId } }, body: input });
    expect(created.response.status).toBe(201);
    expect(created.data).toEqual({
      id: expect.any(String),
      identifier: input.identifier,
      firstName: "Anna",
      lastName: "Muster",
      divisionId: t.payroll.divisionId,
      employed: true,
      entryDate: null,
      exitDate: null,
      createdAt: expect.any(String),
    });
    const employeeId = created.data!.id;
    const path = { orgId, payrollId: t.payroll.id, employeeId };

    const viaPayroll = await t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/employees/{employeeId}", {
      params: { path },
    });
    expect(viaPayroll.response.status).toBe(200);
    expect(viaPayroll.data).toEqual(created.data);

    const list = await t.client.GET("/tenants/{orgId}/employees", { params: { path: { orgId } } });
    expect(list.data?.items.map((e) => e.id)).toEqual([employeeId]);
    const payrollList = await t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/employees", {
      params: { path: { orgId, payrollId: t.payroll.id } },
    });
    expect(payrollList.data?.items.map((e) => e.id)).toEqual([employeeId]);

    const read = await t.client.GET("/tenants/{orgId}/employees/{employeeId}", { params: { path } });
    const etag = read.response.headers.get("etag")!;
    const updated = await t.client.PUT("/tenants/{orgId}/employees/{employeeId}", {
      params: { path, header: { "If-Match": etag } },
      body: { identifier: "X-1", firstName: "Anne", lastName: "Beispiel" },
    });
    expect(updated.response.status).toBe(200);
    expect(updated.data).toMatchObject({
      identifier: "X-1",
      firstName: "Anne",
      lastName: "Beispiel",
      divisionId: t.payroll.divisionId,
    });
    const stale = await t.client.PUT("/tenants/{orgId}/employees/{employeeId}", {
      params: { path, header: { "If-Match": etag } },
      body: { firstName: "Old" },
    });
    expect(stale.response.status).toBe(412);
    expect(stale.error).toMatchObject({ status: 412 });
  });

  it("divisionId may be left out while the tenant has one payroll", async () => {
    const t = await tenantFixture();
    const created = await api.post(employeesOf(t.orgId), anEmployee(), { token: t.token });
    expect(created.status).toBe(201);
    expect(created.body.divisionId).toBe(t.payroll.divisionId);
  });

  it("needs a payroll first", async () => {
    const t = await tenantFixture({ withPayroll: false });
    const response = await api.post(employeesOf(t.orgId), anEmployee(), { token: t.token });
    expect(response.status).toBe(422);
    expect(response.body.errors[0].path).toBe("divisionId");
  });

  it("refuses a division of another tenant (422 on divisionId)", async () => {
    const a = await tenantFixture();
    const b = await tenantFixture();
    const response = await api.post(employeesOf(a.orgId), anEmployee({ divisionId: b.payroll.divisionId }), {
      token: a.token,
    });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe("employee.unknown_division");
    expect(response.body.errors[0].path).toBe("divisionId");
  });

  it("identifier is unique per tenant (409), on create and on update", async () => {
    const t = await tenantFixture();
    const other = await tenantFixture();
    await api.post(employeesOf(t.orgId), anEmployee({ identifier: "100" }), { token: t.token });
    const duplicate = await api.post(employeesOf(t.orgId), anEmployee({ identifier: "100" }), { token: t.token });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.code).toBe("employee.identifier_taken");
    // Another tenant may use the same identifier.
    expect(
      (await api.post(employeesOf(other.orgId), anEmployee({ identifier: "100" }), { token: other.token })).status,
    ).toBe(201);
    const second = await api.post(employeesOf(t.orgId), anEmployee({ identifier: "200" }), { token: t.token });
    const rename = await api.put(
      `${employeesOf(t.orgId)}/${second.body.id}`,
      { identifier: "100" },
      { token: t.token },
    );
    expect(rename.status).toBe(409);
    expect(rename.body.code).toBe("employee.identifier_taken");
  });

  it("cannot be deleted: 405 with Allow", async () => {
    const t = await tenantFixture();
    const created = await api.post(employeesOf(t.orgId), anEmployee(), { token: t.token });
    const response = await api.delete(`${employeesOf(t.orgId)}/${created.body.id}`, { token: t.token });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, PUT");
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect((await api.get(`${employeesOf(t.orgId)}/${created.body.id}`, { token: t.token })).status).toBe(200);
  });

  it.each([
    [{ identifier: "" }, "identifier"],
    [{ firstName: "   " }, "firstName"],
    [{ lastName: undefined }, "lastName"],
    [{ divisionId: "nope" }, "divisionId"],
    [{ identifier: 42 }, "identifier"],
  ])("rejects %o with 422 naming %s", async (override, field) => {
    const t = await tenantFixture();
    const response = await api.post(employeesOf(t.orgId), anEmployee(override), { token: t.token });
    expect(response.status).toBe(422);
    expect(response.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    expect((await api.get(employeesOf(t.orgId), { token: t.token })).body.items).toEqual([]);
  });

  it("lists current employees by default and former ones with includeFormer=true", async () => {
    const t = await tenantFixture();
    for (let i = 0; i < 3; i++) await api.post(employeesOf(t.orgId), anEmployee(), { token: t.token });
    const current = await api.get(employeesOf(t.orgId), { token: t.token });
    const all = await api.get(`${employeesOf(t.orgId)}?includeFormer=true`, { token: t.token });
    // Until employment case data exists (regulations issue) every employee is current.
    expect(current.body.items).toHaveLength(3);
    expect(all.body.items).toHaveLength(3);
    expect(current.body.items.every((e: { employed: boolean }) => e.employed)).toBe(true);
    const bad = await api.get(`${employeesOf(t.orgId)}?includeFormer=maybe`, { token: t.token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].path).toBe("includeFormer");
  });

  it("searches by identifier and name, and pages", async () => {
    const t = await tenantFixture();
    await api.post(employeesOf(t.orgId), anEmployee({ identifier: "A-1", lastName: "Zürcher" }), { token: t.token });
    await api.post(employeesOf(t.orgId), anEmployee({ identifier: "B-2", lastName: "Berner" }), { token: t.token });
    await api.post(employeesOf(t.orgId), anEmployee({ identifier: "C-3", lastName: "Basler" }), { token: t.token });
    const found = await api.get(`${employeesOf(t.orgId)}?search=zür`, { token: t.token });
    expect(found.body.items.map((e: { identifier: string }) => e.identifier)).toEqual(["A-1"]);
    const page1 = await api.get(`${employeesOf(t.orgId)}?limit=2`, { token: t.token });
    const page2 = await api.get(`${employeesOf(t.orgId)}?limit=2&cursor=${page1.body.nextCursor}`, { token: t.token });
    expect([...page1.body.items, ...page2.body.items].map((e: { identifier: string }) => e.identifier)).toEqual([
      "A-1",
      "B-2",
      "C-3",
    ]);
    expect(page2.body.nextCursor).toBeNull();
  });

  it("an employee of another tenant is a 404, even through one's own tenant path", async () => {
    const a = await tenantFixture();
    const b = await tenantFixture();
    const theirs = await api.post(employeesOf(b.orgId), anEmployee(), { token: b.token });
    expect((await api.get(`${employeesOf(a.orgId)}/${theirs.body.id}`, { token: a.token })).status).toBe(404);
    expect(
      (await api.put(`${employeesOf(a.orgId)}/${theirs.body.id}`, { firstName: "X" }, { token: a.token })).status,
    ).toBe(404);
    expect(
      (
        await api.get(`/api/tenants/${a.orgId}/payrolls/${a.payroll.id}/employees/${theirs.body.id}`, {
          token: a.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (await api.get(`/api/tenants/${a.orgId}/payrolls/${b.payroll.id}/employees`, { token: a.token })).status,
    ).toBe(404);
  });
});
