import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createPayrollClient,
  TokenError,
  verifyServiceSignature,
  verifyStandardSignature,
  verifyWebhook,
  WebhookVerificationError,
} from "@/client";
import { signedHeaders } from "@/server/webhooks/sign";

/**
 * The hand-written part of the typed client against a real local HTTP server that plays the
 * service: tokens with a short lifetime, an API that records what it was sent, and answers given
 * in advance (a 503 or a 409 idempotency.in_progress before the real answer).
 */
type Seen = {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: string;
};

let server: Server;
let baseUrl = "";
let tokensIssued = 0;
let tokenLifetime = 1;
let revokedTokens = new Set<string>();
const tokenRequests: string[] = [];
const seen: Seen[] = [];
const queued: { status: number; body: unknown }[] = [];

function read(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => resolve(body));
  });
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await read(request);
    const path = new URL(request.url!, "http://x").pathname;
    const send = (status: number, json: unknown, type = "application/json") => {
      response.writeHead(status, { "content-type": type });
      response.end(JSON.stringify(json));
    };
    if (path === "/api/oauth/token") {
      tokenRequests.push(body);
      const form = new URLSearchParams(body);
      if (form.get("client_secret") !== "s3cret")
        return send(401, { code: "auth.invalid_client", status: 401 }, "application/problem+json");
      await new Promise((r) => setTimeout(r, 50)); // slow enough for callers to overlap
      return send(200, { access_token: `token-${++tokensIssued}`, token_type: "Bearer", expires_in: tokenLifetime });
    }
    const authorization = request.headers.authorization;
    seen.push({
      method: request.method!,
      path,
      authorization,
      idempotencyKey: request.headers["idempotency-key"] as string | undefined,
      body,
    });
    if (revokedTokens.has(authorization?.slice("Bearer ".length) ?? ""))
      return send(401, { code: "auth.invalid_token", status: 401 }, "application/problem+json");
    const next = queued.shift();
    if (next) return send(next.status, next.body, next.status >= 400 ? "application/problem+json" : "application/json");
    send(200, { items: [], nextCursor: null });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  tokensIssued = 0;
  tokenLifetime = 1;
  revokedTokens = new Set();
  tokenRequests.length = 0;
  seen.length = 0;
  queued.length = 0;
});

const client = (overrides: { clientSecret?: string } = {}) =>
  createPayrollClient({ baseUrl, clientId: "backend", clientSecret: "s3cret", ...overrides });
const period = { orgId: "o1", payrollId: "p1", payrunPeriodId: "open" };

describe("the typed client's token", () => {
  it("gets a token by client credentials once, shares it between overlapping calls and renews it before it expires", async () => {
    tokenLifetime = 2;
    const payroll = client();
    await Promise.all([payroll.GET("/tenants"), payroll.GET("/tenants"), payroll.GET("/tenants")]);
    expect(tokenRequests).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(tokenRequests[0]))).toEqual({
      grant_type: "client_credentials",
      client_id: "backend",
      client_secret: "s3cret",
    });
    expect(seen.map((s) => s.authorization)).toEqual(["Bearer token-1", "Bearer token-1", "Bearer token-1"]);

    // A lifetime of 2 s is renewed a tenth before its end, at 1.8 s: still the first token at 0.5 s, a new one after 2 s.
    await new Promise((r) => setTimeout(r, 500));
    await payroll.GET("/tenants");
    expect(seen.at(-1)!.authorization).toBe("Bearer token-1");
    await new Promise((r) => setTimeout(r, 1500));
    await payroll.GET("/tenants");
    expect(seen.at(-1)!.authorization).toBe("Bearer token-2");
    expect(tokenRequests).toHaveLength(2);
  });

  it("renews at most 60 s before the end of a long lifetime, not earlier", async () => {
    tokenLifetime = 3600;
    const payroll = client();
    await payroll.GET("/tenants");
    await payroll.GET("/tenants");
    expect(tokenRequests).toHaveLength(1);
    expect(await payroll.accessToken()).toBe("token-1");
  });

  it("gets a new token once when the service answers 401 (a revoked token) and repeats the call with it", async () => {
    tokenLifetime = 3600;
    const payroll = client();
    await payroll.GET("/tenants");
    revokedTokens.add("token-1");
    const { response } = await payroll.GET("/tenants");
    expect(response.status).toBe(200);
    expect(seen.map((s) => s.authorization)).toEqual(["Bearer token-1", "Bearer token-1", "Bearer token-2"]);
  });

  it("throws a TokenError with the problem when the credentials are refused", async () => {
    const error = await client({ clientSecret: "wrong" })
      .GET("/tenants")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenError);
    expect(error).toMatchObject({ status: 401, problem: { code: "auth.invalid_client" } });
    expect(seen).toHaveLength(0);
  });
});

describe("the typed client's Idempotency-Key", () => {
  it("sends a fresh key with each payout and each close, and none with other calls", async () => {
    tokenLifetime = 3600;
    const payroll = client();
    await payroll.POST("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/payouts", {
      params: { path: period },
      body: {},
    });
    await payroll.POST("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/payouts", {
      params: { path: period },
      body: {},
    });
    await payroll.POST("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/close", {
      params: { path: period },
      body: {},
    });
    await payroll.POST("/tenants", { body: { name: "Muster AG" } });
    const keys = seen.map((s) => s.idempotencyKey);
    expect(keys.slice(0, 3).every((k) => /^[0-9a-f-]{36}$/.test(k ?? ""))).toBe(true);
    expect(new Set(keys.slice(0, 3)).size).toBe(3);
    expect(keys[3]).toBeUndefined();
    expect(seen[3]!.body).toBe(JSON.stringify({ name: "Muster AG" }));
  });

  it("repeats the same key and body when a payout is tried again after a 503 and a 409 idempotency.in_progress", async () => {
    tokenLifetime = 3600;
    queued.push(
      { status: 503, body: { code: "server.unavailable", status: 503 } },
      { status: 409, body: { code: "idempotency.in_progress", status: 409 } },
      { status: 201, body: { payout: { id: "payout-1" } } },
    );
    const { data, response } = await client().POST(
      "/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/payouts",
      {
        params: { path: period },
        body: { employeeIds: ["e1"] },
      },
    );
    expect(response.status).toBe(201);
    expect(data?.payout.id).toBe("payout-1");
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map((s) => s.idempotencyKey)).size).toBe(1);
    expect(new Set(seen.map((s) => s.body))).toEqual(new Set([JSON.stringify({ employeeIds: ["e1"] })]));
  });

  it("uses the caller's key, and gives up after the retries with the last answer", async () => {
    tokenLifetime = 3600;
    queued.push(...[1, 2, 3].map(() => ({ status: 409, body: { code: "idempotency.in_progress", status: 409 } })));
    const { error, response } = await client().POST(
      "/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/close",
      {
        params: { path: period, header: { "Idempotency-Key": "close-2026-01" } },
        body: {},
      },
    );
    expect(response.status).toBe(409);
    expect(error).toMatchObject({ code: "idempotency.in_progress" });
    expect(seen.map((s) => s.idempotencyKey)).toEqual(["close-2026-01", "close-2026-01", "close-2026-01"]);
  });

  it("does not repeat a refused payout (409 with another code)", async () => {
    tokenLifetime = 3600;
    queued.push({ status: 409, body: { code: "payout.nothing_open", status: 409 } });
    const { error } = await client().POST(
      "/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/payouts",
      { params: { path: period }, body: {} },
    );
    expect(error).toMatchObject({ code: "payout.nothing_open" });
    expect(seen).toHaveLength(1);
  });
});

describe("webhook verification", () => {
  const secret = "whsec-test-0123456789";
  const body = JSON.stringify({
    $type: "WebhookPayloadTest",
    tenantId: "t1",
    correlationId: "c1",
    timestamp: "2026-11-26T10:00:00Z",
    metadata: {},
  });
  const sentAt = new Date("2026-11-26T10:00:00Z");

  it("accepts a delivery signed by the service (both signatures) and returns its payload", () => {
    const headers = signedHeaders(secret, "c1", body, sentAt);
    expect(verifyServiceSignature({ secret, headers, body })).toBe(true);
    expect(verifyStandardSignature({ secret, headers, body, now: sentAt.getTime() + 1000 })).toBe(true);
    expect(
      verifyWebhook({
        secret,
        headers: new Headers(headers),
        body: Buffer.from(body),
        now: sentAt.getTime() + 299_000,
      }),
    ).toMatchObject({ $type: "WebhookPayloadTest", correlationId: "c1" });
  });

  it("refuses another body, another secret, a missing signature and a timestamp older than 5 minutes", () => {
    const headers = signedHeaders(secret, "c1", body, sentAt);
    const now = sentAt.getTime() + 1000;
    const refused = (input: Parameters<typeof verifyWebhook>[0]) =>
      expect(() => verifyWebhook(input)).toThrow(WebhookVerificationError);
    refused({ secret, headers, body: body.replace("t1", "t2"), now });
    refused({ secret: "another", headers, body, now });
    refused({ secret, headers: { ...headers, "x-service-signature": undefined }, body, now });
    refused({ secret, headers: { ...headers, "webhook-signature": undefined }, body, now });
    refused({ secret, headers: { ...headers, "webhook-id": "c2" }, body, now });
    refused({ secret, headers, body, now: sentAt.getTime() + 301_000 });
    // A replay with a fresh timestamp but the old signature fails too.
    refused({ secret, headers: { ...headers, "webhook-timestamp": String(Math.floor(now / 1000)) }, body, now });
    expect(verifyStandardSignature({ secret, headers, body, now: sentAt.getTime() - 301_000 })).toBe(false);
  });

  it("accepts a Standard Webhooks header that lists several signatures, one of them right", () => {
    const headers = signedHeaders(secret, "c1", body, sentAt);
    const other = signedHeaders("old-secret", "c1", body, sentAt)["webhook-signature"];
    expect(
      verifyStandardSignature({
        secret,
        headers: { ...headers, "webhook-signature": `${other} ${headers["webhook-signature"]}` },
        body,
        now: sentAt.getTime(),
      }),
    ).toBe(true);
  });
});
