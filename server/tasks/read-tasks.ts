import "server-only";
import { and, count, desc, eq, lt } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { tasks } from "../db/schema";
import { inTenant, type TenantScope } from "../db/tenant-scope";
import { NotFound } from "../errors";
import { decodeCursor, toPage } from "../http/pagination";
import { isUuid } from "../ids";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import { toTask, type ListTasksQuery } from "./schemas";

type Where = { ctx: TenantCtx; payrollId: string };

export async function findTask(scope: TenantScope, payrollId: string, taskId: string, { lock = false } = {}) {
  if (!isUuid(taskId)) throw new NotFound("task");
  const condition = and(eq(tasks.payrollId, payrollId), eq(tasks.id, taskId))!;
  const row = lock ? await scope.lock(tasks, condition) : await scope.first(tasks, condition);
  if (!row) throw new NotFound("task");
  return row;
}

/** The payroll's tasks, newest first, optionally only open or done ones, or those about one employee. */
export async function listTasks({ ctx, payrollId, input }: Where & { input: ListTasksQuery }) {
  const before = decodeCursor(input.cursor);
  return inTenant(ctx, async (scope) => {
    await findVisiblePayroll(scope, ctx, payrollId);
    const rows = await scope.rows(
      tasks,
      and(
        eq(tasks.payrollId, payrollId),
        input.status ? eq(tasks.status, input.status) : undefined,
        input.employeeId ? eq(tasks.employeeId, input.employeeId) : undefined,
        before ? lt(tasks.id, before) : undefined,
      ),
      { orderBy: [desc(tasks.id)], limit: input.limit + 1 },
    );
    return toPage(rows, input.limit, toTask);
  });
}

export async function getTask({ ctx, payrollId, taskId }: Where & { taskId: string }) {
  return inTenant(ctx, async (scope) => {
    await findVisiblePayroll(scope, ctx, payrollId);
    const row = await findTask(scope, payrollId, taskId);
    return { task: toTask(row), version: row.version };
  });
}

/** How many tasks of the payroll are open (the console's menu count). */
export async function countOpenTasks({ ctx, payrollId }: Where) {
  return inTenant(ctx, async (scope) => {
    await findVisiblePayroll(scope, ctx, payrollId);
    const [row] = await scope
      .select({ n: count() })
      .from(tasks)
      .where(and(eq(tasks.payrollId, payrollId), eq(tasks.status, "open")));
    return row?.n ?? 0;
  });
}
