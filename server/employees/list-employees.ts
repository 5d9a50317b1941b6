import "server-only";
import { and, asc, eq, gt, ilike, notInArray, or } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { employees } from "../db/schema";
import { inTenant } from "../db/tenant-scope";
import { decodeCursor, toPage } from "../http/pagination";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import { toEmployee, type ListEmployeesQuery } from "./schemas";
import { visibleEmployees } from "./visibility";
import { NOT_RECORDED, employmentOf, formerEmployeeIds } from "./employment";

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Employees of the tenant, or of one payroll. Former employees (exit date passed) are hidden unless includeFormer. */
export async function listEmployees({ ctx, input, payrollId }: { ctx: TenantCtx; input: ListEmployeesQuery; payrollId?: string }) {
  const after = decodeCursor(input.cursor);
  return inTenant(ctx, async (scope) => {
    const payroll = payrollId ? await findVisiblePayroll(scope, ctx, payrollId) : null;
    const search = input.search ? likePattern(input.search) : null;
    const former = input.includeFormer ? [] : await formerEmployeeIds(scope);
    const rows = await scope.rows(
      employees,
      and(
        visibleEmployees(ctx, scope),
        payroll ? eq(employees.divisionId, payroll.divisionId) : undefined,
        search ? or(ilike(employees.identifier, search), ilike(employees.firstName, search), ilike(employees.lastName, search)) : undefined,
        after ? gt(employees.id, after) : undefined,
        former.length ? notInArray(employees.id, former) : undefined,
      ),
      { orderBy: [asc(employees.id)], limit: input.limit + 1 },
    );
    const employment = await employmentOf(scope, rows.map((r) => r.id));
    return toPage(rows, input.limit, (row) => toEmployee(row, employment.get(row.id) ?? NOT_RECORDED));
  });
}
