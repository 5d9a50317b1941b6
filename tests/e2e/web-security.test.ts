import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, signInAtIdp } from "./browser";

/**
 * Contract 9d over the real router (next start): headers on every response, cookie sessions that
 * cannot be used from another site, and request shapes that only a real server receives.
 */
const baseUrl = inject("e2eBaseUrl");
const idpUrl = inject("e2eIdpUrl");

describe("web security of the running service", () => {
  let browser: Browser;
  let cookie = "";
  let tenantId = "";

  beforeAll(async () => {
    browser = await launchChromium();
    const context = await browser.newContext({ baseURL: baseUrl });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    await page.goto("/");
    await page.waitForURL(/\/signin/);
    await page.getByRole("button", { name: "Sign in" }).click();
    await signInAtIdp(page, idpUrl, { demo: "Anna Admin" });
    await page.waitForURL(/\/tenants\/[0-9a-f-]{36}\//);
    tenantId = /\/tenants\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
    cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  });

  afterAll(async () => {
    await browser?.close();
  });

  const createTenantEmployee = (headers: Record<string, string>, body: string) =>
    fetch(`${baseUrl}/api/tenants/${tenantId}/employees`, { method: "POST", headers: { cookie, ...headers }, body });

  const anEmployee = () =>
    JSON.stringify({
      identifier: `WS-${Math.random().toString(36).slice(2, 8)}`,
      firstName: "Web",
      lastName: "Security",
    });

  it("refuses a cookie-authenticated write from another site: 403 request.cross_origin, nothing written", async () => {
    const body = anEmployee();
    const response = await createTenantEmployee({ origin: "https://evil.example", "content-type": "text/plain" }, body);
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    expect((await response.json()).code).toBe("request.cross_origin");
    const jsonTyped = await createTenantEmployee(
      { origin: "https://evil.example", "content-type": "application/json" },
      body,
    );
    expect(jsonTyped.status).toBe(403);
    const crossSite = await createTenantEmployee(
      { "sec-fetch-site": "cross-site", "content-type": "application/json" },
      body,
    );
    expect(crossSite.status).toBe(403);
    // Basic credentials (which a browser re-sends on its own) authenticate nothing here: the cookie does, and is checked.
    const withBasic = await createTenantEmployee(
      {
        origin: "https://evil.example",
        "content-type": "application/json",
        authorization: `Basic ${Buffer.from("a:b").toString("base64")}`,
      },
      body,
    );
    expect(withBasic.status).toBe(403);
    expect((await withBasic.json()).code).toBe("request.cross_origin");
    const identifier = JSON.parse(body).identifier as string;
    const list = await fetch(`${baseUrl}/api/tenants/${tenantId}/employees?search=${identifier}`, {
      headers: { cookie },
    });
    expect((await list.json()).items).toEqual([]);
  });

  it("accepts the same write from its own pages, and only as JSON", async () => {
    const plain = await createTenantEmployee({ origin: baseUrl, "content-type": "text/plain" }, anEmployee());
    expect(plain.status).toBe(415);
    const own = await createTenantEmployee({ origin: baseUrl, "content-type": "application/json" }, anEmployee());
    expect(own.status).toBe(201);
  });

  it("sends nosniff and a referrer policy on every response, and a CSP forbidding framing on pages", async () => {
    for (const path of ["/api/openapi.json", "/api/no-such-route", "/signin", "/api/.well-known/jwks.json"]) {
      const response = await fetch(`${baseUrl}${path}`, { redirect: "manual" });
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("referrer-policy"), path).toBeTruthy();
    }
    // Pages, next-auth's own HTML pages among them (its sign-out confirmation).
    for (const path of ["/signin", "/api/auth/signout"]) {
      const page = await fetch(`${baseUrl}${path}`, { redirect: "manual" });
      expect(page.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
    }
  });

  it("answers a path id with bad percent-encoding with problem+json, never a 500", async () => {
    for (const path of [
      "/api/tenants/%C3%28",
      "/api/tenants/%zz",
      `/api/tenants/${tenantId}/employees/%E0%A4%A`,
      "/api/tenants/%00",
    ]) {
      const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      expect(response.headers.get("content-type"), path).toContain("application/problem+json");
    }
  });

  it("answers bad percent-encoding in the query with problem+json, never a 500", async () => {
    const response = await fetch(`${baseUrl}/api/tenants/${tenantId}/employees?search=%zz&limit=%C3%28`, {
      headers: { cookie },
    });
    expect(response.status).toBeLessThan(500);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
  });
});
