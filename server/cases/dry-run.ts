import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { payrunEntries, payrunPeriods, type StoredLine } from "../db/schema";
import type { TenantScope } from "../db/tenant-scope";
import { formatRappen } from "../money/rappen";
import { confirmations, controlOf } from "../results/payroll-control";
import { isShownEntry } from "../results/shown-entries";

type EntryRow = typeof payrunEntries.$inferSelect;
type PeriodRow = typeof payrunPeriods.$inferSelect;

/** A dry run is a real run whose transaction is rolled back; this carries its answer out. */
export class DryRunRollback extends Error {
  constructor(readonly result: unknown) {
    super("dry run");
  }
}

export async function snapshotOpenEntries(scope: TenantScope, payrollId: string, employeeIds?: string[]) {
  const open = await scope.first(
    payrunPeriods,
    and(eq(payrunPeriods.payrollId, payrollId), eq(payrunPeriods.status, "open")),
  );
  if (!open) return { open: null, entries: [] as EntryRow[] };
  const entries = await scope.rows(
    payrunEntries,
    and(
      eq(payrunEntries.payrunPeriodId, open.id),
      employeeIds ? inArray(payrunEntries.employeeId, employeeIds) : undefined,
    ),
  );
  return { open, entries };
}

const employerCost = (entry?: EntryRow) => (entry ? entry.gross + (entry.collectors.EmployerContributions ?? 0) : 0);

function retroOf(entry: EntryRow | undefined, periodStart: string, numbers: (line: StoredLine) => boolean) {
  return (entry?.lines ?? [])
    .filter((l) => l.retro && l.retroPeriodStart === periodStart && numbers(l))
    .reduce((sum, l) => sum + l.amount, 0);
}

const change = (before: number, after: number) => ({
  before: formatRappen(before),
  after: formatRappen(after),
  change: formatRappen(after - before),
});

/**
 * What a change would do, per period it touches: the open period's gross, net, employer cost and
 * control state before and after; for a closed period, the corrections that would be booked for it.
 */
export async function compareOpenEntries(
  scope: TenantScope,
  payrollId: string,
  open: PeriodRow,
  before: EntryRow[],
  after: EntryRow[],
  touched: PeriodRow[],
) {
  const confirmed = await confirmations(scope, payrollId, open.periodStart, open.periodEnd);
  const employeeIds = [...new Set([...before, ...after].map((e) => e.employeeId))].sort();
  const isEarning = (l: StoredLine) => /^[1-4]/.test(l.number);
  const isNet = (l: StoredLine) => l.number === "6500";
  const isEmployer = (l: StoredLine) => l.number.startsWith("8");
  return touched.map((period) => ({
    id: period.id,
    periodStart: period.periodStart,
    periodEnd: period.periodEnd,
    status: period.status,
    employees: employeeIds.map((employeeId) => {
      const was = before.find((e) => e.employeeId === employeeId);
      const will = after.find((e) => e.employeeId === employeeId);
      if (period.id !== open.id) {
        return {
          employeeId,
          gross: change(retroOf(was, period.periodStart, isEarning), retroOf(will, period.periodStart, isEarning)),
          net: change(retroOf(was, period.periodStart, isNet), retroOf(will, period.periodStart, isNet)),
          employerCost: change(
            retroOf(was, period.periodStart, (l) => isEarning(l) || isEmployer(l)),
            retroOf(will, period.periodStart, (l) => isEarning(l) || isEmployer(l)),
          ),
          controlState: null,
          payable: null,
        };
      }
      const stateOf = (entry?: EntryRow) =>
        entry && isShownEntry(entry) ? controlOf(entry, confirmed.get(employeeId) ?? new Set()).state : null;
      return {
        employeeId,
        gross: change(was?.gross ?? 0, will?.gross ?? 0),
        net: change(was?.net ?? 0, will?.net ?? 0),
        employerCost: change(employerCost(was), employerCost(will)),
        controlState: { before: stateOf(was), after: stateOf(will) },
        payable: change(was?.payable ?? 0, will?.payable ?? 0),
      };
    }),
  }));
}
