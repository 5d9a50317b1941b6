import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, inject } from "vitest";

/**
 * What browser suites that need a tenant of their own share: a system user made with the command
 * line beside the running service, its token, calls to the API, and the demo administrator as the
 * tenant's Administrator. She shares no tenant with a new system user, so it invites her and she
 * accepts (a userId outside the caller's tenants is a 404).
 */
const baseUrl = inject("e2eBaseUrl");
const root = path.resolve(import.meta.dirname, "../..");

export function systemUserCommand(name: string) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ["DATABASE_URL", "PGLITE_DATA_DIR", "PGLITE_TEMPLATE"]) delete env[key];
  Object.assign(env, inject("e2eDatabaseEnv"), { PUBLIC_URL: baseUrl });
  const run = spawnSync("npm", ["run", "-s", "system-user", "--", "create", "--name", name, "--json"], {
    cwd: root,
    env,
    encoding: "utf8",
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim().split("\n").pop()!) as { clientId: string; clientSecret: string };
}

/**
 * A call to the API as `token`: `pathname` below /api, the body sent as JSON, and the answer's text with
 * its parsed JSON (null when the answer is not JSON). `origin` is another server's (a suite that runs its own).
 */
export async function apiCall(
  pathname: string,
  init: { method?: string; token: string; body?: unknown; headers?: Record<string, string>; origin?: string },
) {
  const response = await fetch(`${init.origin ?? baseUrl}/api${pathname}`, {
    method: init.method ?? "GET",
    headers: { authorization: `Bearer ${init.token}`, "content-type": "application/json", ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: (text && /json/.test(response.headers.get("content-type") ?? "") ? JSON.parse(text) : null) as any,
  };
}

/**
 * A new system user named `name` and its tenant (named `tenantName`, else `name`), with the demo
 * administrator as its Administrator.
 */
export async function tenantWithDemoAdministrator(name: string, tenantName = name) {
  const credentials = systemUserCommand(name);
  const token = await fetch(`${baseUrl}/api/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
    }),
  });
  const system = ((await token.json()) as { access_token: string }).access_token;
  const tenant = await apiCall("/tenants", { method: "POST", token: system, body: { name: tenantName } });
  expect(tenant.status, tenant.text).toBe(201);
  const personal = await fetch(`${baseUrl}/api/dev/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@demo.example" }),
  });
  const adminToken = ((await personal.json()) as { access_token: string }).access_token;
  const invitation = await apiCall(`/tenants/${tenant.body.id}/user_memberships/invite`, {
    method: "POST",
    token: system,
    body: { email: "admin@demo.example", role: "Administrator" },
  });
  expect(invitation.status, invitation.text).toBe(201);
  const accepted = await apiCall(`/user_membership_invitations/${invitation.body.id}`, {
    method: "POST",
    token: adminToken,
  });
  expect(accepted.status, accepted.text).toBe(200);
  return { system, orgId: tenant.body.id as string };
}
