import { beforeAll, describe, expect, it } from "vitest";
import { allOperations } from "@/server/docs/all-operations";
import { api, call } from "../fixtures/api";
import { anEmployee, invitedMember, memberOf, systemUserFixture, tenantFixture, unique } from "../fixtures/factories";
import { companyFixture, payableEmployee } from "../fixtures/payouts";
import { openTaskFor } from "../fixtures/tasks";

/**
 * Every API operation x every kind of caller, with the expected outcome:
 *   o = allowed (anything but 401/403/404; bodies are empty, so many answers are 422),
 *   u = 401, f = 403, n = 404.
 * Caller order: anonymous, system user of this tenant, system user of another tenant,
 * Administrator, Manager assigned to the payroll, Manager not assigned, Self Service of the
 * employee in the path, Self Service of another employee, member of another tenant.
 * A route without a row here fails the test. Where the answer depends on what the body names (company
 * data or an employee's case), the row is one per kind of body, each sent to every caller.
 * The Manager rule: the assigned payrolls (their employees, cases, periods, results, documents, close);
 * of the tenant's settings (company data, payroll settings, regulations, lookups) reads where a
 * payroll needs them, no writes; nothing of people (memberships, invitations).
 */
const CALLERS = [
  "anonymous",
  "systemUser",
  "otherSystemUser",
  "administrator",
  "manager",
  "unassignedManager",
  "selfService",
  "otherSelfService",
  "outsider",
] as const;
type CallerName = (typeof CALLERS)[number];

const MATRIX: Record<string, string | Record<string, string>> = {
  "POST /oauth/token": "ooooooooo",
  "GET /.well-known/jwks.json": "ooooooooo",
  "POST /dev/token": "ooooooooo",
  "GET /openapi.json": "ooooooooo",
  "GET /users": "uffoooooo",
  "POST /users": "uffffffff",
  "PUT /users/{userId}": "uffonnnnn",
  "POST /tenants": "uooffffff",
  "GET /tenants": "uoooooooo",
  "GET /tenants/{orgId}": "uonooooon",
  "GET /tenants/{orgId}/user_memberships": "uonoffffn",
  "POST /tenants/{orgId}/user_memberships": "uonoffffn",
  "PUT /tenants/{orgId}/user_memberships/{userMembershipId}": "uonoffffn",
  "DELETE /tenants/{orgId}/user_memberships/{userMembershipId}": "uonoffffn",
  "POST /tenants/{orgId}/user_memberships/invite": "uonoffffn",
  "GET /tenants/{orgId}/user_memberships/invitations": "uonoffffn",
  "DELETE /tenants/{orgId}/user_memberships/invitations/{invitationId}": "uonoffffn",
  "GET /user_membership_invitations/{invitationId}": "uononnnnn",
  "POST /user_membership_invitations/{invitationId}": "ufffnnnnn",
  "GET /tenants/{orgId}/payrolls": "uonooooon",
  "POST /tenants/{orgId}/payrolls/simple": "uonoffffn",
  "GET /tenants/{orgId}/payrolls/{payrollId}": "uonoonoon",
  "PUT /tenants/{orgId}/payrolls/{payrollId}": "uonoffffn",
  "POST /tenants/{orgId}/payrolls/{payrollId}/rebase": "uonoffffn",
  "GET /tenants/{orgId}/payrolls/{payrollId}/payrunperiods": "uonoonoon",
  "GET /tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}": "uonoonoon",
  "GET /tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/entries": "uonoonffn",
  "GET /tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/documents": "uonoonoon",
  "GET /tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/documents/{documentId}": "uonoononn",
  "POST /tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/close": "uonoonffn",
  "POST /tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/payslip-archives": "uonoonffn",
  "GET /tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/payslip-archives/{archiveId}": "uonoonffn",
  "GET /tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/entries/{payrunPeriodEntryId}": "uonoonffn",
  "GET /tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/entries/{payrunPeriodEntryId}/relevantEventValues":
    "uonoonffn",
  "GET /tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/controlling": "uonoonffn",
  "GET /tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/payouts": "uonoonffn",
  "POST /tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/payouts": "uonoonffn",
  "GET /tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/payouts/{payoutId}": "uonoonffn",
  "POST /tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/payouts/{payoutId}": "uonoonffn",
  "POST /tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/payouts/{payoutId}/processed": "uonoonffn",
  "GET /tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/payouts/{payoutId}/document": "uonoonffn",
  "GET /tenants/{orgId}/payrolls/{payrollId}/tasks": "uonoonffn",
  "GET /tenants/{orgId}/payrolls/{payrollId}/tasks/{taskId}": "uonoonffn",
  "PUT /tenants/{orgId}/payrolls/{payrollId}/tasks/{taskId}": "uonoonffn",
  "GET /regulations/available": "uoooooooo",
  "GET /tenants/{orgId}/payrolls/{payrollId}/regulations": "uonoonffn",
  "PUT /tenants/{orgId}/payrolls/{payrollId}/regulations": "uonoffffn",
  "GET /tenants/{orgId}/payrolls/{payrollId}/cases": "uonoonoon",
  "POST /tenants/{orgId}/payrolls/{payrollId}/cases": {
    "company data": "uonofnffn",
    "an employee's case": "uonoonfnn",
  },
  "GET /tenants/{orgId}/payrolls/{payrollId}/cases/changes": "uonoonoon",
  "GET /tenants/{orgId}/payrolls/{payrollId}/cases/values/time": "uonoonoon",
  "GET /tenants/{orgId}/payrolls/{payrollId}/missingdata": "uonoonoon",
  "GET /tenants/{orgId}/payrolls/{payrollId}/employees/{employeeId}/missingdata": "uonoononn",
  "GET /tenants/{orgId}/regulations/{regulationId}/lookups/sets": "uonoonffn",
  "GET /tenants/{orgId}/payrolls/{payrollId}/lookups/values": "uonoonffn",
  "POST /tenants/{orgId}/regulations/{regulationId}/lookups/{lookupId}/values": "uonoffffn",
  "PUT /tenants/{orgId}/regulations/{regulationId}/lookups/{lookupId}/values/{lookupValueId}": "uonoffffn",
  "DELETE /tenants/{orgId}/regulations/{regulationId}/lookups/{lookupId}/values/{lookupValueId}": "uonoffffn",
  "GET /tenants/{orgId}/payrolls/{payrollId}/wagetypes": "uonoonffn",
  "PUT /tenants/{orgId}/payrolls/{payrollId}/wagetypes/{wageTypeNumber}/accounts": "uonoffffn",
  "GET /tenants/{orgId}/employees": "uonooooon",
  "POST /tenants/{orgId}/employees": "uonoooffn",
  "GET /tenants/{orgId}/employees/{employeeId}": "uonoononn",
  "PUT /tenants/{orgId}/employees/{employeeId}": "uonoonffn",
  "GET /tenants/{orgId}/payrolls/{payrollId}/employees": "uonoonoon",
  "GET /tenants/{orgId}/payrolls/{payrollId}/employees/{employeeId}": "uonoononn",
  "GET /tenants/{orgId}/webhooks": "uonoffffn",
  "POST /tenants/{orgId}/webhooks": "uonoffffn",
  "GET /tenants/{orgId}/webhooks/{webhookId}": "uonoffffn",
  "PUT /tenants/{orgId}/webhooks/{webhookId}": "uonoffffn",
  "DELETE /tenants/{orgId}/webhooks/{webhookId}": "uonoffffn",
  "GET /tenants/{orgId}/webhooks/{webhookId}/messages": "uonoffffn",
  "POST /tenants/{orgId}/webhooks/{webhookId}/messages/{messageId}/redeliver": "uonoffffn",
  "POST /tenants/{orgId}/webhooks/{webhookId}/replay": "uonoffffn",
  "POST /tenants/{orgId}/webhooks/{webhookId}/test": "uonoffffn",
};

/**
 * A valid body where an empty one would be refused (422) before the service can answer 403 or 404;
 * per kind of body where the row has several.
 */
const VALID_BODY: Record<string, unknown> = {
  "PUT /users/{userId}": { culture: "de-CH" },
  "PUT /tenants/{orgId}/payrolls/{payrollId}/tasks/{taskId}": { status: "done" },
  "POST /tenants/{orgId}/payrolls/{payrollId}/cases (company data)": {
    caseName: "CompanyAddress",
    employeeId: null,
    values: [{ caseFieldName: "CompanyCity", value: "Bern", start: "2026-01-01" }],
  },
  "POST /tenants/{orgId}/payrolls/{payrollId}/cases (an employee's case)": (ids: { employeeId: string }) => ({
    caseName: "Employment",
    employeeId: ids.employeeId,
    values: [{ caseFieldName: "EntryDate", value: "2026-01-01", start: "2026-01-01" }],
  }),
};
const rowsOf = (row: string | Record<string, string>) => (typeof row === "string" ? [row] : Object.values(row));

const outcome = (status: number) => (status === 401 ? "u" : status === 403 ? "f" : status === 404 ? "n" : "o");
const keyOf = (op: { method: string; path: string }) => `${op.method} ${op.path}`;

describe("authorization matrix", () => {
  const tokens = {} as Record<CallerName, string | undefined>;
  let orgId: string,
    payrollId: string,
    employeeId: string,
    adminUserId: string,
    invitationId: string,
    entryId: string,
    payslipId: string,
    payoutId: string,
    archiveId: string;
  let owner: string;
  let webhookId: string, messageId: string;

  /** A webhook to a public address literal (nothing is sent: this file runs no jobs). */
  async function freshWebhook() {
    const response = await api.post(
      `/api/tenants/${orgId}/webhooks`,
      { payloadUrl: "https://93.184.215.14/matrix", events: ["PayoutCreated"], secret: "matrix-secret-0123456789" },
      { token: owner },
    );
    return response.body.id as string;
  }

  /** Objects that an allowed DELETE removes are made fresh for each cell. */
  async function freshMembership() {
    return (await invitedMember(orgId, owner, "Administrator")).membershipId;
  }
  async function freshCostCenter() {
    const response = await api.post(
      `/api/tenants/${orgId}/regulations/CH/lookups/CostCenters/values`,
      { key: unique("KST"), value: "Matrix" },
      { token: owner },
    );
    return response.body.id as string;
  }
  async function freshInvitation() {
    const response = await api.post(
      `/api/tenants/${orgId}/user_memberships/invite`,
      { email: `${unique("i")}@example.test`, role: "Administrator" },
      { token: owner },
    );
    return response.body.id as string;
  }

  beforeAll(async () => {
    const t = await tenantFixture();
    owner = t.token;
    orgId = t.orgId;
    payrollId = t.payroll.id;
    employeeId = (await api.post(`/api/tenants/${orgId}/employees`, anEmployee(), { token: owner })).body.id;
    const otherEmployee = (await api.post(`/api/tenants/${orgId}/employees`, anEmployee(), { token: owner })).body.id;
    await api.post(
      `/api/tenants/${orgId}/payrolls/${payrollId}/cases`,
      {
        caseName: "Employment",
        employeeId,
        values: [{ caseFieldName: "EntryDate", value: "2026-01-01", start: "2026-01-01" }],
      },
      { token: owner },
    );
    entryId = (
      await api.get(`/api/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/open/entries`, { token: owner })
    ).body.items[0].id;
    payslipId = (
      await api.get(
        `/api/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/open/documents?employeeId=${employeeId}`,
        { token: owner },
      )
    ).body.items[0].id;
    await companyFixture(t);
    const paid = await payableEmployee(t);
    payoutId = (
      await api.post(
        `/api/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/open/payouts`,
        { employeeIds: [paid], amounts: { [paid]: "10.00" } },
        { token: owner },
      )
    ).body.payout.id;
    archiveId = (
      await api.post(`/api/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/open/payslip-archives`, undefined, {
        token: owner,
      })
    ).body.id;
    const admin = await memberOf(orgId, "Administrator");
    adminUserId = (await api.get("/api/users", { token: admin.token })).body.id;
    invitationId = await freshInvitation();
    webhookId = await freshWebhook();
    messageId = (await api.post(`/api/tenants/${orgId}/webhooks/${webhookId}/test`, undefined, { token: owner })).body
      .id;
    Object.assign(tokens, {
      anonymous: undefined,
      systemUser: owner,
      otherSystemUser: (await systemUserFixture()).token,
      administrator: admin.token,
      manager: (await memberOf(orgId, "Manager", { payrollIds: [payrollId] })).token,
      unassignedManager: (await memberOf(orgId, "Manager", { payrollIds: [] })).token,
      selfService: (await memberOf(orgId, "SelfService", { employeeId })).token,
      otherSelfService: (await memberOf(orgId, "SelfService", { employeeId: otherEmployee })).token,
      outsider: (await memberOf((await tenantFixture({ withPayroll: false })).orgId, "Administrator")).token,
    });
  });

  it("has a row for every operation, and only for operations that exist", () => {
    const keys = allOperations.map(keyOf);
    expect(Object.keys(MATRIX).sort()).toEqual([...keys].sort());
    for (const row of Object.values(MATRIX).flatMap(rowsOf)) expect(row).toMatch(/^[oufn]{9}$/);
  });

  for (const op of allOperations) {
    const rows = MATRIX[keyOf(op)];
    if (!rows) continue; // reported by the test above
    const variants =
      typeof rows === "string"
        ? [[keyOf(op), rows] as const]
        : Object.entries(rows).map(([kind, row]) => [`${keyOf(op)} (${kind})`, row] as const);
    for (const [name, row] of variants) {
      it(name, async () => {
        const seen: string[] = [];
        for (const caller of CALLERS) {
          const params: Record<string, string> = {
            orgId,
            tenantId: orgId,
            payrollId,
            employeeId,
            userId: adminUserId,
            invitationId,
          };
          Object.assign(params, {
            payrunPeriodId: "open",
            payrunPeriodEntryId: entryId,
            regulationId: "CH",
            lookupId: "CostCenters",
            wageTypeNumber: "1000",
            documentId: payslipId,
            payoutId,
            webhookId,
            messageId,
            archiveId,
          });
          if (op.method === "DELETE" && op.path.includes("{webhookId}")) params.webhookId = await freshWebhook();
          if (op.path.includes("{lookupValueId}")) params.lookupValueId = await freshCostCenter();
          if (op.path.includes("{userMembershipId}")) params.userMembershipId = await freshMembership();
          // An allowed PUT completes the task: each cell gets an open one.
          if (op.path.includes("{taskId}")) params.taskId = (await openTaskFor(orgId, { payrollId })).id;
          if (op.method === "DELETE" && op.path.includes("{invitationId}"))
            params.invitationId = await freshInvitation();
          const path = "/api" + op.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!);
          const valid = VALID_BODY[name];
          const body = op.body ? (typeof valid === "function" ? valid({ employeeId }) : (valid ?? {})) : undefined;
          const response = await call(op.method, path, { token: tokens[caller], body });
          expect(response.status, `${caller}: ${response.text.slice(0, 200)}`).not.toBe(500);
          seen.push(outcome(response.status));
        }
        expect(seen.join(""), CALLERS.join(" ")).toBe(row);
      });
    }
  }
});
