/** Issue 9, item 16: memberships, a payroll's regulations and the user carry a version, an ETag and 412 on a stale If-Match. */
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../fixtures/api";
import { invitedMember, personToken, tenantFixture } from "../fixtures/factories";

const ETAG = /^"[0-9a-f-]{36}\.\d+"$/;

// The database and the signing keys start here, under the hook's longer timeout, not inside the first test.
beforeAll(async () => {
  await personToken();
});

describe("memberships", () => {
  it("PUT returns an ETag, refuses a stale If-Match with 412 and changes nothing", async () => {
    const t = await tenantFixture();
    await invitedMember(t.orgId, t.token, "Administrator"); // the tenant keeps an Administrator
    const member = await invitedMember(t.orgId, t.token, "Administrator");
    const path = `/api/tenants/${t.orgId}/user_memberships/${member.membershipId}`;
    const first = await api.put(path, { role: "Manager", payrollIds: [t.payroll.id] }, { token: t.token });
    expect(first.status).toBe(200);
    const firstTag = first.headers.get("etag")!;
    expect(firstTag).toMatch(ETAG);
    expect(firstTag.startsWith(`"${member.membershipId}.`)).toBe(true);

    const second = await api.put(
      path,
      { role: "Administrator" },
      { token: t.token, headers: { "if-match": firstTag } },
    );
    expect(second.status).toBe(200);
    const secondTag = second.headers.get("etag")!;
    expect(secondTag).toMatch(ETAG);
    expect(secondTag).not.toBe(firstTag);

    const stale = await api.put(path, { role: "SelfService" }, { token: t.token, headers: { "if-match": firstTag } });
    expect(stale.status).toBe(412);
    expect(stale.headers.get("content-type")).toBe("application/problem+json");
    expect(stale.body.code).toBe("request.precondition_failed");
    const list = await api.get(`/api/tenants/${t.orgId}/user_memberships`, { token: t.token });
    expect(list.body.items.find((m: { id: string }) => m.id === member.membershipId).role).toBe("Administrator");
    // The current ETag and * still match.
    expect(
      (await api.put(path, { role: "Administrator" }, { token: t.token, headers: { "if-match": secondTag } })).status,
    ).toBe(200);
    expect(
      (await api.put(path, { role: "Administrator" }, { token: t.token, headers: { "if-match": "*" } })).status,
    ).toBe(200);
  });
});

describe("a payroll's regulations", () => {
  it("GET and PUT return an ETag; a stale If-Match is 412 and changes nothing", async () => {
    const t = await tenantFixture();
    const path = `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/regulations`;
    const read = await api.get(path, { token: t.token });
    expect(read.status).toBe(200);
    const readTag = read.headers.get("etag")!;
    expect(readTag).toMatch(ETAG);

    const written = await api.put(path, read.body, { token: t.token, headers: { "if-match": readTag } });
    expect(written.status).toBe(200);
    const writtenTag = written.headers.get("etag")!;
    expect(writtenTag).toMatch(ETAG);
    expect(writtenTag).not.toBe(readTag);
    expect((await api.get(path, { token: t.token })).headers.get("etag")).toBe(writtenTag);

    const available = (await api.get("/api/regulations/available", { token: t.token })).body.items.find(
      (c: { name: string }) => c.name === read.body.countryRegulation,
    );
    const industry = available.industries[0].name as string;
    const stale = await api.put(
      path,
      { ...read.body, industries: [...read.body.industries, industry] },
      { token: t.token, headers: { "if-match": readTag } },
    );
    expect(stale.status).toBe(412);
    expect(stale.body.code).toBe("request.precondition_failed");
    expect((await api.get(path, { token: t.token })).body.industries).toEqual(read.body.industries);
  });
});

describe("the user", () => {
  it("GET /users and PUT /users/{userId} return an ETag; a stale If-Match is 412 and changes nothing", async () => {
    const person = await personToken();
    const me = await api.get("/api/users", { token: person.token });
    const readTag = me.headers.get("etag")!;
    expect(readTag).toMatch(ETAG);
    expect(readTag.startsWith(`"${me.body.id}.`)).toBe(true);

    const written = await api.put(
      `/api/users/${me.body.id}`,
      { culture: "fr-CH" },
      { token: person.token, headers: { "if-match": readTag } },
    );
    expect(written.status).toBe(200);
    const writtenTag = written.headers.get("etag")!;
    expect(writtenTag).toMatch(ETAG);
    expect(writtenTag).not.toBe(readTag);

    const stale = await api.put(
      `/api/users/${me.body.id}`,
      { culture: "it-CH" },
      { token: person.token, headers: { "if-match": readTag } },
    );
    expect(stale.status).toBe(412);
    expect(stale.body.code).toBe("request.precondition_failed");
    const after = await api.get("/api/users", { token: person.token });
    expect(after.body.culture).toBe("fr-CH");
    expect(after.headers.get("etag")).toBe(writtenTag);
  });
});
