import { describe, expect, it } from "vitest";
import { api, call } from "../fixtures/api";
import { anEmployee, systemUserFixture, tenantFixture, unique } from "../fixtures/factories";

describe("API conventions", () => {
  it("an unknown route under /api is a problem+json 404", async () => {
    for (const path of ["/api/nothing-here", "/api/tenants/x/y/z/w/v", "/api/oauth"]) {
      const response = await api.get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(response.body).toMatchObject({ status: 404, code: "route.not_found", title: "Not Found" });
    }
  });

  it("a wrong method is a 405 with Allow", async () => {
    const su = await systemUserFixture();
    const response = await call("DELETE", "/api/tenants", { token: su.token });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, POST");
    expect(response.body.code).toBe("request.method_not_allowed");
    expect((await call("GET", "/api/oauth/token")).headers.get("allow")).toBe("POST");
  });

  it("malformed JSON is a 400", async () => {
    const su = await systemUserFixture();
    const response = await call("POST", "/api/tenants", {
      token: su.token,
      rawBody: "{ not json",
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("request.malformed_json");
  });

  it("a body of the wrong shape is a 422 with errors[]", async () => {
    const su = await systemUserFixture();
    const response = await api.post("/api/tenants", ["a list"], { token: su.token });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      type: expect.any(String),
      title: expect.any(String),
      status: 422,
      detail: expect.any(String),
      code: "validation.failed",
    });
    expect(response.body.errors).toEqual([expect.objectContaining({ path: "", message: expect.any(String) })]);
  });

  describe("Idempotency-Key", () => {
    it("the same key and body returns the first response without doing it twice", async () => {
      const t = await tenantFixture();
      const key = unique("key");
      const body = anEmployee();
      const first = await api.post(`/api/tenants/${t.orgId}/employees`, body, {
        token: t.token,
        headers: { "idempotency-key": key },
      });
      const again = await api.post(`/api/tenants/${t.orgId}/employees`, body, {
        token: t.token,
        headers: { "idempotency-key": key },
      });
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect((await api.get(`/api/tenants/${t.orgId}/employees`, { token: t.token })).body.items).toHaveLength(1);
    });

    it("the same key with another body is a 422 idempotency.key_reused", async () => {
      const t = await tenantFixture();
      const key = unique("key");
      await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), {
        token: t.token,
        headers: { "idempotency-key": key },
      });
      const reused = await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), {
        token: t.token,
        headers: { "idempotency-key": key },
      });
      expect(reused.status).toBe(422);
      expect(reused.body.code).toBe("idempotency.key_reused");
    });

    it("keys belong to their caller", async () => {
      const a = await systemUserFixture();
      const b = await systemUserFixture();
      const key = unique("key");
      const first = await api.post(
        "/api/tenants",
        { name: "Same" },
        { token: a.token, headers: { "idempotency-key": key } },
      );
      const second = await api.post(
        "/api/tenants",
        { name: "Same" },
        { token: b.token, headers: { "idempotency-key": key } },
      );
      expect(second.status).toBe(201);
      expect(second.body.id).not.toBe(first.body.id);
    });

    it("a failed first request is remembered as failed, not retried into a different answer", async () => {
      const t = await tenantFixture();
      const key = unique("key");
      const bad = await api.post(
        `/api/tenants/${t.orgId}/payrolls/simple`,
        { name: "X", accountingStartDate: "2026-01-01", documentLanguage: "de" },
        { token: t.token, headers: { "idempotency-key": key } },
      );
      expect(bad.status).toBe(409);
      const again = await api.post(
        `/api/tenants/${t.orgId}/payrolls/simple`,
        { name: "X", accountingStartDate: "2026-01-01", documentLanguage: "de" },
        { token: t.token, headers: { "idempotency-key": key } },
      );
      expect(again.status).toBe(409);
      expect(again.body.code).toBe("payroll.already_exists");
    });
  });
});
