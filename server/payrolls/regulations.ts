import "server-only";
import type { TenantCtx } from "../context";
import { inTenant } from "../db/tenant-scope";
import { regulationsOf } from "../regulations/available";
import { findVisiblePayroll } from "./get-payroll";

/**
 * The assignment lives on the payroll row: its ETag is the payroll's (`"<payrollId>.<version>"`), so an
 * If-Match read from either the payroll or its regulations guards against any change in between.
 */
export async function readPayrollRegulations({ ctx, payrollId }: { ctx: TenantCtx; payrollId: string }) {
  return inTenant(ctx, async (scope) => {
    const payroll = await findVisiblePayroll(scope, ctx, payrollId);
    return { regulations: regulationsOf(payroll), id: payroll.id, version: payroll.version };
  });
}

export async function getPayrollRegulations({ ctx, payrollId }: { ctx: TenantCtx; payrollId: string }) {
  return (await readPayrollRegulations({ ctx, payrollId })).regulations;
}
