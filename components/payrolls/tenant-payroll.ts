import "server-only";
import type { TenantCtx } from "@/server/context";
import { getPayroll, listPayrolls } from "@/server/payrolls/get-payroll";

/** The tenant's payroll (one per tenant) as the caller sees it, or null before onboarding. */
export async function tenantPayroll(ctx: TenantCtx) {
  const { items } = await listPayrolls({ ctx, input: { limit: 1 } });
  const first = items[0];
  return first ? getPayroll({ ctx, payrollId: first.id }) : null;
}
