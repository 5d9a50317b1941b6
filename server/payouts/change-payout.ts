import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { payouts, payrunEntries } from "../db/schema";
import { inTenant } from "../db/tenant-scope";
import { Conflict } from "../errors";
import { recordEvent } from "../events/record-event";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import { findPayrunPeriod } from "../periods/list-periods";
import { carryCancelledAmounts, holdOpenPeriod } from "./carry-cancelled";
import { findPayout, linesOf, syncPaidOut, toPayout } from "./payout-state";

type Where = { ctx: TenantCtx; payrollId: string; payrunPeriodId: string; payoutId: string };

/**
 * Cancels a payout the bank has not processed (contract section 8), whatever its period: its amounts
 * are open again and PayoutCancellationRequested is recorded. A payout of the open period: paid_out
 * of its employees is recomputed under their entry locks. A payout of a closed period (made before
 * the close, executed after it): that period's results stay as they were closed (section 6), and its
 * amounts are carried into the open period's entries (carryCancelledAmounts).
 *
 * Locks, in the order of a new payout's: the open period FOR SHARE (a close of it waits), the payout
 * row, then the entries of the open period by employee id.
 */
export async function cancelPayout({ ctx, payrollId, payrunPeriodId, payoutId }: Where) {
  return inTenant(ctx, async (scope) => {
    const payroll = await findVisiblePayroll(scope, ctx, payrollId);
    const period = await findPayrunPeriod(scope, payrollId, payrunPeriodId);
    const open = await holdOpenPeriod(scope, payrollId);
    if (!open) throw new Error(`cancelPayout: the payroll ${payrollId} has no open period`);
    const payout = await findPayout(scope, payrollId, period.id, payoutId, { lock: true });
    if (payout.status === "cancelled") throw new Conflict("payout.cancelled", "The payout is already cancelled.");
    if (payout.status === "processed")
      throw new Conflict("payout.processed", "The bank has processed the payout; it can no longer be cancelled.");
    const lines = (await linesOf(scope, [payout.id])).get(payout.id) ?? [];
    const employeeIds = [...new Set(lines.map((l) => l.employeeId))].sort();
    // The period as held now: one that a close finished meanwhile is closed, whatever findPayrunPeriod read.
    const inOpenPeriod = open.id === period.id;
    if (inOpenPeriod && employeeIds.length) {
      await scope
        .select({ id: payrunEntries.id })
        .from(payrunEntries)
        .where(and(eq(payrunEntries.payrunPeriodId, period.id), inArray(payrunEntries.employeeId, employeeIds)))
        .orderBy(asc(payrunEntries.employeeId))
        .for("update");
    }
    if (!inOpenPeriod) await carryCancelledAmounts(scope, payroll, open.id, lines);
    const [row] = await scope.update(
      payouts,
      { status: "cancelled", cancelledAt: new Date() },
      and(eq(payouts.id, payout.id))!,
    );
    if (inOpenPeriod) await syncPaidOut(scope, period.id, employeeIds);
    await recordEvent(scope, "PayoutCancellationRequested", {
      payrollId,
      payrunPeriodId: period.id,
      payoutId: payout.id,
    });
    return toPayout(row!, lines);
  });
}

/** Confirms that the bank processed the payout; a repeat answers the same. A cancelled payout: 409. */
export async function markPayoutProcessed({ ctx, payrollId, payrunPeriodId, payoutId }: Where) {
  return inTenant(ctx, async (scope) => {
    await findVisiblePayroll(scope, ctx, payrollId);
    const period = await findPayrunPeriod(scope, payrollId, payrunPeriodId);
    let payout = await findPayout(scope, payrollId, period.id, payoutId, { lock: true });
    if (payout.status === "cancelled")
      throw new Conflict("payout.cancelled", "The payout is cancelled; it cannot have been processed.");
    if (payout.status === "created")
      payout = (
        await scope.update(payouts, { status: "processed", processedAt: new Date() }, eq(payouts.id, payout.id))
      )[0]!;
    return toPayout(payout, (await linesOf(scope, [payout.id])).get(payout.id) ?? []);
  });
}
