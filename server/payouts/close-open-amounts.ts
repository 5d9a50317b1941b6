import "server-only";
import { eq, sql } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { payoutLines, payouts, payrunEntries } from "../db/schema";
import type { TenantScope } from "../db/tenant-scope";
import { recordEvent } from "../events/record-event";
import { newId } from "../ids";
import { openAmountOf } from "../results/open-amounts";
import { creatorOf, settleProcessedPayouts, syncPaidOut } from "./payout-state";

/** What a close does with amounts still open (contract section 8). */
export const openAmountChoices = ["carryForward", "paidExternally"] as const;
export type OpenAmountChoice = (typeof openAmountChoices)[number];

type Period = { id: string; periodEnd: string };

/** Every entry of the period with its open amount (employed or not: a carried amount follows the person). */
async function openAmountsOf(scope: TenantScope, periodId: string) {
  const rows = await scope
    .select({
      employeeId: payrunEntries.employeeId,
      payable: payrunEntries.payable,
      carriedForward: payrunEntries.carriedForward,
      paidOut: payrunEntries.paidOut,
    })
    .from(payrunEntries)
    .where(eq(payrunEntries.payrunPeriodId, periodId));
  return rows.map((row) => ({ employeeId: row.employeeId, open: openAmountOf(row) }));
}

/**
 * `paidExternally`: every positive open amount of the closing period is recorded as paid outside the
 * service, as one processed payout marked external and without a bank file, so that nothing is
 * carried forward and nothing is ever paid again (the catch-up months of a company onboarded mid-year).
 * Runs in the closing transaction. Returns the payout id, or null when nothing was open.
 */
export async function recordPaidExternally(scope: TenantScope, ctx: TenantCtx, payrollId: string, period: Period) {
  await settleProcessedPayouts(scope, payrollId);
  const open = (await openAmountsOf(scope, period.id)).filter((e) => e.open > 0);
  if (!open.length) return null;
  const now = new Date();
  const payoutId = newId();
  await scope.insert(payouts, {
    id: payoutId,
    payrollId,
    payrunPeriodId: period.id,
    status: "processed",
    executionDate: period.periodEnd,
    total: open.reduce((sum, e) => sum + e.open, 0),
    count: open.length,
    external: true,
    messageId: null,
    documentId: null,
    createdAt: now,
    createdBy: creatorOf(ctx.caller),
    processedAt: now,
  });
  for (let i = 0; i < open.length; i += 2000) {
    const chunk = open.slice(i, i + 2000).map((e) => ({ id: newId(), employee_id: e.employeeId, amount: e.open }));
    await scope.execute(sql`
      insert into ${payoutLines} (id, tenant_id, payout_id, payroll_id, payrun_period_id, employee_id, amount, iban, end_to_end_id, created_at)
      select r.id, ${scope.tenantId}::uuid, ${payoutId}::uuid, ${payrollId}::uuid, ${period.id}::uuid, r.employee_id, r.amount, null, null, ${now.toISOString()}::timestamptz
      from json_to_recordset(${JSON.stringify(chunk)}::text::json) as r(id uuid, employee_id uuid, amount bigint)`);
  }
  await syncPaidOut(
    scope,
    period.id,
    open.map((e) => e.employeeId),
  );
  await recordEvent(scope, "PayoutCreated", { payrollId, payrunPeriodId: period.id, payoutId });
  return payoutId;
}

/**
 * Carries what the closed period left open (unpaid, or overpaid as a negative amount) into the next
 * period's entries, where it is part of the open amount and shown on the payslip. Runs in the closing
 * transaction after the next period's entries exist; an employee without an entry there (no longer
 * in the payroll) keeps the amount on the closed period, where Payroll Control of that period shows it.
 */
export async function carryForwardOpenAmounts(scope: TenantScope, closed: Period, nextPeriodId: string) {
  const open = (await openAmountsOf(scope, closed.id)).filter((e) => e.open !== 0);
  for (let i = 0; i < open.length; i += 5000) {
    const chunk = open.slice(i, i + 5000).map((e) => ({ employee_id: e.employeeId, amount: e.open }));
    await scope.execute(sql`
      update ${payrunEntries} e set carried_forward = r.amount
      from json_to_recordset(${JSON.stringify(chunk)}::text::json) as r(employee_id uuid, amount bigint)
      where ${scope.tenantOf("e")} and e.payrun_period_id = ${nextPeriodId}::uuid and e.employee_id = r.employee_id`);
  }
  return open.length;
}
