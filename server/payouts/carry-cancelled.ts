import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { payrolls, payrunEntries, payrunPeriods } from "../db/schema";
import type { TenantScope } from "../db/tenant-scope";
import type { Rappen } from "../money/rappen";
import { storedRegulations } from "../regulations/store";
import { recalculateOpenPeriod } from "../results/recalculate";

/**
 * The payroll's open period, held FOR SHARE as a new payout holds it, so that closing it waits for
 * the caller's transaction. A close that held it meanwhile has opened the next period when it
 * commits: under READ COMMITTED the waiting statement then finds no open row, and a second one sees
 * the new period. Null only if the payroll had no open period, which never happens: one is opened
 * with the payroll, and close and rebase replace it in their own transaction.
 */
export async function holdOpenPeriod(scope: TenantScope, payrollId: string) {
  for (let attempt = 0; attempt < 2; attempt++) {
    const [row] = await scope
      .select()
      .from(payrunPeriods)
      .where(and(eq(payrunPeriods.payrollId, payrollId), eq(payrunPeriods.status, "open")))
      .for("share");
    if (row) return row;
  }
  return null;
}

/**
 * What a cancelled payout of a closed period had paid is open again in the open period (contract
 * section 8), while the closed period's results, paid_out and documents stay as they were closed
 * (section 6): each employee's amount is added to their carried_forward in the open period's entry,
 * as if the close had carried it. Later closes carry it on with the rest of the open amount, so it
 * lands in exactly one open period, once (the payout is cancelled in the same transaction, under its
 * row lock).
 *
 * Runs in the cancelling transaction, which holds the open period FOR SHARE (holdOpenPeriod). Every
 * employee of the payroll's division has an entry in the open period (the close that opened it
 * recalculates everyone, and a new employee is calculated when created); one that lacks it is
 * calculated now, as any recalculation would, before any entry is locked: a recalculation takes the
 * payroll's results lock first and the entries after, and so does this. The entries are then locked
 * in employee order, the order of payouts and recalculations.
 */
export async function carryCancelledAmounts(
  scope: TenantScope,
  payroll: typeof payrolls.$inferSelect,
  openPeriodId: string,
  lines: readonly { employeeId: string; amount: Rappen }[],
) {
  const amounts = new Map<string, Rappen>();
  for (const line of lines) amounts.set(line.employeeId, (amounts.get(line.employeeId) ?? 0) + line.amount);
  const employeeIds = [...amounts.keys()].sort();
  if (!employeeIds.length) return;
  const entriesOf = () =>
    and(eq(payrunEntries.payrunPeriodId, openPeriodId), inArray(payrunEntries.employeeId, employeeIds));
  const present = new Set(
    (await scope.select({ employeeId: payrunEntries.employeeId }).from(payrunEntries).where(entriesOf())).map(
      (e) => e.employeeId,
    ),
  );
  const missing = employeeIds.filter((id) => !present.has(id));
  if (missing.length)
    await recalculateOpenPeriod(scope, await scope.sharedTables((tx) => storedRegulations(tx)), payroll, missing);
  const locked = await scope
    .select({ employeeId: payrunEntries.employeeId })
    .from(payrunEntries)
    .where(entriesOf())
    .orderBy(asc(payrunEntries.employeeId))
    .for("update");
  if (locked.length !== employeeIds.length) {
    // Only an employee outside the payroll's division could lack an entry now; nothing is cancelled without its amount landing.
    const found = new Set(locked.map((e) => e.employeeId));
    throw new Error(
      `carryCancelledAmounts: no entry in the open period ${openPeriodId} for ${employeeIds.filter((id) => !found.has(id)).join(", ")}`,
    );
  }
  const rows = employeeIds.map((id) => ({ employee_id: id, amount: amounts.get(id)! }));
  await scope.execute(sql`
    update ${payrunEntries} e set carried_forward = e.carried_forward + r.amount
    from json_to_recordset(${JSON.stringify(rows)}::text::json) as r(employee_id uuid, amount bigint)
    where ${scope.tenantOf("e")} and e.payrun_period_id = ${openPeriodId}::uuid and e.employee_id = r.employee_id`);
}
