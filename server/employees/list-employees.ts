import "server-only";
import { and, asc, eq, gt, ilike, notInArray, or } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { employees } from "../db/schema";
import { readInTenant } from "../db/tenant-scope";
import { decodeCursor, toPage } from "../http/pagination";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import { toEmployee, type ListEmployeesQuery } from "./schemas";
import { visibleEmployees } from "./visibility";
import { NOT_RECORDED, employmentOf } from "./employment";

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Employees of the tenant, or of one payroll. Former employees (exit date passed) are hidden unless includeFormer. */
export async function listEmployees({ ctx, input, payrollId }: { ctx: TenantCtx; input: ListEmployeesQuery; payrollId?: string }) {
  const after = decodeCursor(input.cursor);
  return readInTenant(ctx, async (scope) => {
    const payroll = payrollId ? await findVisiblePayroll(scope, ctx, payrollId) : null;
    const search = input.search ? likePattern(input.search) : null;
    // Hiding former employees needs everyone's employment; the page's is then taken from it (one read, not two).
    const everyone = input.includeFormer ? null : await employmentOf(scope);
    const former = everyone ? [...everyone].filter(([, e]) => !e.employed).map(([id]) => id) : [];
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
    const employment = everyone ?? (await employmentOf(scope, rows.map((r) => r.id)));
    return toPage(rows, input.limit, (row) => toEmployee(row, employment.get(row.id) ?? NOT_RECORDED));
  });
}
