import { describe, expect, it } from "vitest";
import { tenantAccess } from "@/server/auth/access";
import type { TenantCtx } from "@/server/context";
import { NotFound } from "@/server/errors";
import { employeePayouts } from "@/server/payouts/employee-payouts";
import { api } from "../fixtures/api";
import { invitedMember } from "../fixtures/factories";
import { payrollWithStaff } from "../fixtures/payouts";

/** The portal's payouts (issue 13): an employee's own payouts as their payslips show them, nobody else's. */
describe("an employee's payouts for the portal", () => {
  it("lists the employee's payouts that are not cancelled, newest first; another employee is a 404 to Self Service", async () => {
    const t = await payrollWithStaff(2);
    const [mine, other] = t.employeeIds as [string, string];
    const advance = await api.post(
      `${t.base}/open/payouts`,
      { employeeIds: [mine], amounts: { [mine]: "100.00" } },
      { token: t.token },
    );
    expect(advance.status, advance.text).toBe(201);
    const cancelled = await api.post(`${t.base}/open/payouts`, { employeeIds: [other] }, { token: t.token });
    expect(cancelled.status, cancelled.text).toBe(201);
    const cancel = await api.post(`${t.base}/open/payouts/${cancelled.body.payout.id}`, undefined, { token: t.token });
    expect(cancel.status, cancel.text).toBe(200);

    const person = await invitedMember(t.orgId, t.token, "SelfService", { employeeId: mine });
    const caller = { kind: "person" as const, userId: person.userId, email: person.email, name: "Employee" };
    const access = await tenantAccess(caller, t.orgId);
    const ctx: TenantCtx = { caller, tenantId: t.orgId, access: access! };

    const { items } = await employeePayouts({ ctx, payrollId: t.payroll.id, employeeId: mine });
    expect(items).toEqual([
      expect.objectContaining({
        amount: advance.body.payout.lines[0].amount,
        iban: "CH9300762011623852957",
        executionDate: advance.body.payout.executionDate,
      }),
    ]);
    await expect(employeePayouts({ ctx, payrollId: t.payroll.id, employeeId: other })).rejects.toBeInstanceOf(NotFound);
  });
});
