import "server-only";
import { and, eq } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { employees } from "../db/schema";
import { readInTenant, type TenantScope } from "../db/tenant-scope";
import { NotFound } from "../errors";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import { toEmployee } from "./schemas";
import { visibleEmployees } from "./visibility";
import { employeesWithEmployment } from "./employment";

export async function findVisibleEmployee(scope: TenantScope, ctx: TenantCtx, employeeId: string, { lock = false, payrollId }: { lock?: boolean; payrollId?: string } = {}) {
  const payroll = payrollId ? await findVisiblePayroll(scope, ctx, payrollId) : null;
  const condition = and(eq(employees.id, employeeId), visibleEmployees(ctx, scope), payroll ? eq(employees.divisionId, payroll.divisionId) : undefined)!;
  const row = lock ? await scope.lock(employees, condition) : await scope.first(employees, condition);
  if (!row) throw new NotFound("employee");
  return row;
}

export async function getEmployee({ ctx, employeeId, payrollId }: { ctx: TenantCtx; employeeId: string; payrollId?: string }) {
  return readInTenant(ctx, async (scope) => {
    const payroll = payrollId ? await findVisiblePayroll(scope, ctx, payrollId) : null;
    // The employee and its employment in one query.
    const [row] = await employeesWithEmployment(scope, { ctx, employeeId, divisionId: payroll?.divisionId, limit: 1 });
    if (!row) throw new NotFound("employee");
    return { employee: toEmployee(row, row.employment), version: row.version };
  });
}
