import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { TenantCtx } from "../../context";
import { payrunEntries, payrunPeriods, payouts } from "../../db/schema";
import { inTenant } from "../../db/tenant-scope";
import { Conflict, type FieldError } from "../../errors";
import { recordEvent } from "../../events/record-event";
import { newId } from "../../ids";
import { commitUnderKey } from "../../http/idempotency";
import { findVisiblePayroll } from "../../payrolls/get-payroll";
import { findPayrunPeriod } from "../../periods/list-periods";
import { confirmations } from "../../results/payroll-control";
import { testHooks } from "../../testing/hooks";
import { creatorOf, settleProcessedPayouts, syncPaidOut, toPayout } from "../payout-state";
import type { CreatePayout } from "../schemas";
import { checkNamed, paidEntries, parseAmounts, payableEntries, payoutLinesOf, type EntryRow } from "./amounts";
import { executionDateOf } from "./calendar";
import { buildPaymentFile, paymentsOf, storePaymentFile } from "./file";
import { loadCreditors, loadDebtor } from "./parties";

/**
 * Pays open amounts of the open period (contract section 8) in one transaction: the selected
 * employees' entry rows are locked (in employee order, so that concurrent payouts queue instead of
 * deadlocking) before their open amounts are read, and the payout, its lines, the pain.001 file
 * (a PaymentFile document), PayoutCreated and the entries' paid_out are written before the locks
 * are released. So concurrent requests, with or without Idempotency-Key, never pay more than open.
 */
export async function createPayout({
  ctx,
  payrollId,
  payrunPeriodId,
  input,
  receivedAt,
}: {
  ctx: TenantCtx;
  payrollId: string;
  payrunPeriodId: string;
  input: CreatePayout;
  receivedAt: Date;
}) {
  const errors: FieldError[] = [];
  const amounts = parseAmounts(input, errors);
  const { today, executionDate } = executionDateOf(input.executionDate, receivedAt, errors);
  const explicit = input.employeeIds ? [...new Set(input.employeeIds.map((id) => id.toLowerCase()))] : null;

  const created = await inTenant(ctx, async (scope) => {
    const payroll = await findVisiblePayroll(scope, ctx, payrollId);
    const found = await findPayrunPeriod(scope, payrollId, payrunPeriodId);
    // Shared: payouts of the period run side by side; closing it (FOR UPDATE) waits for them.
    const [period] = await scope.select().from(payrunPeriods).where(eq(payrunPeriods.id, found.id)).for("share");
    if (!period || period.status !== "open")
      throw new Conflict(
        "period.not_open",
        `The period from ${found.periodStart} is ${period?.status ?? found.status}; payouts are made in the open period only.`,
      );
    await settleProcessedPayouts(scope, payrollId, receivedAt);

    const wanted = explicit;
    // Only what the open amount and Payroll Control need: an entry's lines are most of its size.
    const entries: EntryRow[] = await scope
      .select({
        id: payrunEntries.id,
        employeeId: payrunEntries.employeeId,
        employed: payrunEntries.employed,
        payable: payrunEntries.payable,
        carriedForward: payrunEntries.carriedForward,
        paidOut: payrunEntries.paidOut,
        issues: payrunEntries.issues,
      })
      .from(payrunEntries)
      .where(
        and(
          eq(payrunEntries.payrunPeriodId, period.id),
          wanted ? inArray(payrunEntries.employeeId, wanted) : undefined,
        ),
      )
      .orderBy(asc(payrunEntries.employeeId))
      .for("update");
    checkNamed(entries, explicit, amounts, errors);

    const confirmed = await confirmations(scope, payrollId, period.periodStart, period.periodEnd);
    const { named, blocked, payable } = payableEntries(entries, explicit, amounts, confirmed);
    const creditors = await loadCreditors(
      scope,
      payrollId,
      payable.map((e) => e.employeeId),
      executionDate,
      period.periodEnd,
    );
    const paid = paidEntries(payable, creditors, named, blocked);
    const lines = payoutLinesOf(entries, paid, amounts);

    const company = await loadDebtor(scope, payrollId, payroll.name, executionDate, period.periodEnd);
    if (!company.debtor)
      throw new Conflict("payout.blocked", "The company cannot pay: resolve its bank account and address first.", {
        items: company.missing,
      });

    const payoutId = newId();
    const documentId = newId();
    const createdAt = new Date();
    const paymentLines = await paymentsOf(scope, period.id, lines, creditors);
    const file = buildPaymentFile({
      payoutId,
      createdAt,
      payrollName: payroll.name,
      debtor: company.debtor,
      periodStart: period.periodStart,
      executionDate,
      payments: paymentLines,
    });

    const total = lines.reduce((sum, l) => sum + l.amount, 0);
    const row = await scope.insert(payouts, {
      id: payoutId,
      payrollId,
      payrunPeriodId: period.id,
      // Executed today: processed from the start (contract 8: once its execution date has begun), as settleProcessedPayouts stores it.
      ...(executionDate <= today
        ? { status: "processed" as const, processedAt: sql`(${executionDate}::timestamp at time zone 'Europe/Zurich')` }
        : { status: "created" as const }),
      executionDate,
      total,
      count: paymentLines.length,
      external: false,
      messageId: file.messageId,
      documentId,
      createdAt,
      createdBy: creatorOf(ctx.caller),
    });
    // One statement per 2,000 lines, as one JSON parameter (the text never changes, so it is prepared once).
    for (let i = 0; i < paymentLines.length; i += 2000) {
      const chunk = paymentLines.slice(i, i + 2000).map((l) => ({
        id: l.id,
        employee_id: l.employeeId,
        amount: l.amount,
        iban: l.iban,
        end_to_end_id: l.endToEndId,
      }));
      await scope.execute(sql`
        insert into payout_lines (id, tenant_id, payout_id, payroll_id, payrun_period_id, employee_id, amount, iban, end_to_end_id, created_at)
        select r.id, ${scope.tenantId}::uuid, ${payoutId}::uuid, ${payrollId}::uuid, ${period.id}::uuid, r.employee_id, r.amount, r.iban, r.end_to_end_id, ${createdAt.toISOString()}::timestamptz
        from json_to_recordset(${JSON.stringify(chunk)}::text::json) as r(id uuid, employee_id uuid, amount bigint, iban text, end_to_end_id text)`);
    }
    await storePaymentFile(scope, {
      documentId,
      payrollId,
      payrunPeriodId: period.id,
      payoutId,
      executionDate,
      xml: file.xml,
      createdAt,
    });
    await syncPaidOut(
      scope,
      period.id,
      lines.map((l) => l.entry.employeeId),
    );
    await recordEvent(scope, "PayoutCreated", { payrollId, payrunPeriodId: period.id, payoutId });
    await scope.sharedTables((tx) => commitUnderKey(tx, payoutId));
    testHooks.fault?.("payout.before-commit");
    const lineRows = paymentLines.map((l) => ({
      id: l.id,
      tenantId: scope.tenantId,
      payoutId,
      payrollId,
      payrunPeriodId: period.id,
      employeeId: l.employeeId,
      amount: l.amount,
      iban: l.iban,
      endToEndId: l.endToEndId,
      createdAt,
    }));
    return {
      payout: toPayout(row, lineRows),
      paymentFile: { documentId, contentType: "application/xml" as const, content: file.xml },
      bytes: file.bytes,
    };
  });
  testHooks.fault?.("payout.after-commit");
  return created;
}
