import { eq, inArray, sql, type SQL } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { employees, payrolls } from "../db/schema";
import type { ReadParams, TenantScope } from "../db/tenant-scope";

const NONE = "00000000-0000-0000-0000-000000000000";

/** Which employees the caller sees: all (Administrator), those of assigned payrolls (Manager), their own (Self Service). */
export function visibleEmployees(ctx: TenantCtx, scope: TenantScope): SQL | undefined {
  switch (ctx.access.role) {
    case "Administrator":
      return undefined;
    case "Manager":
      return inArray(
        employees.divisionId,
        scope
          .select({ id: payrolls.divisionId })
          .from(payrolls)
          .where(inArray(payrolls.id, ctx.access.payrollIds.length ? ctx.access.payrollIds : [NONE])),
      );
    case "SelfService":
      return eq(employees.id, ctx.access.employeeId ?? NONE);
  }
}

/** The values visibleEmployeesRead's condition is run with: a Manager's payrolls, a Self Service user's own record. */
export type VisibilityValues = { assigned: string[]; self: string };
export const visibilityValues = (ctx: TenantCtx): VisibilityValues => ({
  assigned: ctx.access.role === "Manager" ? ctx.access.payrollIds : [],
  self: ctx.access.employeeId ?? NONE,
});

/** visibleEmployees for a TenantRead, whose variant is the caller's role (ctx.access.role); run with visibilityValues(ctx). */
export function visibleEmployeesRead<V extends VisibilityValues>(p: ReadParams<V>, role: string): SQL | undefined {
  switch (role) {
    case "Administrator":
      return undefined;
    case "Manager":
      return sql`${employees.divisionId} in (select ${payrolls.divisionId} from ${payrolls} where ${p.tenant(payrolls)} and ${payrolls.id} = any(${p.value("assigned")}::uuid[]))`;
    case "SelfService":
      return eq(employees.id, p.value("self"));
    default:
      throw new Error(`No visibility for the role ${role}`);
  }
}
