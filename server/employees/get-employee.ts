import "server-only";
import { and, eq } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { employees } from "../db/schema";
import { readInTenant, tenantRead, type TenantScope } from "../db/tenant-scope";
import { NotFound } from "../errors";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import { toEmployee } from "./schemas";
import { visibilityValues, visibleEmployees, visibleEmployeesRead, type VisibilityValues } from "./visibility";
import { employeesWithEmployment } from "./employment";

/** An employee the caller sees (variant: role, and whether it must be of one division). */
const visibleEmployee = tenantRead<{ employeeId: string; divisionId: string } & VisibilityValues>()(
  "employee.visible",
  (db, p, variant) => {
    const [role, ofDivision] = variant.split(":");
    return db
      .select()
      .from(employees)
      .where(
        and(
          p.tenant(employees),
          eq(employees.id, p.value("employeeId")),
          visibleEmployeesRead(p, role!),
          ofDivision ? eq(employees.divisionId, p.value("divisionId")) : undefined,
        ),
      )
      .limit(1);
  },
);

/**
 * An employee the caller sees, of the payroll `payrollId` names (which the caller must see) or of the
 * division `divisionId` (of a payroll the caller already read); locked for the transaction with `lock`.
 */
export async function findVisibleEmployee(
  scope: TenantScope,
  ctx: TenantCtx,
  employeeId: string,
  { lock = false, payrollId, divisionId }: { lock?: boolean; payrollId?: string; divisionId?: string } = {},
) {
  const division = divisionId ?? (payrollId ? (await findVisiblePayroll(scope, ctx, payrollId)).divisionId : undefined);
  const row = lock
    ? await scope.lock(
        employees,
        and(
          eq(employees.id, employeeId),
          visibleEmployees(ctx, scope),
          division ? eq(employees.divisionId, division) : undefined,
        )!,
      )
    : ((
        await scope.read(
          visibleEmployee,
          { employeeId, divisionId: division ?? "", ...visibilityValues(ctx) },
          `${ctx.access.role}:${division ? "division" : ""}`,
        )
      )[0] ?? null);
  if (!row) throw new NotFound("employee");
  return row;
}

export async function getEmployee({
  ctx,
  employeeId,
  payrollId,
}: {
  ctx: TenantCtx;
  employeeId: string;
  payrollId?: string;
}) {
  return readInTenant(ctx, async (scope) => {
    const payroll = payrollId ? await findVisiblePayroll(scope, ctx, payrollId) : null;
    // The employee and its employment in one query.
    const [row] = await employeesWithEmployment(scope, { ctx, employeeId, divisionId: payroll?.divisionId, limit: 1 });
    if (!row) throw new NotFound("employee");
    return { employee: toEmployee(row, row.employment), version: row.version };
  });
}
