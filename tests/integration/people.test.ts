import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { invitations, tenants } from "@/server/db/schema";
import { api } from "../fixtures/api";
import { anEmployee, invitedMember, memberOf, personToken, tenantFixture, unique } from "../fixtures/factories";

const membershipsOf = (orgId: string) => `/api/tenants/${orgId}/user_memberships`;

/** A person who shares a tenant with the tenant's system user (a member of another of its tenants): one it may enrol by id. */
async function personOfSiblingTenant(t: { token: string }) {
  const sibling = await api.post("/api/tenants", { name: unique("Sibling") }, { token: t.token });
  if (sibling.status !== 201) throw new Error(`tenant: ${sibling.status} ${sibling.text}`);
  return invitedMember(sibling.body.id, t.token, "Administrator");
}

describe("users", () => {
  it("GET /users is the signed-in person; PUT changes only their culture", async () => {
    const person = await personToken(`${unique("me")}@example.test`, "Maria Muster");
    const me = await api.get("/api/users", { token: person.token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ id: expect.any(String), email: person.email, name: "Maria Muster", culture: "de-CH" });
    const updated = await api.put(
      `/api/users/${me.body.id}`,
      { culture: "fr-CH", name: "Ignored", email: "x@y.z" },
      { token: person.token },
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ ...me.body, culture: "fr-CH" });
    // Only the cultures the console speaks (contract 9c).
    for (const culture of ["French!", "en", "de-DE", "xx-ZZ"]) {
      const bad = await api.put(`/api/users/${me.body.id}`, { culture }, { token: person.token });
      expect(bad.status, culture).toBe(422);
      expect(bad.body.errors[0].path).toBe("culture");
    }
  });

  it("another person's user record cannot be changed", async () => {
    const a = await personToken();
    const b = await personToken();
    const bId = (await api.get("/api/users", { token: b.token })).body.id;
    const response = await api.put(`/api/users/${bId}`, { culture: "it-CH" }, { token: a.token });
    expect(response.status).toBe(404);
    expect((await api.get("/api/users", { token: b.token })).body.culture).toBe("de-CH");
  });

  it("POST /users answers 403 for a system user token (and for people)", async () => {
    const t = await tenantFixture({ withPayroll: false });
    const response = await api.post("/api/users", { email: "x@example.test" }, { token: t.token });
    expect(response.status).toBe(403);
    const person = await personToken();
    expect((await api.post("/api/users", { email: "x@example.test" }, { token: person.token })).status).toBe(403);
    expect((await api.get("/api/users", { token: t.token })).status).toBe(403);
  });
});

describe("memberships", () => {
  it("creates a membership for an existing user at once, lists, changes the role and removes it", async () => {
    const t = await tenantFixture();
    const keeper = await memberOf(t.orgId, "Administrator"); // so that the new member is not the last Administrator
    const person = await personOfSiblingTenant(t);
    const userId = person.userId;
    expect((await api.get(`/api/tenants/${t.orgId}`, { token: person.token })).status).toBe(404);

    const created = await api.post(membershipsOf(t.orgId), { userId, role: "Owner" }, { token: t.token });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      userId,
      tenantId: t.orgId,
      role: "Administrator",
      payrollIds: [],
      employeeId: null,
    });
    expect((await api.get(`/api/tenants/${t.orgId}`, { token: person.token })).status).toBe(200);

    const list = await api.get(membershipsOf(t.orgId), { token: t.token });
    expect(list.body.items.map((m: { user: { email: string } }) => m.user.email)).toEqual([keeper.email, person.email]);
    expect(list.body.items[1]).toMatchObject({
      id: created.body.id,
      user: { email: person.email, name: expect.any(String) },
    });

    const manager = await api.put(
      `${membershipsOf(t.orgId)}/${created.body.id}`,
      { role: "Manager" },
      { token: t.token },
    );
    expect(manager.status).toBe(200);
    expect(manager.body).toMatchObject({ role: "Manager", payrollIds: [t.payroll.id] });
    // A Manager has no access to memberships.
    expect((await api.get(membershipsOf(t.orgId), { token: person.token })).status).toBe(403);

    const employee = (await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token: t.token })).body;
    const selfService = await api.put(
      `${membershipsOf(t.orgId)}/${created.body.id}`,
      { role: "SelfService", employeeId: employee.id },
      { token: t.token },
    );
    expect(selfService.body).toMatchObject({ role: "SelfService", employeeId: employee.id, payrollIds: [] });
    expect(
      (await api.get(`/api/tenants/${t.orgId}/employees`, { token: person.token })).body.items.map(
        (e: { id: string }) => e.id,
      ),
    ).toEqual([employee.id]);

    const removed = await api.delete(`${membershipsOf(t.orgId)}/${created.body.id}`, { token: t.token });
    expect(removed.status).toBe(204);
    // Access ends at once; the user record stays.
    expect((await api.get(`/api/tenants/${t.orgId}/employees`, { token: person.token })).status).toBe(404);
    expect((await api.get("/api/users", { token: person.token })).status).toBe(200);
    expect((await api.delete(`${membershipsOf(t.orgId)}/${created.body.id}`, { token: t.token })).status).toBe(404);
  });

  it("keeps someone to administer the tenant: the last Administrator goes only while a system user administers it", async () => {
    // A tenant made through the API is administered by its system user (contract 2): its last person Administrator may go.
    const t = await tenantFixture();
    const admin = await memberOf(t.orgId, "Administrator");
    const adminMembership = (await api.get(membershipsOf(t.orgId), { token: t.token })).body.items.find(
      (m: { role: string }) => m.role === "Administrator",
    );
    const demoted = await api.put(
      `${membershipsOf(t.orgId)}/${adminMembership.id}`,
      { role: "Manager", payrollIds: [t.payroll.id] },
      { token: t.token },
    );
    expect(demoted.status, demoted.text).toBe(200);
    expect((await api.delete(`${membershipsOf(t.orgId)}/${adminMembership.id}`, { token: t.token })).status).toBe(204);
    expect((await api.get(`/api/tenants/${t.orgId}`, { token: admin.token })).status).toBe(404);

    // A tenant no system user administers (made before system users owned tenants) keeps its last Administrator.
    const legacy = await tenantFixture();
    const first = await memberOf(legacy.orgId, "Administrator");
    await (await getDb()).update(tenants).set({ createdBySystemUserId: null }).where(eq(tenants.id, legacy.orgId));
    const id = (await api.get(membershipsOf(legacy.orgId), { token: first.token })).body.items[0].id;
    const demote = await api.put(
      `${membershipsOf(legacy.orgId)}/${id}`,
      { role: "Manager", payrollIds: [legacy.payroll.id] },
      { token: first.token },
    );
    expect(demote.status).toBe(409);
    expect(demote.body.code).toBe("membership.last_administrator");
    expect((await api.delete(`${membershipsOf(legacy.orgId)}/${id}`, { token: first.token })).status).toBe(409);
    // With a second Administrator, the first may go.
    const second = await memberOf(legacy.orgId, "Administrator");
    expect((await api.delete(`${membershipsOf(legacy.orgId)}/${id}`, { token: second.token })).status).toBe(204);
    expect((await api.get(`/api/tenants/${legacy.orgId}`, { token: first.token })).status).toBe(404);
  });

  it("refuses a second membership, unknown users and role links of another tenant", async () => {
    const t = await tenantFixture();
    const other = await tenantFixture();
    const userId = (await personOfSiblingTenant(t)).userId;
    expect((await api.post(membershipsOf(t.orgId), { userId, role: "Administrator" }, { token: t.token })).status).toBe(
      201,
    );
    const twice = await api.post(
      membershipsOf(t.orgId),
      { userId, role: "Manager", payrollIds: [t.payroll.id] },
      { token: t.token },
    );
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("membership.exists");
    const unknown = await api.post(
      membershipsOf(t.orgId),
      { userId: "0190a0a0-0000-7000-8000-000000000000", role: "Administrator" },
      { token: t.token },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("user.not_found");
    const secondId = (await personOfSiblingTenant(t)).userId;
    const foreignPayroll = await api.post(
      membershipsOf(t.orgId),
      { userId: secondId, role: "Manager", payrollIds: [other.payroll.id] },
      { token: t.token },
    );
    expect(foreignPayroll.status).toBe(422);
    expect(foreignPayroll.body.errors[0].path).toBe("payrollIds");
    const noEmployee = await api.post(
      membershipsOf(t.orgId),
      { userId: secondId, role: "SelfService" },
      { token: t.token },
    );
    expect(noEmployee.status).toBe(422);
    expect(noEmployee.body.errors[0].path).toBe("employeeId");
    const badRole = await api.post(membershipsOf(t.orgId), { userId: secondId, role: "Superuser" }, { token: t.token });
    expect(badRole.status).toBe(422);
    expect(badRole.body.errors[0].path).toBe("role");
  });
});

describe("invitations", () => {
  async function invite(overrides: Record<string, unknown> = {}) {
    const t = await tenantFixture();
    const email = `${unique("invitee")}@example.test`;
    const response = await api.post(
      `${membershipsOf(t.orgId)}/invite`,
      { email, role: "Manager", payrollIds: [t.payroll.id], ...overrides },
      { token: t.token },
    );
    expect(response.status).toBe(201);
    return { t, email, invitation: response.body };
  }

  it("invites, lists pending, and the invitee accepts with their own token", async () => {
    const { t, email, invitation } = await invite();
    expect(invitation).toMatchObject({
      tenantId: t.orgId,
      email,
      role: "Manager",
      payrollIds: [t.payroll.id],
      status: "pending",
    });
    expect(invitation.url).toMatch(new RegExp(`/invitation/${invitation.id}$`));
    expect(new Date(invitation.expiresAt).getTime() - Date.now()).toBeGreaterThan(13 * 24 * 3600 * 1000);
    const pending = await api.get(`${membershipsOf(t.orgId)}/invitations`, { token: t.token });
    expect(pending.body.items.map((i: { id: string }) => i.id)).toEqual([invitation.id]);

    const invitee = await personToken(email);
    const details = await api.get(`/api/user_membership_invitations/${invitation.id}`, { token: invitee.token });
    expect(details.status).toBe(200);
    expect(details.body.tenantName).toEqual(expect.any(String));
    const accepted = await api.post(`/api/user_membership_invitations/${invitation.id}`, undefined, {
      token: invitee.token,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ tenantId: t.orgId, role: "Manager", payrollIds: [t.payroll.id] });
    expect((await api.get(`/api/tenants/${t.orgId}/payrolls/${t.payroll.id}`, { token: invitee.token })).status).toBe(
      200,
    );
    expect((await api.get(`${membershipsOf(t.orgId)}/invitations`, { token: t.token })).body.items).toEqual([]);
    expect(
      (await api.get(`${membershipsOf(t.orgId)}/invitations?status=accepted`, { token: t.token })).body.items,
    ).toHaveLength(1);

    const twice = await api.post(`/api/user_membership_invitations/${invitation.id}`, undefined, {
      token: invitee.token,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("invitation.already_accepted");
  });

  it("the inviter's token cannot accept, nor can a system user or another address", async () => {
    const { t, invitation } = await invite();
    const systemUser = await api.post(`/api/user_membership_invitations/${invitation.id}`, undefined, {
      token: t.token,
    });
    expect(systemUser.status).toBe(403);
    const inviterPerson = await memberOf(t.orgId, "Administrator");
    const byInviter = await api.post(`/api/user_membership_invitations/${invitation.id}`, undefined, {
      token: inviterPerson.token,
    });
    expect(byInviter.status).toBe(403);
    expect(byInviter.body.code).toBe("invitation.email_mismatch");
    // To anyone else the invitation does not exist (contract 9d).
    const stranger = await personToken();
    const byStranger = await api.post(`/api/user_membership_invitations/${invitation.id}`, undefined, {
      token: stranger.token,
    });
    expect(byStranger.status).toBe(404);
    expect(byStranger.body.code).toBe("invitation.not_found");
    // A stranger cannot even read it; the tenant's administrator can.
    expect((await api.get(`/api/user_membership_invitations/${invitation.id}`, { token: stranger.token })).status).toBe(
      404,
    );
    expect(
      (await api.get(`/api/user_membership_invitations/${invitation.id}`, { token: inviterPerson.token })).status,
    ).toBe(200);
    // The tenant's system user is an Administrator of it (contract 2): it may look the invitation up; another tenant's may not.
    const bySystemUser = await api.get(`/api/user_membership_invitations/${invitation.id}`, { token: t.token });
    expect(bySystemUser.status, bySystemUser.text).toBe(200);
    expect(bySystemUser.body).toMatchObject({ id: invitation.id, status: "pending" });
    const otherTenant = await tenantFixture({ withPayroll: false });
    expect(
      (await api.get(`/api/user_membership_invitations/${invitation.id}`, { token: otherTenant.token })).status,
    ).toBe(404);
    expect((await api.get(`/api/tenants/${t.orgId}`, { token: stranger.token })).status).toBe(404);
  });

  it("a withdrawn invitation cannot be accepted", async () => {
    const { t, email, invitation } = await invite();
    expect(
      (await api.delete(`${membershipsOf(t.orgId)}/invitations/${invitation.id}`, { token: t.token })).status,
    ).toBe(204);
    expect((await api.get(`${membershipsOf(t.orgId)}/invitations`, { token: t.token })).body.items).toEqual([]);
    const invitee = await personToken(email);
    const response = await api.post(`/api/user_membership_invitations/${invitation.id}`, undefined, {
      token: invitee.token,
    });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe("invitation.withdrawn");
    expect((await api.get(`/api/tenants/${t.orgId}`, { token: invitee.token })).status).toBe(404);
  });

  it("an expired invitation cannot be accepted", async () => {
    const { t, email, invitation } = await invite();
    await (
      await getDb()
    )
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, invitation.id));
    expect((await api.get(`${membershipsOf(t.orgId)}/invitations`, { token: t.token })).body.items).toEqual([]);
    expect(
      (await api.get(`${membershipsOf(t.orgId)}/invitations?status=expired`, { token: t.token })).body.items[0].status,
    ).toBe("expired");
    const invitee = await personToken(email);
    const response = await api.post(`/api/user_membership_invitations/${invitation.id}`, undefined, {
      token: invitee.token,
    });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe("invitation.expired");
  });

  it("an accepted invitation cannot be withdrawn; one tenant per invitation", async () => {
    const { t, email, invitation } = await invite({ role: "Administrator", payrollIds: undefined });
    const invitee = await personToken(email);
    await api.post(`/api/user_membership_invitations/${invitation.id}`, undefined, { token: invitee.token });
    const withdraw = await api.delete(`${membershipsOf(t.orgId)}/invitations/${invitation.id}`, { token: t.token });
    expect(withdraw.status).toBe(409);
    const tenants = await api.get("/api/tenants", { token: invitee.token });
    expect(tenants.body.items.map((x: { id: string }) => x.id)).toEqual([t.orgId]);
  });

  it("validates the invitation and its role links", async () => {
    const t = await tenantFixture();
    const bad = await api.post(
      `${membershipsOf(t.orgId)}/invite`,
      { email: "nope", role: "Manager" },
      { token: t.token },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toContain("email");
    // The interface's invite sends { email, role }: a Manager invited so gets the tenant's payroll.
    const manager = await api.post(
      `${membershipsOf(t.orgId)}/invite`,
      { email: "a@example.test", role: "Manager" },
      { token: t.token },
    );
    expect(manager.status, manager.text).toBe(201);
    expect(manager.body).toMatchObject({ role: "Manager", payrollIds: [t.payroll.id] });
    const none = await api.post(
      `${membershipsOf(t.orgId)}/invite`,
      { email: "c@example.test", role: "Manager", payrollIds: [] },
      { token: t.token },
    );
    expect(none.status).toBe(422);
    expect(none.body.errors[0].path).toBe("payrollIds");
    const noPayrollYet = await tenantFixture({ withPayroll: false });
    const early = await api.post(
      `${membershipsOf(noPayrollYet.orgId)}/invite`,
      { email: "d@example.test", role: "Manager" },
      { token: noPayrollYet.token },
    );
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ code: "membership.payrolls_required", errors: [{ path: "payrollIds" }] });
    const employee = (await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token: t.token })).body;
    const selfService = await api.post(
      `${membershipsOf(t.orgId)}/invite`,
      { email: "b@example.test", role: "SelfService", employeeId: employee.id },
      { token: t.token },
    );
    expect(selfService.status).toBe(201);
    expect(selfService.body).toMatchObject({ role: "SelfService", employeeId: employee.id });
  });

  it("an unknown invitation is a 404", async () => {
    const person = await personToken();
    expect(
      (await api.get("/api/user_membership_invitations/0190a0a0-0000-7000-8000-000000000000", { token: person.token }))
        .status,
    ).toBe(404);
    expect(
      (await api.post("/api/user_membership_invitations/not-a-uuid", undefined, { token: person.token })).status,
    ).toBe(404);
  });
});
