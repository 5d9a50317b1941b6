import "server-only";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Caller } from "../context";
import { payoutLines, payouts, type PayoutCreator } from "../db/schema";
import type { TenantScope } from "../db/tenant-scope";
import { todayInZurich } from "../dates";
import { NotFound } from "../errors";
import { isUuid } from "../ids";
import { formatRappen } from "../money/rappen";
import type { PayoutOutput } from "./schemas";

type PayoutRow = typeof payouts.$inferSelect;
type LineRow = typeof payoutLines.$inferSelect;

/**
 * A payout counts as processed by the bank once its execution date has begun in Europe/Zurich
 * (contract section 8). Every read and verb of payouts (and the rebase) goes through this first: it
 * stores the transition (status `processed`, processedAt = the start of the execution date in
 * Zurich), so the status is a fact in the table that SQL, lists and later verbs can rely on, and
 * nothing has to derive it again. It runs in the caller's transaction and touches only due rows.
 */
export async function settleProcessedPayouts(scope: TenantScope, payrollId: string, now = new Date()) {
  await scope.update(
    payouts,
    { status: "processed", processedAt: sql`(${payouts.executionDate}::timestamp at time zone 'Europe/Zurich')` },
    and(
      eq(payouts.payrollId, payrollId),
      eq(payouts.status, "created"),
      lte(payouts.executionDate, todayInZurich(now)),
    )!,
  );
}

/** A payout of the period, after settling the processed ones; `lock` holds it for the transaction. */
export async function findPayout(
  scope: TenantScope,
  payrollId: string,
  payrunPeriodId: string,
  payoutId: string,
  { lock = false } = {},
) {
  if (!isUuid(payoutId)) throw new NotFound("payout");
  await settleProcessedPayouts(scope, payrollId);
  const condition = and(
    eq(payouts.payrollId, payrollId),
    eq(payouts.payrunPeriodId, payrunPeriodId),
    eq(payouts.id, payoutId),
  )!;
  const row = lock ? await scope.lock(payouts, condition) : await scope.first(payouts, condition);
  if (!row) throw new NotFound("payout");
  return row;
}

export async function linesOf(scope: TenantScope, payoutIds: string[]) {
  if (!payoutIds.length) return new Map<string, LineRow[]>();
  const rows = await scope.rows(payoutLines, inArray(payoutLines.payoutId, payoutIds), {
    orderBy: [asc(payoutLines.payoutId), asc(payoutLines.employeeId), asc(payoutLines.id)],
  });
  const byPayout = new Map<string, LineRow[]>();
  for (const row of rows) {
    const list = byPayout.get(row.payoutId) ?? [];
    list.push(row);
    byPayout.set(row.payoutId, list);
  }
  return byPayout;
}

export function toPayout(row: PayoutRow, lines: LineRow[]): PayoutOutput {
  return {
    id: row.id,
    payrunPeriodId: row.payrunPeriodId,
    status: row.status,
    executionDate: row.executionDate,
    total: formatRappen(row.total),
    count: row.count,
    external: row.external,
    documentId: row.documentId,
    lines: lines.map((l) => ({
      id: l.id,
      employeeId: l.employeeId,
      amount: formatRappen(l.amount),
      iban: l.iban,
      endToEndId: l.endToEndId,
    })),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    processedAt: row.processedAt?.toISOString() ?? null,
  };
}

export const creatorOf = (caller: Caller): PayoutCreator =>
  caller.kind === "system"
    ? { kind: "system", id: caller.systemUserId, name: caller.name }
    : { kind: "person", id: caller.userId, name: caller.name };

/**
 * Keeps `payrun_entries.paid_out` as the sum of the period's payout lines that are not cancelled,
 * for the given employees, in the caller's transaction (which holds their entry rows): recomputed
 * from the lines in one statement per 5,000 employees (the ids travel as one JSON parameter).
 */
export async function syncPaidOut(scope: TenantScope, payrunPeriodId: string, employeeIds: string[]) {
  for (let i = 0; i < employeeIds.length; i += 5000) {
    const ids = JSON.stringify(employeeIds.slice(i, i + 5000));
    await scope.execute(sql`
      update payrun_entries e set paid_out = s.paid
      from (
        select r.employee_id, coalesce(sum(l.amount) filter (where p.status <> 'cancelled'), 0)::bigint as paid
        from json_array_elements_text(${ids}::text::json) as r(employee_id)
        left join payout_lines l on ${scope.tenantOf("l")} and l.payrun_period_id = ${payrunPeriodId}::uuid and l.employee_id = r.employee_id::uuid
        left join payouts p on p.tenant_id = l.tenant_id and p.id = l.payout_id
        group by r.employee_id
      ) s
      where ${scope.tenantOf("e")} and e.payrun_period_id = ${payrunPeriodId}::uuid and e.employee_id = s.employee_id::uuid`);
  }
}

/** Whether any payout of the payroll has been processed by the bank (refuses a rebase). */
export async function hasProcessedPayout(scope: TenantScope, payrollId: string) {
  await settleProcessedPayouts(scope, payrollId);
  return (await scope.first(payouts, and(eq(payouts.payrollId, payrollId), eq(payouts.status, "processed")))) !== null;
}
