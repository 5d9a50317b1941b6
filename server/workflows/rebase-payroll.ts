import "server-only";
import { eq, sql } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { payrolls, payrunPeriods } from "../db/schema";
import { inTenant } from "../db/tenant-scope";
import { Conflict } from "../errors";
import { openPeriod } from "../payrolls/open-period";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import { toPayroll, type RebasePayroll } from "../payrolls/schemas";
import { storedRegulations } from "../regulations/store";
import { recalculateOpenPeriod } from "../results/recalculate";
import { checkIfMatch } from "../http/etag";
import { hasProcessedPayout } from "../payouts/payout-state";

/**
 * Moves accountingStartDate later (support-assisted): deletes every payrun period with its
 * results and documents and opens one at the new date. Only before go-live.
 */
export async function rebasePayroll({
  ctx,
  payrollId,
  input,
  ifMatch,
}: {
  ctx: TenantCtx;
  payrollId: string;
  input: RebasePayroll;
  ifMatch: string | null;
}) {
  const regulations = await storedRegulations();
  return inTenant(ctx, async (scope) => {
    const current = await findVisiblePayroll(scope, ctx, payrollId, { lock: true });
    checkIfMatch(ifMatch, current);
    if (current.transmissionStartDate !== null) {
      throw new Conflict("payroll.live", "The payroll is live; accountingStartDate can no longer be rebased.");
    }
    if (input.accountingStartDate <= current.accountingStartDate) {
      throw new Conflict(
        "payroll.rebase_not_later",
        `The new accountingStartDate must be after the current one (${current.accountingStartDate}); it can never move earlier.`,
      );
    }
    // Payouts sent to a bank block a rebase (contract section 8); payouts not yet processed go with their periods.
    if (await hasProcessedPayout(scope, payrollId)) {
      throw new Conflict(
        "payroll.payouts_processed",
        "A payout of this payroll has been processed by the bank; the payroll can no longer be rebased.",
      );
    }
    await scope.delete(payrunPeriods, eq(payrunPeriods.payrollId, payrollId));
    await openPeriod(scope, payrollId, input.accountingStartDate);
    const [row] = await scope.update(
      payrolls,
      { accountingStartDate: input.accountingStartDate, version: sql`${payrolls.version} + 1`, updatedAt: new Date() },
      eq(payrolls.id, payrollId),
    );
    await recalculateOpenPeriod(scope, regulations, row!);
    return { payroll: toPayroll(row!), version: row!.version };
  });
}
