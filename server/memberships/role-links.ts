import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Role } from "../context";
import { employees, payrolls } from "../db/schema";
import type { TenantScope } from "../db/tenant-scope";
import { Invalid } from "../errors";

/**
 * Checks what a role is linked to against the tenant: a Manager's payrolls and a Self Service
 * person's employee must be this tenant's. Returns the links the role keeps (others are cleared).
 * Links left out are those of `current` (a membership being updated) where it has the same kind; a
 * Manager's payrolls otherwise default to the tenant's (the interface's invite sends only email and role,
 * and a tenant has one payroll).
 */
export async function checkRoleLinks(
  scope: TenantScope,
  input: { role: Role; payrollIds?: string[]; employeeId?: string | null },
  current?: { role: Role; payrollIds: string[]; employeeId: string | null },
) {
  if (input.role === "Manager") {
    const given =
      input.payrollIds ??
      (current?.role === "Manager" ? current.payrollIds : (await scope.rows(payrolls, undefined)).map((p) => p.id));
    const wanted = [...new Set(given)];
    if (!wanted.length)
      throw Invalid.field(
        "payrollIds",
        "A Manager needs at least one assigned payroll (the tenant has none yet).",
        "membership.payrolls_required",
      );
    const found = await scope.rows(payrolls, inArray(payrolls.id, wanted));
    if (found.length !== wanted.length)
      throw Invalid.field("payrollIds", "Every payroll must be one of this tenant.", "membership.unknown_payroll");
    return { payrollIds: wanted, employeeId: null };
  }
  if (input.role === "SelfService") {
    const employeeId =
      input.employeeId === undefined && current?.role === "SelfService" ? current.employeeId : input.employeeId;
    if (!employeeId)
      throw Invalid.field("employeeId", "Self Service needs the linked employee.", "membership.employee_required");
    const employee = await scope.first(employees, and(eq(employees.id, employeeId)));
    if (!employee)
      throw Invalid.field("employeeId", "The employee must be one of this tenant.", "membership.unknown_employee");
    return { payrollIds: [], employeeId: employee.id };
  }
  return { payrollIds: [], employeeId: null };
}
