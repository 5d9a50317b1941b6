import "server-only";
import { and, asc, eq, gt, or } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { addMonths } from "../dates";
import { payrunEntries, payrunPeriods } from "../db/schema";
import { inTenant, type TenantScope } from "../db/tenant-scope";
import { Conflict, NotFound } from "../errors";
import { recordEvent } from "../events/record-event";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import { storedRegulations } from "../regulations/store";
import { blockingItemsOf, confirmations } from "../results/payroll-control";
import { recalculateOpenPeriod } from "../results/recalculate";
import { shownEntry } from "../results/shown-entries";
import { findPayrunPeriod, toPayrunPeriod } from "../periods/list-periods";
import { openPeriod } from "../payrolls/open-period";
import { finalizeDocuments } from "../documents/finalize";
import { declareElm, isDeclared } from "../elm/submission";
import { carryForwardOpenAmounts, recordPaidExternally, type OpenAmountChoice } from "../payouts/close-open-amounts";

/**
 * Closes the open period: refused while Payroll Control has a blocking item; otherwise, in one
 * transaction, the period's results are frozen, the next month opens (recalculated at once) and
 * PayrunPeriodClosed is recorded. The period's documents become final (server/documents/finalize.ts)
 * and, once the payroll is live, its ELM declaration is made and its submission scheduled.
 */
export async function closePeriod({
  ctx,
  payrollId,
  payrunPeriodId,
  receivedAt = new Date(),
  openAmounts = "carryForward",
}: {
  ctx: TenantCtx;
  payrollId: string;
  payrunPeriodId: string;
  receivedAt?: Date;
  openAmounts?: OpenAmountChoice;
}) {
  const regulations = await storedRegulations();
  return inTenant(ctx, async (scope) => {
    const payroll = await findVisiblePayroll(scope, ctx, payrollId, { lock: true });
    const target =
      payrunPeriodId === "open"
        ? await periodOpenAt(scope, payrollId, receivedAt)
        : await findPayrunPeriod(scope, payrollId, payrunPeriodId);
    const period = (await scope.lock(payrunPeriods, eq(payrunPeriods.id, target.id)))!;
    if (period.status !== "open")
      throw new Conflict(
        "period.not_open",
        `The period from ${period.periodStart} is ${period.status}; only the open period can be closed.`,
      );
    await recalculateOpenPeriod(scope, regulations, payroll);
    // The entries Payroll Control shows (a former employee with an amount carried or paid too): its blocking count is what refuses.
    const entries = await scope.rows(payrunEntries, and(eq(payrunEntries.payrunPeriodId, period.id), shownEntry));
    const confirmed = await confirmations(scope, payrollId, period.periodStart, period.periodEnd);
    const blocking = entries.flatMap((entry) =>
      blockingItemsOf(entry, confirmed.get(entry.employeeId) ?? new Set()).map((item) => ({
        employeeId: entry.employeeId,
        code: item.code,
        message: item.message,
        caseName: item.caseName,
        ...(item.params ? { params: item.params } : {}),
      })),
    );
    if (blocking.length) {
      throw new Conflict(
        "period.control_unresolved",
        `${blocking.length} blocking Payroll Control item(s) must be resolved before closing.`,
        { items: blocking },
      );
    }
    if (openAmounts === "paidExternally") await recordPaidExternally(scope, ctx, payrollId, period);
    const [closed] = await scope.update(
      payrunPeriods,
      { status: "closed", closedAt: new Date() },
      eq(payrunPeriods.id, period.id),
    );
    await finalizeDocuments(scope, regulations, payroll, closed!);
    if (isDeclared(payroll, closed!)) await declareElm(scope, regulations, payroll, closed!);
    const next = await openPeriod(scope, payrollId, addMonths(period.periodStart, 1));
    await recalculateOpenPeriod(scope, regulations, payroll);
    await carryForwardOpenAmounts(scope, period, next.id);
    await recordEvent(scope, "PayrunPeriodClosed", {
      payrollId,
      payrunPeriodId: period.id,
      periodStart: period.periodStart,
      periodEnd: period.periodEnd,
    });
    // The closing instant is the end of the work: a close request that arrived before it meant this period by `open`.
    const [stamped] = await scope.update(payrunPeriods, { closedAt: new Date() }, eq(payrunPeriods.id, period.id));
    return toPayrunPeriod(stamped!);
  });
}

/**
 * `open` in a close request is the period that was open when the request arrived: the open one, or
 * one that another close finished after that moment. So two closes of `open` that overlap close one
 * month, and the later gets 409 period.not_open, whichever database and however many processes.
 */
async function periodOpenAt(scope: TenantScope, payrollId: string, receivedAt: Date) {
  const [row] = await scope.rows(
    payrunPeriods,
    and(
      eq(payrunPeriods.payrollId, payrollId),
      or(eq(payrunPeriods.status, "open"), gt(payrunPeriods.closedAt, receivedAt)),
    ),
    { orderBy: [asc(payrunPeriods.periodStart)], limit: 1 },
  );
  if (!row) throw new NotFound("payrun_period");
  return row;
}
