import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Role } from "../context";
import { employees, payrolls } from "../db/schema";
import type { TenantScope } from "../db/tenant-scope";
import { Invalid } from "../errors";

/**
 * Checks what a role is linked to against the tenant: a Manager's payrolls and a Self Service
 * person's employee must be this tenant's. Returns the links the role keeps (others are cleared).
 */
export async function checkRoleLinks(scope: TenantScope, input: { role: Role; payrollIds?: string[]; employeeId?: string | null }) {
  if (input.role === "Manager") {
    const wanted = [...new Set(input.payrollIds ?? [])];
    if (!wanted.length) throw Invalid.field("payrollIds", "A Manager needs at least one assigned payroll.", "membership.payrolls_required");
    const found = await scope.rows(payrolls, inArray(payrolls.id, wanted));
    if (found.length !== wanted.length) throw Invalid.field("payrollIds", "Every payroll must be one of this tenant.", "membership.unknown_payroll");
    return { payrollIds: wanted, employeeId: null };
  }
  if (input.role === "SelfService") {
    if (!input.employeeId) throw Invalid.field("employeeId", "Self Service needs the linked employee.", "membership.employee_required");
    const employee = await scope.first(employees, and(eq(employees.id, input.employeeId)));
    if (!employee) throw Invalid.field("employeeId", "The employee must be one of this tenant.", "membership.unknown_employee");
    return { payrollIds: [], employeeId: employee.id };
  }
  return { payrollIds: [], employeeId: null };
}
