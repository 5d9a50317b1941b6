import "server-only";
import type { TenantCtx } from "../context";
import { readInTenant } from "../db/tenant-scope";
import { allPages, decodeCursor, MAX_PAGE, toPage } from "../http/pagination";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import { toEmployee, type ListEmployeesQuery } from "./schemas";
import { employeesWithEmployment } from "./employment";

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Employees of the tenant, or of one payroll. Former employees (exit date passed) are hidden unless includeFormer. */
export async function listEmployees({
  ctx,
  input,
  payrollId,
}: {
  ctx: TenantCtx;
  input: ListEmployeesQuery;
  payrollId?: string;
}) {
  const after = decodeCursor(input.cursor);
  return readInTenant(ctx, async (scope) => {
    const payroll = payrollId ? await findVisiblePayroll(scope, ctx, payrollId) : null;
    const search = input.search ? likePattern(input.search) : null;
    // Employment is decided in the same query, so hiding former employees reads no one else's case values.
    const rows = await employeesWithEmployment(scope, {
      ctx,
      divisionId: payroll?.divisionId,
      search,
      after,
      hideFormer: !input.includeFormer,
      limit: input.limit + 1,
    });
    return toPage(rows, input.limit, (row) => toEmployee(row, row.employment));
  });
}

/**
 * Every employee the caller sees, former ones too, read page by page (`pageSize` each): for the
 * console's screens that name them.
 */
export async function listAllEmployees({ ctx, pageSize = MAX_PAGE }: { ctx: TenantCtx; pageSize?: number }) {
  return allPages((cursor) => listEmployees({ ctx, input: { limit: pageSize, includeFormer: true, cursor } }));
}
