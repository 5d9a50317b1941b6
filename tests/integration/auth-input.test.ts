/** Issue 9, item 3: credentials that cannot be read are not a caller, never a 500. */
import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { DEV_CLIENT_ID } from "@/server/auth/dev-token";
import { currentSigningKey } from "@/server/auth/keys";
import { devIdpIssuer } from "@/server/env";
import { api, call } from "../fixtures/api";
import { personToken, systemUserFixture, tenantFixture, unique } from "../fixtures/factories";

const isProblem = (response: { headers: Headers }) =>
  expect(response.headers.get("content-type")).toBe("application/problem+json");

// The database and the signing keys start here, under the hook's longer timeout, not inside the first test.
beforeAll(async () => {
  await personToken();
});

describe("cookies that cannot be decoded", () => {
  for (const cookie of [
    "x=%zz",
    "next-auth.session-token=%zz",
    "next-auth.session-token=not-a-jwe",
    "next-auth.session-token.0=%E0%A4%A; other=1",
  ]) {
    it(`${cookie}: public operations work, protected ones answer 401, a bearer token still counts`, async () => {
      const t = await tenantFixture({ withPayroll: false });
      const jwks = await api.get("/api/.well-known/jwks.json", { headers: { cookie } });
      expect(jwks.status).toBe(200);
      const anonymous = await api.get("/api/tenants", { headers: { cookie } });
      expect(anonymous.status).toBe(401);
      isProblem(anonymous);
      const withToken = await api.get(`/api/tenants/${t.orgId}`, { token: t.token, headers: { cookie } });
      expect(withToken.status).toBe(200);
      const su = await systemUserFixture();
      const token = await api.post(
        "/api/oauth/token",
        { grant_type: "client_credentials", client_id: su.clientId, client_secret: su.clientSecret },
        { headers: { cookie } },
      );
      expect(token.status).toBe(200);
    });
  }
});

describe("HTTP Basic credentials that cannot be decoded", () => {
  for (const credentials of ["%zz:%zz", "su_x:%E0%A4%A", "%:secret", "\u0000:\u0000", "%00:%00", "su_x\u202E:secret"]) {
    it(`${JSON.stringify(credentials)} is 401 invalid_client as problem+json`, async () => {
      const basic = Buffer.from(credentials).toString("base64");
      const response = await call("POST", "/api/oauth/token", {
        rawBody: "grant_type=client_credentials",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${basic}` },
      });
      expect(response.status).toBe(401);
      isProblem(response);
      expect(response.body.code).toBe("auth.invalid_client");
    });
  }
});

describe("a person token's claims with control characters", () => {
  async function devIdpToken(claims: Record<string, unknown>, subject: string) {
    const { key, kid, alg } = await currentSigningKey("dev-idp");
    return new SignJWT(claims)
      .setProtectedHeader({ alg, kid, typ: "JWT" })
      .setIssuer(devIdpIssuer())
      .setAudience(DEV_CLIENT_ID)
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(key);
  }

  it("a NUL or other control character in the name claim is dropped from the person's name", async () => {
    const email = `${unique("nul")}@example.test`;
    const token = await devIdpToken({ email, email_verified: true, name: "Anna\u0000 Mus\u0007ter\u202E" }, email);
    const me = await api.get("/api/users", { token });
    expect(me.status).toBe(200);
    expect(me.body.name).toBe("Anna Muster");
  });

  it("a name claim of nothing but control characters falls back to the email", async () => {
    const email = `${unique("nul")}@example.test`;
    const token = await devIdpToken({ email, email_verified: true, name: "\u0000\u0001" }, email);
    const me = await api.get("/api/users", { token });
    expect(me.status).toBe(200);
    expect(me.body.name).toBe(email);
  });

  it("a NUL in the subject or the email is an unusable token (401)", async () => {
    const email = `${unique("nul")}@example.test`;
    for (const token of [
      await devIdpToken({ email, email_verified: true }, `${email}\u0000`),
      await devIdpToken({ email: `${email}\u0000`, email_verified: true }, email),
    ]) {
      const response = await api.get("/api/users", { token });
      expect(response.status).toBe(401);
      isProblem(response);
    }
  });
});
