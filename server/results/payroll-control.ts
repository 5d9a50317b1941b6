import "server-only";
import { and, eq } from "drizzle-orm";
import { caseValues, payrunEntries } from "../db/schema";
import { tenantRead, type TenantScope } from "../db/tenant-scope";
import { openAmountOf } from "./open-amounts";

/**
 * The Payroll Control rule, in one place: an entry's state and the items that block it, and the
 * ControlConfirmation cases that lift an item. The entries list, Payroll Control (read-entries.ts),
 * payouts, the close and the dry run all decide by it.
 */

type EntryRow = typeof payrunEntries.$inferSelect;

export type ControlState = "EmployedWithoutWage" | "ReadyToPayOut" | "PaidOut" | "Blocked";

/** What of an entry Payroll Control decides by. */
export type ControlEntry = Pick<EntryRow, "issues" | "payable" | "carriedForward" | "paidOut">;

/**
 * Payroll Control: an entry is Blocked while it has a blocking item not confirmed by a
 * ControlConfirmation (cluster P) case for that code; otherwise its open amount decides.
 */
export function controlOf(entry: ControlEntry, confirmedCodes: Set<string>) {
  const items = entry.issues.map((issue) => ({
    ...issue,
    blocking: issue.blocking && !confirmedCodes.has(issue.code),
  }));
  const openAmount = openAmountOf(entry);
  const state: ControlState = items.some((i) => i.blocking)
    ? "Blocked"
    : openAmount > 0
      ? "ReadyToPayOut"
      : entry.paidOut > 0
        ? "PaidOut"
        : "EmployedWithoutWage";
  return { state, openAmount, items };
}

/** The entry's items that still block it (controlOf): what refuses a payout of it and the period's close. */
export const blockingItemsOf = (entry: ControlEntry, confirmedCodes: Set<string>) =>
  controlOf(entry, confirmedCodes).items.filter((item) => item.blocking);

const controlCodes = tenantRead<{ payrollId: string }>()("control_codes", (db, p) =>
  db
    .select({
      employeeId: caseValues.employeeId,
      value: caseValues.value,
      start: caseValues.start,
      end: caseValues.end,
    })
    .from(caseValues)
    .where(
      and(
        p.tenant(caseValues),
        eq(caseValues.payrollId, p.value("payrollId")),
        eq(caseValues.fieldName, "ControlCode"),
      ),
    ),
);

/** ControlCode values confirmed in the period, per employee. */
export async function confirmations(scope: TenantScope, payrollId: string, periodStart: string, periodEnd: string) {
  const rows = await scope.read(controlCodes, { payrollId });
  const byEmployee = new Map<string, Set<string>>();
  for (const row of rows) {
    if (!row.employeeId || row.start > periodEnd || (row.end !== null && row.end < periodStart)) continue;
    const set = byEmployee.get(row.employeeId) ?? new Set<string>();
    set.add(row.value);
    byEmployee.set(row.employeeId, set);
  }
  return byEmployee;
}
