import { beforeAll, describe, expect, it } from "vitest";
import { allOperations } from "@/server/docs/all-operations";
import { isTenantPermission } from "@/server/permissions";
import { call } from "../fixtures/api";
import { anEmployee, invitedMember, memberOf, tenantFixture } from "../fixtures/factories";
import { companyFixture, payableEmployee } from "../fixtures/payouts";
import { api } from "../fixtures/api";
import { openTaskFor } from "../fixtures/tasks";

/**
 * Every tenant path, called by someone of another tenant: always 404, never 403 or data.
 * Built from the operation list, so a new tenant route is covered without touching this file.
 */
const tenantOperations = allOperations.filter((op) => isTenantPermission(op.allow));

describe("another tenant's caller gets 404 on every tenant path", () => {
  let victim: Awaited<ReturnType<typeof tenantFixture>>;
  let employeeId: string;
  let entryId: string;
  let documentId: string;
  let payoutId: string;
  let outsiderSystemUser: string;
  let outsiderPerson: string;

  beforeAll(async () => {
    victim = await tenantFixture();
    employeeId = (await api.post(`/api/tenants/${victim.orgId}/employees`, anEmployee(), { token: victim.token })).body
      .id;
    await api.post(
      `/api/tenants/${victim.orgId}/payrolls/${victim.payroll.id}/cases`,
      {
        caseName: "Employment",
        employeeId,
        values: [{ caseFieldName: "EntryDate", value: "2026-01-01", start: "2026-01-01" }],
      },
      { token: victim.token },
    );
    entryId = (
      await api.get(`/api/tenants/${victim.orgId}/payrolls/${victim.payroll.id}/payrunperiods/open/entries`, {
        token: victim.token,
      })
    ).body.items[0].id;
    documentId = (
      await api.get(`/api/tenants/${victim.orgId}/payrolls/${victim.payroll.id}/payrunperiods/open/documents`, {
        token: victim.token,
      })
    ).body.items[0].id;
    await companyFixture(victim);
    const paid = await payableEmployee(victim);
    payoutId = (
      await api.post(
        `/api/tenants/${victim.orgId}/payrolls/${victim.payroll.id}/payrunperiods/open/payouts`,
        { employeeIds: [paid], amounts: { [paid]: "10.00" } },
        { token: victim.token },
      )
    ).body.payout.id;
    const outsider = await tenantFixture();
    outsiderSystemUser = outsider.token;
    outsiderPerson = (await memberOf(outsider.orgId, "Administrator")).token;
  });

  /** Real objects of the victim tenant for every path parameter (fresh per operation: some calls delete). */
  async function pathOf(template: string) {
    const ids: Record<string, string> = {
      orgId: victim.orgId,
      tenantId: victim.orgId,
      payrollId: victim.payroll.id,
      employeeId,
      regulationId: "CH",
      lookupId: "CostCenters",
      wageTypeNumber: "1000",
      payrunPeriodId: "open",
      payrunPeriodEntryId: entryId,
      documentId,
      payoutId,
    };
    if (template.includes("{lookupValueId}")) {
      ids.lookupValueId = (
        await api.post(
          `/api/tenants/${victim.orgId}/regulations/CH/lookups/CostCenters/values`,
          { key: `KST-${Math.random()}`, value: "Victim" },
          { token: victim.token },
        )
      ).body.id;
    }
    if (template.includes("{userMembershipId}")) {
      ids.userMembershipId = (await invitedMember(victim.orgId, victim.token, "Administrator")).membershipId;
    }
    if (template.includes("{taskId}"))
      ids.taskId = (await openTaskFor(victim.orgId, { payrollId: victim.payroll.id })).id;
    if (template.includes("{webhookId}")) {
      ids.webhookId = (
        await api.post(
          `/api/tenants/${victim.orgId}/webhooks`,
          { payloadUrl: "https://93.184.215.14/victim", events: ["PayoutCreated"], secret: "victim-secret-0123456789" },
          { token: victim.token },
        )
      ).body.id;
      ids.messageId = (
        await api.post(`/api/tenants/${victim.orgId}/webhooks/${ids.webhookId}/test`, undefined, {
          token: victim.token,
        })
      ).body.id;
    }
    if (template.includes("{archiveId}")) {
      ids.archiveId = (
        await api.post(
          `/api/tenants/${victim.orgId}/payrolls/${victim.payroll.id}/payrunperiods/open/payslip-archives`,
          undefined,
          { token: victim.token },
        )
      ).body.id;
    }
    if (template.includes("{invitationId}")) {
      ids.invitationId = (
        await api.post(
          `/api/tenants/${victim.orgId}/user_memberships/invite`,
          { email: "victim@example.test", role: "Administrator" },
          { token: victim.token },
        )
      ).body.id;
    }
    return "/api" + template.replace(/\{(\w+)\}/g, (_, name: string) => ids[name]!);
  }

  it("covers the tenant operations", () => {
    expect(tenantOperations.length).toBeGreaterThanOrEqual(11);
  });

  for (const op of tenantOperations) {
    it(`${op.method} ${op.path}`, async () => {
      const path = await pathOf(op.path);
      for (const token of [outsiderSystemUser, outsiderPerson]) {
        const response = await call(op.method, path, { token, body: op.body ? {} : undefined });
        expect(response.status).toBe(404);
        expect(response.body.code).toBe("tenant.not_found");
      }
      // The owner reaches the same path (so the 404 is about the caller, not the path).
      const owner = await call(op.method, path, { token: victim.token, body: op.body ? {} : undefined });
      expect([200, 201, 202, 204, 409, 422]).toContain(owner.status);
    });
  }
});
