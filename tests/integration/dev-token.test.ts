import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../fixtures/api";

/** Contract section 2: POST /dev/token exists in development and sandbox only; in production it is 404, whatever the request. */
const production = vi.hoisted(() => ({ on: false }));
vi.mock("@/server/env", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/server/env")>();
  return { ...actual, usesDevIdentityProvider: () => !production.on && actual.usesDevIdentityProvider() };
});

describe("POST /dev/token", () => {
  afterEach(() => {
    production.on = false;
  });

  it("in production answers 404 route.not_found to any body, a bad one too, and to a bad token", async () => {
    production.on = true;
    for (const answer of [
      await api.post("/api/dev/token", { email: "someone@example.test" }),
      await api.post("/api/dev/token", { email: "not-an-email" }),
      await api.post("/api/dev/token", { unexpected: true }),
      await api.post("/api/dev/token", undefined, {
        rawBody: "{not json",
        headers: { "content-type": "application/json" },
      }),
      await api.post("/api/dev/token", undefined, { rawBody: "email=a", headers: { "content-type": "text/plain" } }),
      await api.post(
        "/api/dev/token",
        { email: "someone@example.test" },
        { headers: { authorization: "Bearer not-a-token" } },
      ),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe("route.not_found");
      expect(answer.headers.get("content-type")).toBe("application/problem+json");
    }
  });

  it("in the sandbox still checks the body (422) and issues a token", async () => {
    const bad = await api.post("/api/dev/token", { email: "not-an-email" });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe("validation.failed");
    const good = await api.post("/api/dev/token", { email: `dev-token-${Date.now()}@example.test` });
    expect(good.status).toBe(200);
    expect(good.body.token_type).toBe("Bearer");
  });
});
