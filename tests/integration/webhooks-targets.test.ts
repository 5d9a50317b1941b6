import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/server/db/client";
import { webhooks } from "@/server/db/schema";
import { inTenantOf } from "@/server/db/tenant-scope";
import { parseEnv } from "@/server/env";
import { recordEvent } from "@/server/events/record-event";
import { addressProblem } from "@/server/webhooks/targets";
import { api } from "../fixtures/api";
import { tenantFixture } from "../fixtures/factories";
import { drainUntil, startReceiver } from "../fixtures/webhook-receiver";

// The allow switch is off here, as in production (server/env.ts caches what it reads per test file).
vi.hoisted(() => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
  delete process.env.WEBHOOK_RETRY_DELAYS_MS;
});

const SECRET = "targets-secret-0123456789";

describe("webhook targets (contract section 9: public https addresses only)", () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it("classifies addresses with ipaddr.js: only public unicast is allowed", () => {
    const refused = [
      "127.0.0.1",
      "127.8.9.10",
      "10.0.0.1",
      "172.16.5.4",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "255.255.255.255",
      "224.0.0.1",
      "240.0.0.1",
      "192.0.2.1",
      "198.51.100.7",
      "203.0.113.9",
      "198.18.0.1",
      "::1",
      "::",
      "fe80::1",
      "fc00::1",
      "fd12:3456::1",
      "ff02::1",
      "2001:db8::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "::ffff:169.254.169.254",
      "64:ff9b::7f00:1",
      "2002:7f00:1::1",
      "::127.0.0.1",
      "not-an-address",
    ];
    for (const address of refused) expect(addressProblem(address), address).not.toBeNull();
    for (const address of [
      "93.184.215.14",
      "8.8.8.8",
      "1.1.1.1",
      "2a00:1450:4001:82b::200e",
      "2606:4700:4700::1111",
      "::ffff:8.8.8.8",
    ])
      expect(addressProblem(address), address).toBeNull();
  });

  it("refuses at registration a target by address class, a name that resolves to loopback, and http", async () => {
    const t = await tenantFixture({ withPayroll: false });
    const urls = [
      "https://127.0.0.1/hook",
      "https://10.1.2.3/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/hook",
      "https://[fe80::1]/hook",
      "https://[::ffff:127.0.0.1]/hook",
      "https://[::ffff:7f00:1]/hook",
      "https://localhost/hook",
      "https://localhost./hook",
      "https://hooks.localhost/hook",
      "https://HOOKS.LocalHost./hook",
      "https://0x7f.1/hook",
      "http://93.184.215.14/hook",
      receiver.url("/hook"),
    ];
    for (const payloadUrl of urls) {
      const response = await api.post(
        `/api/tenants/${t.orgId}/webhooks`,
        { payloadUrl, events: ["TaskChanged"], secret: SECRET },
        { token: t.token },
      );
      expect(response.status, payloadUrl).toBe(422);
      expect(response.headers.get("content-type")).toContain("application/problem+json");
      expect(response.body, payloadUrl).toMatchObject({
        code: "webhook.url_not_allowed",
        errors: [{ path: "payloadUrl", message: expect.any(String) }],
      });
    }
    const accepted = await api.post(
      `/api/tenants/${t.orgId}/webhooks`,
      { payloadUrl: "https://93.184.215.14/hook", events: ["TaskChanged"], secret: SECRET },
      { token: t.token },
    );
    expect(accepted.status, accepted.text).toBe(201);
    // An update to a refused target is refused the same way, and changes nothing.
    const moved = await api.put(
      `/api/tenants/${t.orgId}/webhooks/${accepted.body.id}`,
      { payloadUrl: "https://127.0.0.1/hook" },
      { token: t.token },
    );
    expect(moved.status).toBe(422);
    expect(moved.body.code).toBe("webhook.url_not_allowed");
    expect(
      (await api.get(`/api/tenants/${t.orgId}/webhooks/${accepted.body.id}`, { token: t.token })).body.payloadUrl,
    ).toBe("https://93.184.215.14/hook");
    // A name that resolves to nothing (yet) is not refused at registration; its deliveries check it again.
    const unresolved = await api.post(
      `/api/tenants/${t.orgId}/webhooks`,
      { payloadUrl: "https://hooks.no-such-name.invalid/payroll", events: ["TaskChanged"], secret: SECRET },
      { token: t.token },
    );
    expect(unresolved.status, unresolved.text).toBe(201);
  });

  it("checks again at delivery: a target that now points inside is not connected to, and the attempt says why", async () => {
    const t = await tenantFixture({ withPayroll: false });
    const registered = await api.post(
      `/api/tenants/${t.orgId}/webhooks`,
      { payloadUrl: "https://93.184.215.14/hook", events: ["TaskChanged"], secret: SECRET },
      { token: t.token },
    );
    expect(registered.status).toBe(201);
    // What a DNS answer changed after registration would do: the stored target now leads to this machine.
    await (
      await getDb()
    )
      .update(webhooks)
      .set({ payloadUrl: receiver.url("/inside") })
      .where(eq(webhooks.id, registered.body.id));
    await inTenantOf(t.orgId, (scope) =>
      recordEvent(scope, "TaskChanged", {
        payrollId: "0190f3c4-0000-7000-8000-0000000000aa",
        taskId: "0190f3c4-0000-7000-8000-0000000000ab",
        kind: "webhookFailing",
        status: "open",
        resolution: null,
      }),
    );
    const log = async () =>
      (
        await api.get(`/api/tenants/${t.orgId}/webhooks/${registered.body.id}/messages?status=failed`, {
          token: t.token,
        })
      ).body.items;
    await drainUntil(async () => (await log()).length > 0);
    const [attempt] = await log();
    expect(attempt).toMatchObject({
      status: "failed",
      responseStatus: null,
      error: expect.stringContaining("Target refused"),
    });
    expect(receiver.at("/inside")).toHaveLength(0);
  });

  it("refuses the allow switch and a shortened retry schedule in production", () => {
    const production = {
      SERVICE_ENVIRONMENT: "production",
      OIDC_ISSUER: "https://idp.example",
      OIDC_CLIENT_ID: "c",
      OIDC_CLIENT_SECRET: "s",
      NEXTAUTH_SECRET: "x".repeat(32),
      DATABASE_URL: "postgres://db.example/payroll",
    };
    expect(() => parseEnv(production)).not.toThrow();
    expect(() => parseEnv({ ...production, WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" })).toThrow(
      /WEBHOOK_ALLOW_PRIVATE_TARGETS/,
    );
    expect(() => parseEnv({ ...production, WEBHOOK_RETRY_DELAYS_MS: "0,0" })).toThrow(/WEBHOOK_RETRY_DELAYS_MS/);
    expect(
      parseEnv({ SERVICE_ENVIRONMENT: "sandbox", WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" }).WEBHOOK_ALLOW_PRIVATE_TARGETS,
    ).toBe("true");
  });
});
