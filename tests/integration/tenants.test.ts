import { describe, expect, it } from "vitest";
import { api } from "../fixtures/api";
import { personToken, systemUserFixture, tenantFixture, unique } from "../fixtures/factories";

describe("tenants", () => {
  it("a system user creates a tenant and sees it (through the typed client)", async () => {
    const { client } = await systemUserFixture();
    const name = unique("Acme");
    const created = await client.POST("/tenants", { body: { name } });
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({ name, id: expect.any(String), createdAt: expect.any(String) });
    const orgId = created.data!.id;

    const one = await client.GET("/tenants/{orgId}", { params: { path: { orgId } } });
    expect(one.response.status).toBe(200);
    expect(one.data?.name).toBe(name);

    const list = await client.GET("/tenants");
    expect(list.response.status).toBe(200);
    expect(list.data?.items.map((t) => t.id)).toEqual([orgId]);
    expect(list.data?.nextCursor).toBeNull();
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
    for (let i = 0; i < 5; i++) ids.push((await su.client.POST("/tenants", { body: { name: `T${i}` } })).data!.id);
    const page = async (cursor?: string) =>
      (await su.client.GET("/tenants", { params: { query: { limit: "2", cursor } } })).data!;
    const first = await page();
    expect(first.items).toHaveLength(2);
    const second = await page(first.nextCursor!);
    const third = await page(second.nextCursor!);
    expect(third.nextCursor).toBeNull();
    expect([...first.items, ...second.items, ...third.items].map((t) => t.id)).toEqual(ids);
    expect((await api.get("/api/tenants?limit=0", { token: su.token })).body.errors[0].path).toBe("limit");
    expect((await api.get("/api/tenants?limit=501", { token: su.token })).status).toBe(422);
    expect((await api.get("/api/tenants?cursor=garbage", { token: su.token })).body.errors[0].path).toBe("cursor");
  });
});
