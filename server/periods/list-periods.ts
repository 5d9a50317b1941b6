import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { payrunPeriods } from "../db/schema";
import { inTenant, tenantRead, type TenantScope } from "../db/tenant-scope";
import { NotFound } from "../errors";
import { isUuid } from "../ids";
import { findVisiblePayroll } from "../payrolls/get-payroll";

export const toPayrunPeriod = (row: typeof payrunPeriods.$inferSelect) => ({
  id: row.id,
  periodStart: row.periodStart,
  periodEnd: row.periodEnd,
  status: row.status,
  closedAt: row.closedAt?.toISOString() ?? null,
  submittedToElm: row.submittedAt !== null,
  finalizedAt: row.finalizedAt?.toISOString() ?? null,
  elmError: row.elmError,
});

export async function listPayrunPeriods({ ctx, payrollId }: { ctx: TenantCtx; payrollId: string }) {
  return inTenant(ctx, async (scope) => {
    await findVisiblePayroll(scope, ctx, payrollId);
    const rows = await scope.rows(payrunPeriods, eq(payrunPeriods.payrollId, payrollId), { orderBy: [asc(payrunPeriods.periodStart)] });
    return { items: rows.map(toPayrunPeriod), nextCursor: null };
  });
}

const payrunPeriod = tenantRead<{ payrollId: string; payrunPeriodId: string }>()("payrun_period", (db, p, variant) =>
  db
    .select()
    .from(payrunPeriods)
    .where(and(p.tenant(payrunPeriods), eq(payrunPeriods.payrollId, p.value("payrollId")), variant === "open" ? eq(payrunPeriods.status, "open") : eq(payrunPeriods.id, p.value("payrunPeriodId"))))
    .limit(1),
);

/** The payroll's open period, if it has one. */
export async function findOpenPeriod(scope: TenantScope, payrollId: string) {
  const [row] = await scope.read(payrunPeriod, { payrollId, payrunPeriodId: "" }, "open");
  return row ?? null;
}

/** A payrun period by id, or the open one for the literal "open" (contract section 6). */
export async function findPayrunPeriod(scope: TenantScope, payrollId: string, payrunPeriodId: string) {
  const open = payrunPeriodId === "open";
  const [row] = open || isUuid(payrunPeriodId) ? await scope.read(payrunPeriod, { payrollId, payrunPeriodId: open ? "" : payrunPeriodId }, open ? "open" : "byId") : [];
  if (!row) throw new NotFound("payrun_period");
  return row;
}

export async function getPayrunPeriod({ ctx, payrollId, payrunPeriodId }: { ctx: TenantCtx; payrollId: string; payrunPeriodId: string }) {
  return inTenant(ctx, async (scope) => {
    await findVisiblePayroll(scope, ctx, payrollId);
    return toPayrunPeriod(await findPayrunPeriod(scope, payrollId, payrunPeriodId));
  });
}
