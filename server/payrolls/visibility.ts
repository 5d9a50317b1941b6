import type { SQL } from "drizzle-orm";
import { inArray } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { payrolls } from "../db/schema";

/** A Manager sees only the payrolls assigned to them; everyone else with payroll access sees all of the tenant's. */
export function visiblePayrolls(ctx: TenantCtx): SQL | undefined {
  if (ctx.access.role !== "Manager") return undefined;
  return inArray(payrolls.id, ctx.access.payrollIds.length ? ctx.access.payrollIds : ["00000000-0000-0000-0000-000000000000"]);
}
