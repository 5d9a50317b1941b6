import { eq, inArray, type SQL } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { employees, payrolls } from "../db/schema";
import type { TenantScope } from "../db/tenant-scope";

const NONE = "00000000-0000-0000-0000-000000000000";

/** Which employees the caller sees: all (Administrator), those of assigned payrolls (Manager), their own (Self Service). */
export function visibleEmployees(ctx: TenantCtx, scope: TenantScope): SQL | undefined {
  switch (ctx.access.role) {
    case "Administrator":
      return undefined;
    case "Manager":
      return inArray(
        employees.divisionId,
        scope.tx
          .select({ id: payrolls.divisionId })
          .from(payrolls)
          .where(scope.where(payrolls, inArray(payrolls.id, ctx.access.payrollIds.length ? ctx.access.payrollIds : [NONE]))),
      );
    case "SelfService":
      return eq(employees.id, ctx.access.employeeId ?? NONE);
  }
}
