import "server-only";
import { and, asc, eq, gt } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { payrolls } from "../db/schema";
import { inTenant, tenantRead, type TenantScope } from "../db/tenant-scope";
import { NotFound } from "../errors";
import { decodeCursor, toPage, type PageQuery } from "../http/pagination";
import { toPayroll } from "./schemas";
import { payrollVisibility, visiblePayrolls, visiblePayrollsRead } from "./visibility";

/** One payroll as findVisiblePayroll reads it (variant: payrollVisibility's). */
const visiblePayroll = tenantRead<{ payrollId: string; assigned: string[] }>()("payroll.visible", (db, p, variant) =>
  db
    .select()
    .from(payrolls)
    .where(and(p.tenant(payrolls), eq(payrolls.id, p.value("payrollId")), visiblePayrollsRead(p, variant)))
    .limit(1),
);

export async function findVisiblePayroll(scope: TenantScope, ctx: TenantCtx, payrollId: string, { lock = false } = {}) {
  const visibility = payrollVisibility(ctx);
  // A payroll's key never changes: its lock does not keep other transactions from inserting rows that refer
  // to it (a foreign key check's KEY SHARE). FOR UPDATE did, and a close holding it while waiting for the
  // payroll's results lock deadlocked with a case change that held that lock and inserted its change.
  const row = lock
    ? await scope.lock(payrolls, and(eq(payrolls.id, payrollId), visiblePayrolls(ctx))!, "no key update")
    : (await scope.read(visiblePayroll, { payrollId, assigned: visibility.assigned }, visibility.variant))[0];
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
