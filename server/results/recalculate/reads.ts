import "server-only";
import { and, asc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { CaseHistory } from "../../calc/types";
import { caseHistories, caseValues, employees, lookupValues, payrunEntries, payrunPeriods } from "../../db/schema";
import { tenantRead, type TenantScope } from "../../db/tenant-scope";
import { recalcEvent } from "../recalc-phases";
import type { SliceInputs } from "./slices";
import type { PeriodRow } from "./types";

type ValueRow = typeof caseValues.$inferSelect;
type HistoryRow = Pick<ValueRow, "fieldName" | "value" | "start" | "end" | "createdAt" | "id" | "caseChangeId">;

export function historyOf(values: HistoryRow[]): CaseHistory {
  const history: CaseHistory = {};
  for (const v of values) {
    (history[v.fieldName] ??= []).push({
      value: v.value,
      start: v.start,
      end: v.end,
      createdAt: v.createdAt,
      id: v.id,
      caseChangeId: v.caseChangeId,
    });
  }
  return history;
}

/** What the calculation reads of a case value (the rest of the row is not loaded). */
const historyColumns = {
  id: caseValues.id,
  employeeId: caseValues.employeeId,
  fieldName: caseValues.fieldName,
  value: caseValues.value,
  start: caseValues.start,
  end: caseValues.end,
  createdAt: caseValues.createdAt,
  caseChangeId: caseValues.caseChangeId,
};

/**
 * The recalculation's reads, built once (TenantRead). Variant "one": the employee `ids` names (a case
 * change's); "some": the employees `ids` names; "all": the whole payroll (no list of ids: rows of
 * employees not on the staff, of another division, are loaded but never used); "range": the
 * employees from `ids[0]` to `ids[1]` in id order (a slice of the whole payroll, read as an index range). "one" compares with
 * the single id because a prepared statement's generic plan does not narrow an index scan by
 * `= any($ids)` (it filters every row of the payroll instead, measured with EXPLAIN). Values are
 * read only when recorded up to `knownAt` (basis.ts).
 */
type LoadValues = { payrollId: string; ids: string[]; knownAt: string };
const ofEmployees = (
  variant: string,
  column:
    | typeof employees.id
    | typeof caseValues.employeeId
    | typeof caseHistories.employeeId
    | typeof payrunEntries.employeeId,
  ids: SQL,
) =>
  variant === "one"
    ? sql`${column} = (${ids}::uuid[])[1]`
    : variant === "some"
      ? sql`${column} = any(${ids}::uuid[])`
      : variant === "range"
        ? sql`${column} between (${ids}::uuid[])[1] and (${ids}::uuid[])[2]`
        : undefined;
const recordedBy = (knownAt: SQL) => sql`${caseValues.createdAt} <= ${knownAt}::timestamptz`;

const periodsRead = tenantRead<{ payrollId: string }>()("recalc.periods", (db, p) =>
  db
    .select()
    .from(payrunPeriods)
    .where(and(p.tenant(payrunPeriods), eq(payrunPeriods.payrollId, p.value("payrollId"))))
    .orderBy(asc(payrunPeriods.periodStart)),
);

/**
 * The payroll's periods as a recalculation reads them. A caller that holds the payroll's results lock
 * (basis.ts) may read them alongside its own writes and pass them in (HeldLock): a round trip less.
 */
export const payrollPeriods = (scope: TenantScope, payrollId: string) => scope.read(periodsRead, { payrollId });

/** What a caller that took the payroll's results lock in this transaction passes: the time it got and, read after it, the periods. */
export type HeldLock = { lockedAt: string; periods?: PeriodRow[] };
export const staffRead = tenantRead<{ divisionId: string; ids: string[] }>()("recalc.staff", (db, p, variant) =>
  db
    .select({ id: employees.id })
    .from(employees)
    .where(
      and(
        p.tenant(employees),
        eq(employees.divisionId, p.value("divisionId")),
        ofEmployees(variant, employees.id, sql`${p.value("ids")}`),
      ),
    )
    // Entries are written (and so locked) in employee order, the order payouts lock them in: no deadlock between the two.
    .orderBy(asc(employees.id)),
);
/**
 * Each employee's case values as the text historyFromText reads (entry-rows.ts), defined once in SQL:
 * case_values_text (drizzle/0019_case_histories.sql). Kept ready in case_histories, rebuilt by a trigger
 * whenever an employee's values change: reading it is an index range, where aggregating the values again
 * cost the database about 10 ms per 1,000 employees, before the first entry could be written. The kept
 * text holds every value recorded; it is the answer when its newest value was recorded up to knownAt, as
 * always under the results lock (basis.ts). An employee with a value recorded later (a time set in the
 * future) gets the values up to knownAt aggregated anew, for that row only (null when none was recorded by
 * then). One scan of one index: a join or IN over the two tables let a prepared statement's generic plan
 * loop over every case value of the payroll for each kept row (12 s per slice of 1,000 employees, bench/recalc).
 */
const historiesRead = tenantRead<LoadValues>()("recalc.histories", (db, p, variant) => {
  const knownAt = sql`${p.value("knownAt")}::timestamptz`;
  const valuesThen = sql`case_values_text(${caseHistories.tenantId}, ${caseHistories.payrollId}, ${caseHistories.employeeId}, ${knownAt})`;
  return db
    .select({
      employeeId: caseHistories.employeeId,
      values: sql<
        string | null
      >`case when ${caseHistories.recordedUntil} <= ${knownAt} then ${caseHistories.values} else ${valuesThen} end`,
    })
    .from(caseHistories)
    .where(
      and(
        p.tenant(caseHistories),
        eq(caseHistories.payrollId, p.value("payrollId")),
        variant === "all" ? undefined : ofEmployees(variant, caseHistories.employeeId, sql`${p.value("ids")}`),
      ),
    );
});
export const companyValuesRead = tenantRead<Omit<LoadValues, "ids">>()("recalc.company_values", (db, p) =>
  db
    .select(historyColumns)
    .from(caseValues)
    .where(
      and(
        p.tenant(caseValues),
        eq(caseValues.payrollId, p.value("payrollId")),
        isNull(caseValues.employeeId),
        recordedBy(sql`${p.value("knownAt")}`),
      ),
    ),
);
/**
 * Of the entries of closed periods, only what bookedFor (entry-rows.ts) reads of their lines, in line
 * order, as JSON text (a BookedLine[]): the database leaves out the explanations, which are most of an
 * entry and which a recalculation of a payroll from January would otherwise load for every employee
 * and closed month.
 */
const bookedLinesColumn = sql<string>`(select coalesce(json_agg(json_build_array(l -> 'number', l -> 'name', l -> 'amount', l -> 'retro', l -> 'retroPeriodStart') order by n), '[]') from jsonb_array_elements(${payrunEntries.lines}) with ordinality as line(l, n))::text`;
const bookedRead = tenantRead<{ payrollId: string; periodIds: string[]; ids: string[] }>()(
  "recalc.booked",
  (db, p, variant) =>
    db
      .select({
        payrunPeriodId: payrunEntries.payrunPeriodId,
        employeeId: payrunEntries.employeeId,
        lines: bookedLinesColumn,
      })
      .from(payrunEntries)
      .where(
        and(
          p.tenant(payrunEntries),
          eq(payrunEntries.payrollId, p.value("payrollId")),
          sql`${payrunEntries.payrunPeriodId} = any(${p.value("periodIds")}::uuid[])`,
          ofEmployees(variant, payrunEntries.employeeId, sql`${p.value("ids")}`),
        ),
      ),
);
export const costCentersRead = tenantRead<{ payrollId: string }>()("recalc.cost_centers", (db, p) =>
  db
    .select({ id: lookupValues.id })
    .from(lookupValues)
    .where(
      and(
        p.tenant(lookupValues),
        eq(lookupValues.payrollId, p.value("payrollId")),
        eq(lookupValues.lookupName, "CostCenters"),
      ),
    )
    .limit(1),
);

/**
 * The earliest closed period that the open period's entries of these employees correct (payrun_entries.retro_from),
 * read beside the periods (the open period found in the statement): a recalculation's chain starts no later than
 * January of its year.
 */
export const retroFromRead = tenantRead<{ payrollId: string; ids: string[] }>()("recalc.retro_from", (db, p, variant) =>
  db
    .select({ first: sql<string | null>`min(${payrunEntries.retroFrom})` })
    .from(payrunEntries)
    .where(
      and(
        p.tenant(payrunEntries),
        sql`${payrunEntries.payrunPeriodId} = (select ${payrunPeriods.id} from ${payrunPeriods} where ${payrunPeriods.tenantId} = ${payrunEntries.tenantId} and ${payrunPeriods.payrollId} = ${p.value("payrollId")} and ${payrunPeriods.status} = 'open' limit 1)`,
        isNotNull(payrunEntries.retroFrom),
        ofEmployees(variant, payrunEntries.employeeId, sql`${p.value("ids")}`),
      ),
    ),
);

/** Whether the open period has any entry yet (under the payroll's results lock, so none can appear meanwhile). */
export const periodHasEntriesRead = tenantRead<{ payrunPeriodId: string }>()("recalc.period_has_entries", (db, p) =>
  db
    .select({ id: payrunEntries.id })
    .from(payrunEntries)
    .where(and(p.tenant(payrunEntries), eq(payrunEntries.payrunPeriodId, p.value("payrunPeriodId"))))
    .limit(1),
);

function groupBy<T>(items: T[], key: (item: T) => string) {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * Reads the case values of employees (`ids` in a read's variant: "one", "some" or "range") and, when the
 * chain has closed periods, their booked lines: one query each, sent together.
 */
export const sliceReader =
  (scope: TenantScope, payrollId: string, knownAt: string, closedIds: string[]) =>
  (ids: string[], variant: string): Promise<SliceInputs> => {
    recalcEvent("read sent");
    const inputs = Promise.all([
      scope.read(historiesRead, { payrollId, ids, knownAt }, variant),
      closedIds.length
        ? scope.read(bookedRead, { payrollId, periodIds: closedIds, ids }, variant)
        : Promise.resolve([]),
    ]).then(
      ([values, stored]) => (
        recalcEvent("read answered"),
        {
          valuesOf: new Map(values.map((v) => [v.employeeId, v.values])),
          storedOf: groupBy(stored, (e) => e.employeeId),
        }
      ),
    );
    inputs.catch(() => {}); // awaited in order later; a failure meanwhile is not an unhandled rejection
    return inputs;
  };
