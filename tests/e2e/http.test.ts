import { spawnSync } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";

/**
 * The running service over real HTTP (next start, as in production): the system-user command
 * beside it, tokens, the JWKS and the conventions that only the real router shows.
 */
const baseUrl = inject("e2eBaseUrl");
const root = path.resolve(import.meta.dirname, "../..");

/** Runs an npm script beside the running service, on its database. */
function besideService(args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ["DATABASE_URL", "PGLITE_DATA_DIR", "PGLITE_TEMPLATE"]) delete env[key];
  Object.assign(env, inject("e2eDatabaseEnv"), { PUBLIC_URL: baseUrl });
  const run = spawnSync("npm", ["run", "-s", ...args], { cwd: root, env, encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.trim().split("\n").pop()!;
}

function systemUserCommand(name: string) {
  return JSON.parse(besideService(["system-user", "--", "create", "--name", name, "--json"])) as {
    clientId: string;
    clientSecret: string;
  };
}

/** A request line written on a socket as it is: fetch refuses to send TRACE, and FOO is not a method Node parses. */
function rawRequest(requestLine: string): Promise<{ status: number; head: string; body: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () =>
      socket.write(`${requestLine}\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`),
    );
    let data = "";
    socket.on("data", (chunk) => (data += chunk.toString("utf8")));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", body = ""] = data.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), head: head.toLowerCase(), body });
    });
  });
}

async function json(response: Response) {
  return { status: response.status, headers: response.headers, body: await response.json() };
}

describe("the running service", () => {
  it("serves its icon, named in every page's head", async () => {
    const icon = await fetch(`${baseUrl}/icon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toContain("image/svg+xml");
    expect(await icon.text()).toContain("<svg");
    const page = await (await fetch(`${baseUrl}/signin`)).text();
    expect(page).toMatch(/<link rel="icon" href="\/icon\.svg[^"]*"[^>]* type="image\/svg\+xml"/);
  });

  it("creates a system user from the command line while it runs, whose token works", async () => {
    const credentials = systemUserCommand("CLI backend");
    expect(Object.keys(credentials).sort()).toEqual(["clientId", "clientSecret"]);
    const token = await json(
      await fetch(`${baseUrl}/api/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "client_credentials",
          client_id: credentials.clientId,
          client_secret: credentials.clientSecret,
        }),
      }),
    );
    expect(token.status).toBe(200);
    const auth = { authorization: `Bearer ${token.body.access_token}`, "content-type": "application/json" };
    const tenant = await json(
      await fetch(`${baseUrl}/api/tenants`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ name: "CLI tenant" }),
      }),
    );
    expect(tenant.status).toBe(201);
    const payroll = await json(
      await fetch(`${baseUrl}/api/tenants/${tenant.body.id}/payrolls/simple`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ name: "CLI AG", accountingStartDate: "2026-01-01", documentLanguage: "en" }),
      }),
    );
    expect(payroll.status).toBe(201);
    const employee = await json(
      await fetch(`${baseUrl}/api/tenants/${tenant.body.id}/employees`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({
          identifier: "1",
          firstName: "Ida",
          lastName: "Http",
          divisionId: payroll.body.divisionId,
        }),
      }),
    );
    expect(employee.status).toBe(201);
    const deleted = await fetch(`${baseUrl}/api/tenants/${tenant.body.id}/employees/${employee.body.id}`, {
      method: "DELETE",
      headers: auth,
    });
    expect(deleted.status).toBe(405);
    expect(deleted.headers.get("allow")).toBe("GET, PUT");
    // A second command run gives a second, different system user.
    expect(systemUserCommand("Second backend").clientId).not.toBe(credentials.clientId);
  });

  it("imports regulation versions while it runs (npm run regulations:update)", () => {
    expect(besideService(["regulations:update"])).toBe(
      "Regulations: 0 version(s) added, 0 updated; 0 payroll(s) to recalculate.",
    );
  });

  it("serves the JWKS, the OpenAPI document and problem+json for unknown routes", async () => {
    const jwks = await json(await fetch(`${baseUrl}/api/.well-known/jwks.json`));
    expect(jwks.status).toBe(200);
    expect(jwks.body.keys[0]).toMatchObject({ kty: "EC", alg: "ES256" });
    const openapi = await json(await fetch(`${baseUrl}/api/openapi.json`));
    expect(openapi.body.paths["/tenants/{orgId}/employees"]).toBeDefined();
    for (const pathname of ["/api/nothing", "/api/tenants/abc/unknown/deeper"]) {
      const missing = await fetch(`${baseUrl}${pathname}`);
      expect(missing.status, pathname).toBe(404);
      expect(missing.headers.get("content-type")).toBe("application/problem+json");
    }
    const unauthenticated = await fetch(`${baseUrl}/api/tenants`);
    expect(unauthenticated.status).toBe(401);
  });

  it("answers TRACE, PROPFIND and FOO with 405 problem+json and the route's Allow (issue 38), never Next's 500 or bodyless 400", async () => {
    for (const method of ["TRACE", "PROPFIND", "FOO"]) {
      const reply = await rawRequest(`${method} /api/tenants HTTP/1.1`);
      expect(reply.status, method).toBe(405);
      expect(reply.head, method).toContain("content-type: application/problem+json");
      expect(reply.head, method).toContain("allow: get, post");
      expect(reply.head, method).toContain("x-content-type-options: nosniff");
      expect(JSON.parse(reply.body).detail, method).toContain(method);
    }
    const unknown = await rawRequest("TRACE /api/nothing HTTP/1.1");
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body).code).toBe("route.not_found");
    // A method Next serves reaches the route, which names it too.
    const deleted = await json(await fetch(`${baseUrl}/api/tenants`, { method: "DELETE" }));
    expect(deleted.status).toBe(405);
    expect(deleted.body.detail).toBe("DELETE is not a method of this resource; it supports GET, POST.");
  });
});
