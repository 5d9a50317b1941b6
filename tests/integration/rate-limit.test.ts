/**
 * Issue 9, item 14 (contract 9d): POST /oauth/token and POST /dev/token are rate-limited per client and
 * per address, 429 problem+json with Retry-After, the counters kept in the database.
 */
import { eq, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { RATE_LIMITS, rateLimitKey } from "@/server/auth/rate-limit";
import { createSystemUser } from "@/server/auth/system-users";
import { getDb } from "@/server/db/client";
import { rateLimits } from "@/server/db/schema";
import { api } from "../fixtures/api";
import { personToken, unique } from "../fixtures/factories";

// This suite runs as a service behind a trusted proxy, so the address comes from X-Forwarded-For.
vi.hoisted(() => {
  process.env.TRUST_PROXY = "true";
});

const tokenRequest = (clientId: string, clientSecret: string, address?: string) =>
  api.post(
    "/api/oauth/token",
    { grant_type: "client_credentials", client_id: clientId, client_secret: clientSecret },
    address ? { headers: { "x-forwarded-for": address } } : {},
  );

function expectTooMany(response: { status: number; headers: Headers; body: { code: string } }) {
  expect(response.status).toBe(429);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  expect(response.body.code).toBe("auth.rate_limited");
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS.tokenFailuresPerClient.windowSeconds);
}

/** Addresses of documentation ranges, fresh per run (the counters of a shared database outlive a run). */
const randomAddress = () => `2001:db8::${randomBytes(6).toString("hex").match(/.{4}/g)!.join(":")}`;

// The database and the signing keys start here, under the hook's longer timeout, not inside the first test.
beforeAll(async () => {
  await personToken();
});

describe("POST /oauth/token", () => {
  it("after the allowed failures for a client id, every attempt for it is 429, the right secret too; other clients go on", async () => {
    const victim = await createSystemUser("Guessed");
    const bystander = await createSystemUser("Bystander");
    for (let i = 0; i < RATE_LIMITS.tokenFailuresPerClient.limit; i++) {
      // Each guess from another address: the client's own counter stops them.
      expect((await tokenRequest(victim.clientId, `guess-${i}`, randomAddress())).status).toBe(401);
    }
    expectTooMany(await tokenRequest(victim.clientId, "one-more", randomAddress()));
    expectTooMany(await tokenRequest(victim.clientId, victim.clientSecret));
    expect((await tokenRequest(bystander.clientId, bystander.clientSecret)).status).toBe(200);
  });

  it("successful requests cost no allowance", async () => {
    const su = await createSystemUser("Busy");
    const address = randomAddress();
    for (let i = 0; i < RATE_LIMITS.tokenFailuresPerAddress.limit + 5; i++) {
      expect((await tokenRequest(su.clientId, su.clientSecret, address)).status).toBe(200);
    }
  });

  it("after the allowed failures from an address, every attempt from it is 429; the trusted proxy's hop counts, not what the client put before it", async () => {
    const address = randomAddress();
    for (let i = 0; i < RATE_LIMITS.tokenFailuresPerAddress.limit; i++) {
      // Spraying over client ids, and claiming other addresses in front of the proxy's hop.
      const response = await tokenRequest(unique("su_guess"), "x", `${randomAddress()}, ${address}`);
      expect(response.status).toBe(401);
    }
    const su = await createSystemUser("Behind the same address");
    expectTooMany(await tokenRequest(su.clientId, su.clientSecret, address));
    expect((await tokenRequest(su.clientId, su.clientSecret, randomAddress())).status).toBe(200);
  });

  it("counts in the database: a counter written by another server process applies, and a past window does not", async () => {
    const su = await createSystemUser("Shared");
    const db = await getDb();
    const key = rateLimitKey("tokenFailuresPerClient", su.clientId);
    await db
      .insert(rateLimits)
      .values({ key, windowStart: sql`now()`, count: RATE_LIMITS.tokenFailuresPerClient.limit });
    expectTooMany(await tokenRequest(su.clientId, su.clientSecret));
    await db
      .update(rateLimits)
      .set({ windowStart: sql`now() - interval '10 minutes'` })
      .where(eq(rateLimits.key, key));
    expect((await tokenRequest(su.clientId, su.clientSecret)).status).toBe(200);
  });

  it("a malformed HTTP Basic guess counts against the address", async () => {
    const address = randomAddress();
    const basic = Buffer.from("%zz:%zz").toString("base64");
    for (let i = 0; i < RATE_LIMITS.tokenFailuresPerAddress.limit; i++) {
      const response = await api.post(
        "/api/oauth/token",
        { grant_type: "client_credentials" },
        { headers: { authorization: `Basic ${basic}`, "x-forwarded-for": address } },
      );
      expect(response.status).toBe(401);
    }
    const su = await createSystemUser("Basic");
    expectTooMany(await tokenRequest(su.clientId, su.clientSecret, address));
  });
});

describe("POST /dev/token", () => {
  it("is limited per requested address (the person it is for) and per caller address", async () => {
    // The limits are generous (hundreds a minute), so the counters start just below them, as earlier requests would have left them.
    const db = await getDb();
    const nearLimit = (rule: "devTokensPerPerson" | "devTokensPerAddress", value: string) =>
      db
        .insert(rateLimits)
        .values({ key: rateLimitKey(rule, value), windowStart: sql`now()`, count: RATE_LIMITS[rule].limit - 2 });
    const email = `${unique("dev")}@example.test`;
    await nearLimit("devTokensPerPerson", email);
    for (let i = 0; i < 2; i++)
      expect(
        (await api.post("/api/dev/token", { email }, { headers: { "x-forwarded-for": randomAddress() } })).status,
      ).toBe(200);
    expectTooMany(await api.post("/api/dev/token", { email }));
    expect((await api.post("/api/dev/token", { email: `${unique("dev")}@example.test` })).status).toBe(200);

    const address = randomAddress();
    await nearLimit("devTokensPerAddress", address);
    for (let i = 0; i < 2; i++) {
      expect(
        (
          await api.post(
            "/api/dev/token",
            { email: `${unique("dev")}@example.test` },
            { headers: { "x-forwarded-for": address } },
          )
        ).status,
      ).toBe(200);
    }
    expectTooMany(
      await api.post(
        "/api/dev/token",
        { email: `${unique("dev")}@example.test` },
        { headers: { "x-forwarded-for": address } },
      ),
    );
  });

  it("lets a scripted suite ask for a person's token many times a minute", async () => {
    const email = `${unique("suite")}@example.test`;
    for (let i = 0; i < 40; i++) expect((await api.post("/api/dev/token", { email })).status).toBe(200);
  });
});
