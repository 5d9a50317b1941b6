import { SignJWT, exportJWK, generateKeyPair, importJWK, type CryptoKey } from "jose";
import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { currentSigningKey } from "@/server/auth/keys";
import { sessionSecret } from "@/server/auth/session-secret";
import { startSession } from "@/server/auth/sessions";
import { SERVICE_AUDIENCE, createSystemUser, serviceIssuer } from "@/server/auth/system-users";
import { devIdpIssuer } from "@/server/env";
import { getDb } from "@/server/db/client";
import { memberships, systemUsers, users } from "@/server/db/schema";
import { and, eq, sql } from "drizzle-orm";
import { api, call } from "../fixtures/api";
import { memberOf, personToken, systemUserFixture, tenantFixture, unique } from "../fixtures/factories";

const form = (fields: Record<string, string>) => ({
  rawBody: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

describe("system user tokens", () => {
  it("issues a token for form, JSON and HTTP Basic credentials", async () => {
    const su = await createSystemUser("Backend");
    const viaForm = await call(
      "POST",
      "/api/oauth/token",
      form({ grant_type: "client_credentials", client_id: su.clientId, client_secret: su.clientSecret }),
    );
    expect(viaForm.status).toBe(200);
    expect(viaForm.body).toEqual({ access_token: expect.any(String), token_type: "Bearer", expires_in: 3600 });
    const viaJson = await api.post("/api/oauth/token", {
      grant_type: "client_credentials",
      client_id: su.clientId,
      client_secret: su.clientSecret,
    });
    expect(viaJson.status).toBe(200);
    const basic = Buffer.from(`${su.clientId}:${su.clientSecret}`).toString("base64");
    const viaBasic = await call("POST", "/api/oauth/token", {
      ...form({ grant_type: "client_credentials" }),
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${basic}` },
    });
    expect(viaBasic.status).toBe(200);
    expect((await api.get("/api/tenants", { token: viaBasic.body.access_token })).status).toBe(200);
  });

  it("stores only a hash of the secret", async () => {
    const su = await createSystemUser("Hashed");
    const [row] = await (await getDb()).select().from(systemUsers).where(eq(systemUsers.id, su.id));
    expect(row!.secretHash).not.toContain(su.clientSecret);
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses a wrong secret, an unknown client and another grant type", async () => {
    const su = await createSystemUser("Backend");
    const wrong = await api.post("/api/oauth/token", {
      grant_type: "client_credentials",
      client_id: su.clientId,
      client_secret: "nope",
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe("auth.invalid_client");
    expect(
      (
        await api.post("/api/oauth/token", {
          grant_type: "client_credentials",
          client_id: "su_unknown",
          client_secret: "x",
        })
      ).status,
    ).toBe(401);
    const grant = await api.post("/api/oauth/token", {
      grant_type: "password",
      client_id: su.clientId,
      client_secret: su.clientSecret,
    });
    expect(grant.status).toBe(422);
    expect(grant.body.errors[0].path).toBe("grant_type");
    const missing = await api.post("/api/oauth/token", { grant_type: "client_credentials" });
    expect(missing.status).toBe(422);
  });

  it("publishes the signing keys as a JWKS without private parts", async () => {
    await systemUserFixture();
    const jwks = await api.get("/api/.well-known/jwks.json");
    expect(jwks.status).toBe(200);
    expect(jwks.body.keys.length).toBeGreaterThan(0);
    for (const key of jwks.body.keys) {
      expect(key).toMatchObject({ kty: "EC", alg: "ES256", kid: expect.any(String) });
      expect(key.d).toBeUndefined();
    }
  });

  it("rejects expired, tampered, foreign and malformed tokens with 401", async () => {
    const su = await systemUserFixture();
    const { key, kid, alg } = await currentSigningKey("service");
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg, kid })
      .setIssuer(serviceIssuer())
      .setAudience(SERVICE_AUDIENCE)
      .setSubject(su.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(key);
    const [head, payload, signature] = su.token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const tampered = [
      head,
      Buffer.from(JSON.stringify({ ...claims, sub: "00000000-0000-7000-8000-000000000000" })).toString("base64url"),
      signature,
    ].join(".");
    const foreignKey = await generateKeyPair("ES256");
    const foreign = await new SignJWT({})
      .setProtectedHeader({ alg: "ES256", kid })
      .setIssuer(serviceIssuer())
      .setAudience(SERVICE_AUDIENCE)
      .setSubject(su.id)
      .setExpirationTime("1h")
      .sign(foreignKey.privateKey);
    const otherIssuer = await new SignJWT({ email: "x@y.z" })
      .setProtectedHeader({ alg: "ES256" })
      .setIssuer("https://evil.example")
      .setSubject("x")
      .setExpirationTime("1h")
      .sign(foreignKey.privateKey);
    for (const token of [expired, tampered, foreign, otherIssuer, "not-a-jwt"]) {
      const response = await api.get("/api/tenants", { token });
      expect(response.status, token.slice(0, 20)).toBe(401);
      expect(response.body.code).toBe("auth.invalid_token");
    }
    expect((await api.get("/api/tenants", { headers: { authorization: "Token abc" } })).status).toBe(401);
    // The JWK export works, so the keys are real ones (guards against a test that could not fail).
    expect((await exportJWK(foreignKey.publicKey)).kty).toBe("EC");
  });

  it("a token of a deleted system user is refused", async () => {
    const su = await systemUserFixture();
    await (await getDb()).delete(systemUsers).where(eq(systemUsers.id, su.id));
    expect((await api.get("/api/tenants", { token: su.token })).status).toBe(401);
  });
});

describe("people", () => {
  it("a development token identifies a person, who sees only the tenants they are a member of", async () => {
    const t = await tenantFixture();
    const person = await memberOf(t.orgId, "Administrator");
    const list = await api.get("/api/tenants", { token: person.token });
    expect(list.body.items.map((x: { id: string }) => x.id)).toEqual([t.orgId]);
    const employees = await api.get(`/api/tenants/${t.orgId}/employees`, { token: person.token });
    expect(employees.status).toBe(200);
  });

  it("a person's token, checked once, is refused once it has expired; a removed membership at the next request", async () => {
    const t = await tenantFixture();
    const person = await memberOf(t.orgId, "Administrator");
    const { key, kid, alg } = await currentSigningKey("dev-idp");
    const subject = person.email;
    const shortLived = await new SignJWT({
      email: person.email,
      email_verified: true,
      name: person.email.split("@")[0],
    })
      .setProtectedHeader({ alg, kid, typ: "JWT" })
      .setIssuer(devIdpIssuer())
      .setSubject(subject)
      .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
      .sign(key);
    expect((await api.get(`/api/tenants/${t.orgId}/employees`, { token: shortLived })).status).toBe(200);
    expect((await api.get(`/api/tenants/${t.orgId}/employees`, { token: shortLived })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const expired = await api.get(`/api/tenants/${t.orgId}/employees`, { token: shortLived });
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe("auth.invalid_token");

    expect((await api.get(`/api/tenants/${t.orgId}/employees`, { token: person.token })).status).toBe(200);
    await (await getDb()).delete(memberships).where(and(eq(memberships.tenantId, t.orgId)));
    expect((await api.get(`/api/tenants/${t.orgId}/employees`, { token: person.token })).status).toBe(404);
  });

  it("the development token needs a valid email", async () => {
    const response = await api.post("/api/dev/token", { email: "not-an-email" });
    expect(response.status).toBe(422);
    expect(response.body.errors[0].path).toBe("email");
  });

  it("the browser session cookie authenticates API calls", async () => {
    const t = await tenantFixture();
    const person = await memberOf(t.orgId, "Administrator");
    const [user] = await (await getDb()).select().from(users).where(eq(users.email, person.email));
    const cookie = await encode({
      token: { userId: user!.id, sub: user!.subject, sessionId: await startSession(user!.id) },
      secret: await sessionSecret(),
    });
    const response = await api.get(`/api/tenants/${t.orgId}`, {
      headers: { cookie: `next-auth.session-token=${cookie}` },
    });
    expect(response.status).toBe(200);
    const forged = await api.get(`/api/tenants/${t.orgId}`, {
      headers: { cookie: `next-auth.session-token=${cookie.slice(0, -4)}abcd` },
    });
    expect(forged.status).toBe(401);
  });

  it("a person's requests read their user row and write it only when the token says something new", async () => {
    const email = `${unique("reader")}@example.test`;
    const first = await personToken(email, "Rea Der");
    const db = await getDb();
    // xmin names the transaction that last wrote the row: an upsert changes it even when nothing differs.
    const written = async () =>
      (
        await db
          .select({ xmin: sql<string>`xmin::text`, name: users.name })
          .from(users)
          .where(eq(users.email, email))
      )[0];
    const before = await written();
    for (let i = 0; i < 3; i++) expect((await api.get("/api/tenants", { token: first.token })).status).toBe(200);
    expect(await written()).toEqual(before);
    const renamed = await api.post("/api/dev/token", { email, name: "Rea Neu" });
    expect((await api.get("/api/tenants", { token: renamed.body.access_token })).status).toBe(200);
    const after = await written();
    expect(after!.name).toBe("Rea Neu");
    expect(after!.xmin).not.toBe(before!.xmin);
  });

  it("a session cookie's person loses a tenant at the next request once their membership is removed", async () => {
    const t = await tenantFixture();
    const person = await memberOf(t.orgId, "Administrator");
    const db = await getDb();
    const [user] = await db.select().from(users).where(eq(users.email, person.email));
    const cookie = await encode({
      token: { userId: user!.id, sub: user!.subject, sessionId: await startSession(user!.id) },
      secret: await sessionSecret(),
    });
    const read = () =>
      api.get(`/api/tenants/${t.orgId}/employees`, { headers: { cookie: `next-auth.session-token=${cookie}` } });
    expect((await read()).status).toBe(200);
    await db.delete(memberships).where(and(eq(memberships.tenantId, t.orgId), eq(memberships.userId, user!.id)));
    const after = await read();
    expect(after.status).toBe(404);
    expect(after.body.code).toBe("tenant.not_found");
  });

  it("a person's token signed by someone else is refused", async () => {
    const person = await personToken();
    const [head, payload] = person.token.split(".");
    const { privateKey } = await generateKeyPair("RS256");
    const resigned = await new SignJWT(JSON.parse(Buffer.from(payload!, "base64url").toString()))
      .setProtectedHeader(JSON.parse(Buffer.from(head!, "base64url").toString()))
      .sign(privateKey as CryptoKey);
    expect((await api.get("/api/tenants", { token: resigned })).status).toBe(401);
    expect(typeof importJWK).toBe("function");
  });
});
