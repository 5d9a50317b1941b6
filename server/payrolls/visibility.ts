import { inArray, sql, type SQL } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { payrolls } from "../db/schema";
import type { ReadParams } from "../db/tenant-scope";

/** A Manager sees only the payrolls assigned to them; everyone else with payroll access sees all of the tenant's. */
export function visiblePayrolls(ctx: TenantCtx): SQL | undefined {
  if (ctx.access.role !== "Manager") return undefined;
  return inArray(
    payrolls.id,
    ctx.access.payrollIds.length ? ctx.access.payrollIds : ["00000000-0000-0000-0000-000000000000"],
  );
}

/** visiblePayrolls for a TenantRead: the variant ("assigned" for a Manager, else "all") and the values it runs with. */
export const payrollVisibility = (ctx: TenantCtx) =>
  ctx.access.role === "Manager"
    ? { variant: "assigned", assigned: ctx.access.payrollIds }
    : { variant: "all", assigned: [] as string[] };

/** The condition of visiblePayrolls in a TenantRead of payrollVisibility's variant, run with its `assigned`. */
export function visiblePayrollsRead<V extends { assigned: string[] }>(
  p: ReadParams<V>,
  variant: string,
): SQL | undefined {
  return variant === "assigned" ? sql`${payrolls.id} = any(${p.value("assigned")}::uuid[])` : undefined;
}
