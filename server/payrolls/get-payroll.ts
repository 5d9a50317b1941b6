import "server-only";
import { and, asc, eq, gt } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { payrolls } from "../db/schema";
import { inTenant, type TenantScope } from "../db/tenant-scope";
import { NotFound } from "../errors";
import { decodeCursor, toPage, type PageQuery } from "../http/pagination";
import { toPayroll } from "./schemas";
import { visiblePayrolls } from "./visibility";

export async function findVisiblePayroll(scope: TenantScope, ctx: TenantCtx, payrollId: string, { lock = false } = {}) {
  const condition = and(eq(payrolls.id, payrollId), visiblePayrolls(ctx))!;
  const row = lock ? await scope.lock(payrolls, condition) : await scope.first(payrolls, condition);
  if (!row) throw new NotFound("payroll");
  return row;
}

export async function getPayroll({ ctx, payrollId }: { ctx: TenantCtx; payrollId: string }) {
  return inTenant(ctx, async (scope) => {
    const row = await findVisiblePayroll(scope, ctx, payrollId);
    return { payroll: toPayroll(row), version: row.version };
  });
}

export async function listPayrolls({ ctx, input }: { ctx: TenantCtx; input: PageQuery }) {
  const after = decodeCursor(input.cursor);
  return inTenant(ctx, async (scope) => {
    const rows = await scope.rows(payrolls, and(visiblePayrolls(ctx), after ? gt(payrolls.id, after) : undefined), {
      orderBy: [asc(payrolls.id)],
      limit: input.limit + 1,
    });
    return toPage(rows, input.limit, toPayroll);
  });
}
