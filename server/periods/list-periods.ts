import "server-only";
import { and, asc, eq, gt } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { payrunPeriods } from "../db/schema";
import { inTenant, tenantRead, type TenantScope } from "../db/tenant-scope";
import { NotFound } from "../errors";
import { decodeKeyCursor, toKeyedPage, type PageQuery } from "../http/pagination";
import { isUuid } from "../ids";
import { findVisiblePayroll } from "../payrolls/get-payroll";

export const toPayrunPeriod = (row: typeof payrunPeriods.$inferSelect) => ({
  id: row.id,
  periodStart: row.periodStart,
  periodEnd: row.periodEnd,
  status: row.status,
  closedAt: row.closedAt?.toISOString() ?? null,
  // Submitted from the close that declared it (the service transmits it in the background, transmittedAt
  // says when); a submission that cannot be transmitted here (elmError) is not.
  submittedToElm: row.submittedAt !== null || (row.declaredAt !== null && row.elmError === null),
  transmittedAt: row.submittedAt?.toISOString() ?? null,
  finalizedAt: row.finalizedAt?.toISOString() ?? null,
  elmError: row.elmError,
});

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The payroll's periods, oldest first (by periodStart, unique per payroll): one page, or every
 * period without a page (the console's screens).
 */
export async function listPayrunPeriods({
  ctx,
  payrollId,
  page,
}: {
  ctx: TenantCtx;
  payrollId: string;
  page?: PageQuery;
}) {
  const after = decodeKeyCursor(page?.cursor, (key) => ISO_DATE.test(key));
  return inTenant(ctx, async (scope) => {
    await findVisiblePayroll(scope, ctx, payrollId);
    const rows = await scope.rows(
      payrunPeriods,
      and(eq(payrunPeriods.payrollId, payrollId), after ? gt(payrunPeriods.periodStart, after) : undefined),
      {
        orderBy: [asc(payrunPeriods.periodStart)],
        limit: page ? page.limit + 1 : undefined,
      },
    );
    return page
      ? toKeyedPage(rows, page.limit, (row) => row.periodStart, toPayrunPeriod)
      : { items: rows.map(toPayrunPeriod), nextCursor: null };
  });
}

const payrunPeriod = tenantRead<{ payrollId: string; payrunPeriodId: string }>()("payrun_period", (db, p, variant) =>
  db
    .select()
    .from(payrunPeriods)
    .where(
      and(
        p.tenant(payrunPeriods),
        eq(payrunPeriods.payrollId, p.value("payrollId")),
        variant === "open" ? eq(payrunPeriods.status, "open") : eq(payrunPeriods.id, p.value("payrunPeriodId")),
      ),
    )
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
  const [row] =
    open || isUuid(payrunPeriodId)
      ? await scope.read(
          payrunPeriod,
          { payrollId, payrunPeriodId: open ? "" : payrunPeriodId },
          open ? "open" : "byId",
        )
      : [];
  if (!row) throw new NotFound("payrun_period");
  return row;
}

export async function getPayrunPeriod({
  ctx,
  payrollId,
  payrunPeriodId,
}: {
  ctx: TenantCtx;
  payrollId: string;
  payrunPeriodId: string;
}) {
  return inTenant(ctx, async (scope) => {
    await findVisiblePayroll(scope, ctx, payrollId);
    return toPayrunPeriod(await findPayrunPeriod(scope, payrollId, payrunPeriodId));
  });
}
