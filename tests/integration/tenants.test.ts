import { describe, expect, it } from "vitest";
import { api } from "../fixtures/api";
import { personToken, systemUserFixture, tenantFixture, unique } from "../fixtures/factories";

describe("tenants", () => {
  it("a system user creates a tenant and sees it", async () => {
    const su = await systemUserFixture();
    const name = unique("Acme");
    const created = await api.post("/api/tenants", { name }, { token: su.token });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name, id: expect.any(String), createdAt: expect.any(String) });

    const one = await api.get(`/api/tenants/${created.body.id}`, { token: su.token });
    expect(one.status).toBe(200);
    expect(one.body.name).toBe(name);

    const list = await api.get("/api/tenants", { token: su.token });
    expect(list.status).toBe(200);
    expect(list.body.items.map((t: { id: string }) => t.id)).toEqual([created.body.id]);
    expect(list.body.nextCursor).toBeNull();
  });

  it("a person may not create tenants (403)", async () => {
    const person = await personToken();
    const response = await api.post("/api/tenants", { name: "Nope" }, { token: person.token });
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.body.code).toBe("auth.forbidden");
  });

  it("anonymous callers get 401", async () => {
    const response = await api.post("/api/tenants", { name: "Nope" });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe("auth.unauthenticated");
    expect((await api.get("/api/tenants")).status).toBe(401);
  });

  it("a missing name is a 422 naming the field", async () => {
    const su = await systemUserFixture();
    const response = await api.post("/api/tenants", { name: "  " }, { token: su.token });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([expect.objectContaining({ path: "name" })]);
  });

  it("another system user's tenant is a 404, and is not listed", async () => {
    const a = await tenantFixture({ withPayroll: false });
    const b = await systemUserFixture();
    expect((await api.get(`/api/tenants/${a.orgId}`, { token: b.token })).status).toBe(404);
    expect((await api.get("/api/tenants", { token: b.token })).body.items).toEqual([]);
  });

  it("pages through tenants with a cursor", async () => {
    const su = await systemUserFixture();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await api.post("/api/tenants", { name: `T${i}` }, { token: su.token })).body.id);
    const first = await api.get("/api/tenants?limit=2", { token: su.token });
    expect(first.body.items).toHaveLength(2);
    const second = await api.get(`/api/tenants?limit=2&cursor=${first.body.nextCursor}`, { token: su.token });
    const third = await api.get(`/api/tenants?limit=2&cursor=${second.body.nextCursor}`, { token: su.token });
    expect(third.body.nextCursor).toBeNull();
    expect([...first.body.items, ...second.body.items, ...third.body.items].map((t: { id: string }) => t.id)).toEqual(
      ids,
    );
    expect((await api.get("/api/tenants?limit=0", { token: su.token })).body.errors[0].path).toBe("limit");
    expect((await api.get("/api/tenants?limit=501", { token: su.token })).status).toBe(422);
    expect((await api.get("/api/tenants?cursor=garbage", { token: su.token })).body.errors[0].path).toBe("cursor");
  });
});
