/**
 * Issue 9, item 10 (contract 9d): a membership by userId only for a person who already shares a tenant
 * with the caller, any other id is the same 404 as an unknown one; invitations are 404 to everyone but
 * the invitee and the tenant's Administrators.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../fixtures/api";
import { anEmployee, invitedMember, personToken, tenantFixture, unique } from "../fixtures/factories";

const membershipsOf = (orgId: string) => `/api/tenants/${orgId}/user_memberships`;
const UNKNOWN_ID = "0190a0a0-0000-7000-8000-000000000000";

/** The answer without what differs per request. */
const shape = (response: { status: number; headers: Headers; body: Record<string, unknown> }) => ({
  status: response.status,
  contentType: response.headers.get("content-type"),
  body: response.body,
});

// The database and the signing keys start here, under the hook's longer timeout, not inside the first test.
beforeAll(async () => {
  await personToken();
});

describe("a membership by userId", () => {
  it("a person of another tenant is 404 exactly as an unknown id, and is not enrolled", async () => {
    const attacker = await tenantFixture();
    const victim = await tenantFixture();
    const victimPerson = await invitedMember(victim.orgId, victim.token, "Administrator");
    const unknown = await api.post(
      membershipsOf(attacker.orgId),
      { userId: UNKNOWN_ID, role: "Administrator" },
      { token: attacker.token },
    );
    const foreign = await api.post(
      membershipsOf(attacker.orgId),
      { userId: victimPerson.userId, role: "Administrator" },
      { token: attacker.token },
    );
    expect(unknown.status).toBe(404);
    expect(shape(foreign)).toEqual(shape(unknown));
    expect(foreign.text).not.toContain(victimPerson.email);
    const members = await api.get(membershipsOf(attacker.orgId), { token: attacker.token });
    expect(members.body.items.map((m: { userId: string }) => m.userId)).not.toContain(victimPerson.userId);
  });

  it("a person of no tenant, or asked for by a person Administrator, is 404 exactly as an unknown id", async () => {
    const attacker = await tenantFixture({ withPayroll: false });
    const victim = await tenantFixture({ withPayroll: false });
    const victimPerson = await invitedMember(victim.orgId, victim.token, "Administrator");
    const unknown = await api.post(
      membershipsOf(attacker.orgId),
      { userId: UNKNOWN_ID, role: "Administrator" },
      { token: attacker.token },
    );
    // A person who signed in but belongs to no tenant is just as unknown.
    const loner = await personToken();
    const lonerId = (await api.get("/api/users", { token: loner.token })).body.id;
    expect(
      shape(
        await api.post(
          membershipsOf(attacker.orgId),
          { userId: lonerId, role: "Administrator" },
          { token: attacker.token },
        ),
      ),
    ).toEqual(shape(unknown));
    // The same for a person Administrator of the attacking tenant.
    const attackerAdmin = await invitedMember(attacker.orgId, attacker.token, "Administrator");
    expect(
      shape(
        await api.post(
          membershipsOf(attacker.orgId),
          { userId: victimPerson.userId, role: "Administrator" },
          { token: attackerAdmin.token },
        ),
      ),
    ).toEqual(shape(unknown));
  });

  it("a system user may enrol a member of another of its tenants", async () => {
    const first = await tenantFixture();
    const second = await api.post("/api/tenants", { name: unique("Second") }, { token: first.token });
    expect(second.status).toBe(201);
    const person = await invitedMember(first.orgId, first.token, "Manager", { payrollIds: [first.payroll.id] });
    const enrolled = await api.post(
      membershipsOf(second.body.id),
      { userId: person.userId, role: "Administrator" },
      { token: first.token },
    );
    expect(enrolled.status).toBe(201);
    expect(enrolled.body).toMatchObject({
      userId: person.userId,
      tenantId: second.body.id,
      user: { email: person.email },
    });
    expect((await api.get(`/api/tenants/${second.body.id}`, { token: person.token })).status).toBe(200);
  });

  it("a person Administrator may enrol someone they share a tenant with, not someone of the same owner's other tenant", async () => {
    const t = await tenantFixture();
    const admin = await invitedMember(t.orgId, t.token, "Administrator");
    const other = await api.post("/api/tenants", { name: unique("Other") }, { token: t.token });
    // Both in the other tenant: they share it.
    const colleague = await invitedMember(other.body.id, t.token, "Administrator");
    const adminInOther = await api.post(
      membershipsOf(other.body.id),
      { userId: admin.userId, role: "Administrator" },
      { token: t.token },
    );
    expect(adminInOther.status).toBe(201);
    expect(
      (
        await api.post(
          membershipsOf(t.orgId),
          { userId: colleague.userId, role: "Administrator" },
          { token: admin.token },
        )
      ).status,
    ).toBe(201);
    // Only in a third tenant of the same system user, where the admin is no member: unknown to the admin.
    const third = await api.post("/api/tenants", { name: unique("Third") }, { token: t.token });
    const stranger = await invitedMember(third.body.id, t.token, "Administrator");
    const refused = await api.post(
      membershipsOf(t.orgId),
      { userId: stranger.userId, role: "Administrator" },
      { token: admin.token },
    );
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe("user.not_found");
  });
});

describe("invitations", () => {
  async function invitation() {
    const t = await tenantFixture();
    const email = `${unique("invitee")}@example.test`;
    const response = await api.post(
      `${membershipsOf(t.orgId)}/invite`,
      { email, role: "Administrator" },
      { token: t.token },
    );
    expect(response.status).toBe(201);
    return { t, email, id: response.body.id as string };
  }

  it("someone else's invitation is 404 exactly as an unknown one, to read and to accept, also for the tenant's non-Administrators", async () => {
    const { t, id } = await invitation();
    const stranger = await personToken();
    const manager = await invitedMember(t.orgId, t.token, "Manager", { payrollIds: [t.payroll.id] });
    for (const person of [stranger, manager]) {
      const unknownRead = await api.get(`/api/user_membership_invitations/${UNKNOWN_ID}`, { token: person.token });
      const unknownAccept = await api.post(`/api/user_membership_invitations/${UNKNOWN_ID}`, undefined, {
        token: person.token,
      });
      expect(unknownRead.status).toBe(404);
      expect(shape(await api.get(`/api/user_membership_invitations/${id}`, { token: person.token }))).toEqual(
        shape(unknownRead),
      );
      expect(
        shape(await api.post(`/api/user_membership_invitations/${id}`, undefined, { token: person.token })),
      ).toEqual(shape(unknownAccept));
    }
    // Still pending: nobody accepted it.
    const pending = await api.get(`${membershipsOf(t.orgId)}/invitations`, { token: t.token });
    expect(pending.body.items.map((i: { id: string }) => i.id)).toEqual([id]);
  });

  it("the tenant's Administrator sees it and is told it is not theirs to accept; the invitee accepts", async () => {
    const { t, email, id } = await invitation();
    const admin = await invitedMember(t.orgId, t.token, "Administrator");
    expect((await api.get(`/api/user_membership_invitations/${id}`, { token: admin.token })).status).toBe(200);
    const byAdmin = await api.post(`/api/user_membership_invitations/${id}`, undefined, { token: admin.token });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.code).toBe("invitation.email_mismatch");
    const invitee = await personToken(email);
    expect((await api.post(`/api/user_membership_invitations/${id}`, undefined, { token: invitee.token })).status).toBe(
      200,
    );
  });
});

/**
 * Issue 15, item 5: the common reads are served without a transaction and with kept verified keys; no
 * access decision is kept. A membership removed or changed is seen by the very next request.
 */
describe("access is decided anew at every request", () => {
  const readsOf = (orgId: string, payrollId: string, employeeId: string) => [
    `/api/tenants/${orgId}/employees`,
    `/api/tenants/${orgId}/employees/${employeeId}`,
    `/api/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/open/entries`,
    `/api/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/open/controlling`,
  ];

  it("a removed membership ends access at the next request to every common read", async () => {
    const t = await tenantFixture();
    const employee = (
      await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee({ divisionId: t.payroll.divisionId }), {
        token: t.token,
      })
    ).body;
    // A Manager of the payroll (removing the tenant's only person Administrator is refused, 409).
    const member = await invitedMember(t.orgId, t.token, "Manager", { payrollIds: [t.payroll.id] });
    const reads = readsOf(t.orgId, t.payroll.id, employee.id);
    // Served a few times each first, so that anything kept between requests would be in place.
    for (let round = 0; round < 3; round++) {
      for (const path of reads) expect((await api.get(path, { token: member.token })).status, path).toBe(200);
    }
    expect((await api.delete(`${membershipsOf(t.orgId)}/${member.membershipId}`, { token: t.token })).status).toBe(204);
    for (const path of reads) {
      const after = await api.get(path, { token: member.token });
      expect(after.status, path).toBe(404);
      expect(after.body.code, path).toBe("tenant.not_found");
    }
    // The owner still reads.
    for (const path of reads) expect((await api.get(path, { token: t.token })).status, path).toBe(200);
  });

  it("a changed role applies at the next request: Manager to Self Service sees only the linked employee", async () => {
    const t = await tenantFixture();
    const create = () =>
      api.post(`/api/tenants/${t.orgId}/employees`, anEmployee({ divisionId: t.payroll.divisionId }), {
        token: t.token,
      });
    const own = (await create()).body;
    const other = (await create()).body;
    const member = await invitedMember(t.orgId, t.token, "Manager", { payrollIds: [t.payroll.id] });
    const list = async () =>
      (await api.get(`/api/tenants/${t.orgId}/employees`, { token: member.token })).body.items
        .map((e: { id: string }) => e.id)
        .sort();
    expect(await list()).toEqual([own.id, other.id].sort());
    expect((await api.get(`/api/tenants/${t.orgId}/employees/${other.id}`, { token: member.token })).status).toBe(200);
    const changed = await api.put(
      `${membershipsOf(t.orgId)}/${member.membershipId}`,
      { role: "SelfService", employeeId: own.id },
      { token: t.token },
    );
    expect(changed.status).toBe(200);
    expect(await list()).toEqual([own.id]);
    expect((await api.get(`/api/tenants/${t.orgId}/employees/${other.id}`, { token: member.token })).status).toBe(404);
    expect((await api.get(`/api/tenants/${t.orgId}/employees/${own.id}`, { token: member.token })).status).toBe(200);
  });
});
