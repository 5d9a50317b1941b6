/**
 * Issue 9, item 11 (contract 9d): the console's session cookie authenticates only while its session,
 * recorded on the server, is current; signing out ends it. (The sign-out through next-auth's endpoint
 * is shown over real HTTP in tests/e2e/sign-out.test.ts.)
 */
import { eq } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { beforeAll, describe, expect, it } from "vitest";
import { authOptions } from "@/server/auth/next-auth";
import { sessionSecret } from "@/server/auth/session-secret";
import { endSession, startSession } from "@/server/auth/sessions";
import { getDb } from "@/server/db/client";
import { sessions, users } from "@/server/db/schema";
import { api } from "../fixtures/api";
import { invitedMember, personToken, tenantFixture } from "../fixtures/factories";

async function signedInPerson() {
  const person = await personToken();
  const [user] = await (await getDb()).select().from(users).where(eq(users.email, person.email));
  return user!;
}

const cookieOf = async (claims: Record<string, unknown>) =>
  `next-auth.session-token=${await encode({ token: claims, secret: await sessionSecret() })}`;

// The database and the signing keys start here, under the hook's longer timeout, not inside the first test.
beforeAll(async () => {
  await personToken();
});

describe("console sessions", () => {
  it("a current session's cookie authenticates; after sign-out the same cookie is 401", async () => {
    const user = await signedInPerson();
    const sessionId = await startSession(user.id);
    const cookie = await cookieOf({ userId: user.id, sub: user.subject, sessionId });
    expect((await api.get("/api/users", { headers: { cookie } })).status).toBe(200);
    // What next-auth's signOut event does.
    const options = await authOptions();
    await options.events!.signOut!({ token: { userId: user.id, sessionId }, session: undefined as never });
    const after = await api.get("/api/users", { headers: { cookie } });
    expect(after.status).toBe(401);
    expect(after.headers.get("content-type")).toBe("application/problem+json");
    // Public operations still answer.
    expect((await api.get("/api/.well-known/jwks.json", { headers: { cookie } })).status).toBe(200);
  });

  it("a cookie without a recorded session, of an expired one, or naming another person's session is 401", async () => {
    const user = await signedInPerson();
    const other = await signedInPerson();
    expect(
      (await api.get("/api/users", { headers: { cookie: await cookieOf({ userId: user.id, sub: user.subject }) } }))
        .status,
    ).toBe(401);
    const expired = await startSession(user.id);
    await (
      await getDb()
    )
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, expired));
    expect(
      (await api.get("/api/users", { headers: { cookie: await cookieOf({ userId: user.id, sessionId: expired }) } }))
        .status,
    ).toBe(401);
    const othersSession = await startSession(other.id);
    expect(
      (
        await api.get("/api/users", {
          headers: { cookie: await cookieOf({ userId: user.id, sessionId: othersSession }) },
        })
      ).status,
    ).toBe(401);
  });

  it("ending one session leaves the person's other sessions", async () => {
    const user = await signedInPerson();
    const first = await startSession(user.id);
    const second = await startSession(user.id);
    await endSession({ sessionId: first });
    expect(
      (await api.get("/api/users", { headers: { cookie: await cookieOf({ userId: user.id, sessionId: first }) } }))
        .status,
    ).toBe(401);
    expect(
      (await api.get("/api/users", { headers: { cookie: await cookieOf({ userId: user.id, sessionId: second }) } }))
        .status,
    ).toBe(200);
  });

  it("a session signed out ends access to the tenant's reads at the very next request (issue 15, item 5)", async () => {
    const t = await tenantFixture();
    const member = await invitedMember(t.orgId, t.token, "Administrator");
    const sessionId = await startSession(member.userId);
    const cookie = await cookieOf({ userId: member.userId, sessionId });
    const reads = [
      `/api/tenants/${t.orgId}/employees`,
      `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/payrunperiods/open/entries`,
      `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/payrunperiods/open/controlling`,
    ];
    for (let round = 0; round < 3; round++) {
      for (const path of reads) expect((await api.get(path, { headers: { cookie } })).status, path).toBe(200);
    }
    await endSession({ sessionId });
    for (const path of reads) {
      const after = await api.get(path, { headers: { cookie } });
      expect(after.status, path).toBe(401);
      expect(after.body.code, path).toBe("auth.unauthenticated");
    }
    // The person's bearer token is another sign-in and still reads.
    expect((await api.get(reads[0]!, { token: member.token })).status).toBe(200);
  });
});
