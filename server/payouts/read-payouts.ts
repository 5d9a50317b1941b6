import "server-only";
import { and, asc, eq, gt } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { documents, payouts } from "../db/schema";
import { inTenant } from "../db/tenant-scope";
import { NotFound } from "../errors";
import { decodeCursor, toPage, type PageQuery } from "../http/pagination";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import { findPayrunPeriod } from "../periods/list-periods";
import { findPayout, linesOf, settleProcessedPayouts, toPayout } from "./payout-state";

type Where = { ctx: TenantCtx; payrollId: string; payrunPeriodId: string };

export async function listPayouts({ ctx, payrollId, payrunPeriodId, input }: Where & { input: PageQuery }) {
  const after = decodeCursor(input.cursor);
  return inTenant(ctx, async (scope) => {
    await findVisiblePayroll(scope, ctx, payrollId);
    const period = await findPayrunPeriod(scope, payrollId, payrunPeriodId);
    await settleProcessedPayouts(scope, payrollId);
    const rows = await scope.rows(
      payouts,
      and(eq(payouts.payrunPeriodId, period.id), after ? gt(payouts.id, after) : undefined),
      { orderBy: [asc(payouts.id)], limit: input.limit + 1 },
    );
    const lines = await linesOf(
      scope,
      rows.slice(0, input.limit).map((r) => r.id),
    );
    return toPage(rows, input.limit, (row) => toPayout(row, lines.get(row.id) ?? []));
  });
}

export async function getPayout({ ctx, payrollId, payrunPeriodId, payoutId }: Where & { payoutId: string }) {
  return inTenant(ctx, async (scope) => {
    await findVisiblePayroll(scope, ctx, payrollId);
    const period = await findPayrunPeriod(scope, payrollId, payrunPeriodId);
    const row = await findPayout(scope, payrollId, period.id, payoutId);
    return toPayout(row, (await linesOf(scope, [row.id])).get(row.id) ?? []);
  });
}

/** The payout's pain.001 file as stored when it was made: the same bytes on every download. */
export async function getPayoutDocument({ ctx, payrollId, payrunPeriodId, payoutId }: Where & { payoutId: string }) {
  return inTenant(ctx, async (scope) => {
    await findVisiblePayroll(scope, ctx, payrollId);
    const period = await findPayrunPeriod(scope, payrollId, payrunPeriodId);
    const payout = await findPayout(scope, payrollId, period.id, payoutId);
    const doc = payout.documentId
      ? await scope.first(documents, and(eq(documents.payrunPeriodId, period.id), eq(documents.id, payout.documentId)))
      : null;
    if (!doc?.content) throw new NotFound("document");
    return { name: doc.name, contentType: doc.contentType, bytes: doc.content };
  });
}
