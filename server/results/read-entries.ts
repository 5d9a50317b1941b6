import "server-only";
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { caseValues, employees, payrolls, payrunEntries, payrunPeriods } from "../db/schema";
import { inTenant, readInTenant, tenantRead, type ReadParams } from "../db/tenant-scope";
import { NotFound } from "../errors";
import { decodeCursor, pageOf, toKeyedPage, type PageQuery } from "../http/pagination";
import { isUuid } from "../ids";
import { formatRappen } from "../money/rappen";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import { payrollVisibility, visiblePayrollsRead } from "../payrolls/visibility";
import { findPayrunPeriod } from "../periods/list-periods";
import {
  visibilityValues,
  visibleEmployees,
  visibleEmployeesRead,
  type VisibilityValues,
} from "../employees/visibility";
import { employmentColumns } from "../employees/employment";
import { NOT_IN_PAYROLL } from "./control-codes";
import { confirmations, controlOf, type ControlState } from "./payroll-control";
import { shownEntry } from "./shown-entries";
import { BasisGone, explainedLines } from "./explain";

type EntryRow = typeof payrunEntries.$inferSelect;

const money = formatRappen;

export function toEntrySummary(entry: SummaryRow, confirmed: Set<string>) {
  const control = controlOf(entry, confirmed);
  return {
    id: entry.id,
    employeeId: entry.employeeId,
    controlState: control.state,
    gross: money(entry.gross),
    net: money(entry.net),
    paidOut: money(entry.paidOut),
    openAmount: money(control.openAmount),
  };
}

type Scope = Parameters<Parameters<typeof inTenant>[1]>[0];

/** All results, or the first one's error when one failed (whichever settled first): the same answer as reading them one after the other. */
async function inOrder<T extends readonly unknown[]>(...reads: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(reads);
  for (const result of settled) if (result.status === "rejected") throw result.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/** The payroll the caller sees and its period; the payroll's refusal comes first. */
async function payrollPeriod(scope: Scope, ctx: TenantCtx, payrollId: string, payrunPeriodId: string) {
  const { payroll, period } = await readPeriodView(scope, ctx, payrollId, payrunPeriodId, {});
  return [payroll, period] as const;
}

/** The confirmed codes of summaries read with them (periodView), by employee: what confirmations() gives for those employees. */
const confirmedOf = (summaries: Summary[]) => new Map(summaries.map((e) => [e.employeeId, new Set(e.confirmed)]));

/** Sorts before every employee id: the first page's "after". */
const NIL_UUID = "00000000-0000-0000-0000-000000000000";

/** What a summary or Payroll Control reads of an entry: not its lines, collectors or year-to-date figures. */
type SummaryRow = Pick<
  EntryRow,
  "id" | "employeeId" | "gross" | "net" | "payable" | "paidOut" | "carriedForward" | "issues"
>;
type Summary = SummaryRow & { confirmed: string[] };
/** A summary as periodView sends it: [id, employeeId, gross, net, payable, paidOut, carriedForward, issues, confirmed codes] (amounts in Rappen). */
type SummaryJson = [string, string, number, number, number, number, number, SummaryRow["issues"], string[]];
const summaryOf = ([
  id,
  employeeId,
  gross,
  net,
  payable,
  paidOut,
  carriedForward,
  issues,
  confirmed,
]: SummaryJson): Summary => ({
  id,
  employeeId,
  gross,
  net,
  payable,
  paidOut,
  carriedForward,
  issues,
  confirmed,
});

type PeriodViewValues = { payrollId: string; payrunPeriodId: string; after: string; limit: number } & VisibilityValues;

/**
 * The summaries of the period's shown entries (shown-entries.ts) of employees the caller sees, in employee order, as one JSON
 * array (SummaryJson), each with the ControlCode values confirmed in the period for its employee; `paged`: `limit` of them after
 * the employee `after`. A column of periodView: the period is its row's. Written with qualified names, as drizzle writes its
 * conditions (shownEntry, visibility), and aliases of its own.
 */
function summariesJson(p: ReadParams<PeriodViewValues>, role: string, paged: boolean): SQL<SummaryJson[]> {
  const visible = visibleEmployeesRead(p, role);
  const confirmed = sql`coalesce((select json_agg(distinct cv."value") from "case_values" cv
    where cv."tenant_id" = "payrun_entries"."tenant_id" and cv."payroll_id" = "payrun_entries"."payroll_id" and cv."employee_id" = "payrun_entries"."employee_id"
    and cv."field_name" = 'ControlCode' and cv."start" <= "payrun_periods"."period_end" and (cv."end" is null or cv."end" >= "payrun_periods"."period_start")), '[]'::json)`;
  const entries = sql`select "payrun_entries"."id", "payrun_entries"."employee_id", "payrun_entries"."gross", "payrun_entries"."net", "payrun_entries"."payable",
      "payrun_entries"."paid_out", "payrun_entries"."carried_forward", "payrun_entries"."issues", ${confirmed} as confirmed
    from "payrun_entries"
    where "payrun_entries"."tenant_id" = "payrun_periods"."tenant_id" and "payrun_entries"."payrun_period_id" = "payrun_periods"."id" and ${shownEntry}
    ${paged ? sql`and "payrun_entries"."employee_id" > ${p.value("after")}` : sql``}
    ${visible ? sql`and "payrun_entries"."employee_id" in (select ${employees.id} from ${employees} where ${p.tenant(employees)} and ${visible})` : sql``}
    order by "payrun_entries"."employee_id" ${paged ? sql`limit ${p.value("limit")}` : sql``}`;
  return sql<
    SummaryJson[]
  >`(select coalesce(json_agg(json_build_array(e."id", e."employee_id", e."gross", e."net", e."payable", e."paid_out", e."carried_forward", e."issues", e."confirmed") order by e."employee_id"), '[]'::json)
    from (${entries}) e)`;
}

/** Payroll Control's other rows as periodView sends them: [employeeId, entryDate, exitDate]. */
type OutsideJson = [string, string | null, string | null];

/**
 * The employees of the payroll's division the caller sees without a shown entry in the period, whose employment has not
 * ended before it, with their entry and exit dates at the period's end, in id order (OutsideJson): Payroll Control's "not in
 * payroll" rows. A column of periodView, as summariesJson.
 */
function outsideJson(p: ReadParams<PeriodViewValues>, role: string): SQL<OutsideJson[]> {
  const visible = visibleEmployeesRead(p, role);
  const { entryDate, exitDate } = employmentColumns(sql`"payrun_periods"."period_end"`);
  const staff = sql`select ${employees.id} as "id", ${entryDate} as "entry_date", ${exitDate} as "exit_date" from ${employees}
    where ${employees.tenantId} = "payrolls"."tenant_id" and ${employees.divisionId} = "payrolls"."division_id" ${visible ? sql`and ${visible}` : sql``}
    and not exists (select 1 from "payrun_entries" where "payrun_entries"."tenant_id" = "payrun_periods"."tenant_id"
      and "payrun_entries"."payrun_period_id" = "payrun_periods"."id" and "payrun_entries"."employee_id" = ${employees.id} and ${shownEntry})`;
  // Dates compare as strings (server/dates.ts), byte by byte as JavaScript does.
  return sql<
    OutsideJson[]
  >`(select coalesce(json_agg(json_build_array(o."id", o."entry_date", o."exit_date") order by o."id"), '[]'::json)
    from (${staff}) o where not coalesce(o."exit_date" collate "C" < "payrun_periods"."period_start"::text, false))`;
}

/**
 * The payroll the caller sees with its period (by id, or the open one), and what the period shows, in one statement: the
 * summaries of its shown entries (summariesJson) and, for Payroll Control, the employees outside them (outsideJson). Variant
 * "<all|assigned>:<open|byId>:<role>:<none|all|page|control>". No row when the caller does not see the payroll; a row without
 * a period (and with no entries) when the period is not the payroll's: the same answers as findVisiblePayroll and
 * findPayrunPeriod in turn.
 */
const periodView = tenantRead<PeriodViewValues>()("period_view", (db, p, variant) => {
  const [visibility, which, role, contents] = variant.split(":");
  return db
    .select({
      payroll: payrolls,
      period: payrunPeriods,
      entries: contents === "none" ? sql<SummaryJson[]>`'[]'::json` : summariesJson(p, role!, contents === "page"),
      outside: contents === "control" ? outsideJson(p, role!) : sql<OutsideJson[]>`'[]'::json`,
    })
    .from(payrolls)
    .leftJoin(
      payrunPeriods,
      and(
        eq(payrunPeriods.tenantId, payrolls.tenantId),
        eq(payrunPeriods.payrollId, payrolls.id),
        which === "open" ? eq(payrunPeriods.status, "open") : eq(payrunPeriods.id, p.value("payrunPeriodId")),
      ),
    )
    .where(and(p.tenant(payrolls), eq(payrolls.id, p.value("payrollId")), visiblePayrollsRead(p, visibility!)))
    .limit(1);
});

/**
 * periodView for the caller: the payroll and its period, with `summaries` the summaries (one page of them with `page`), and
 * with `control` also the employees outside them. A period id that is not one answers as findPayrunPeriod does, after the
 * payroll's own refusal.
 */
async function readPeriodView(
  scope: Scope,
  ctx: TenantCtx,
  payrollId: string,
  payrunPeriodId: string,
  contents: { summaries?: boolean; page?: EntryPage; control?: boolean },
) {
  const open = payrunPeriodId === "open";
  if (!open && !isUuid(payrunPeriodId)) {
    await findVisiblePayroll(scope, ctx, payrollId);
    throw new NotFound("payrun_period");
  }
  const { variant } = payrollVisibility(ctx);
  const values: PeriodViewValues = {
    payrollId,
    payrunPeriodId: open ? NIL_UUID : payrunPeriodId,
    after: contents.page?.after ?? NIL_UUID,
    limit: contents.page?.limit ?? 0,
    ...visibilityValues(ctx),
  };
  const shown = contents.control ? "control" : contents.page ? "page" : contents.summaries ? "all" : "none";
  const [row] = await scope.read(
    periodView,
    values,
    `${variant}:${open ? "open" : "byId"}:${ctx.access.role}:${shown}`,
  );
  if (!row) throw new NotFound("payroll");
  if (!row.period) throw new NotFound("payrun_period");
  return { payroll: row.payroll, period: row.period, entries: row.entries.map(summaryOf), outside: row.outside };
}

type EntryPage = { after: string | null; limit: number };

async function periodEntries(
  ctx: TenantCtx,
  payrollId: string,
  payrunPeriodId: string,
  within?: Scope,
  full?: false,
  entryId?: undefined,
  page?: EntryPage,
): Promise<PeriodEntries<SummaryRow>>;
async function periodEntries(
  ctx: TenantCtx,
  payrollId: string,
  payrunPeriodId: string,
  within: Scope | undefined,
  full: true,
  entryId?: string,
): Promise<PeriodEntries<EntryRow>>;
async function periodEntries(
  ctx: TenantCtx,
  payrollId: string,
  payrunPeriodId: string,
  within?: Scope,
  full = false,
  entryId?: string,
  page?: EntryPage,
): Promise<PeriodEntries<SummaryRow | EntryRow>> {
  const read = async (scope: Scope) => {
    if (!full) {
      const { payroll, period, entries } = await readPeriodView(scope, ctx, payrollId, payrunPeriodId, {
        summaries: true,
        page,
      });
      return { payroll, period, entries, confirmed: confirmedOf(entries) };
    }
    // Without a transaction (readInTenant) the independent reads go out together; the payroll's refusal comes first, as before.
    const [payroll, period] = await payrollPeriod(scope, ctx, payrollId, payrunPeriodId);
    const visible = visibleEmployees(ctx, scope);
    const condition = and(
      eq(payrunEntries.payrunPeriodId, period.id),
      shownEntry,
      entryId ? eq(payrunEntries.id, entryId) : undefined,
      visible
        ? inArray(payrunEntries.employeeId, scope.select({ id: employees.id }).from(employees).where(visible))
        : undefined,
    );
    const [entries, confirmed] = await inOrder(
      scope.rows(payrunEntries, condition, { orderBy: [asc(payrunEntries.employeeId)] }),
      confirmations(scope, payrollId, period.periodStart, period.periodEnd),
    );
    return { payroll, period, entries, confirmed };
  };
  return within ? read(within) : readInTenant(ctx, read);
}
type PeriodEntries<R> = {
  payroll: Awaited<ReturnType<typeof findVisiblePayroll>>;
  period: Awaited<ReturnType<typeof findPayrunPeriod>>;
  entries: R[];
  confirmed: Map<string, Set<string>>;
};

/** The period's entries by employee id: one page, or every entry without a page (the console's screens). */
export async function listEntries({
  ctx,
  payrollId,
  payrunPeriodId,
  page,
}: {
  ctx: TenantCtx;
  payrollId: string;
  payrunPeriodId: string;
  page?: PageQuery;
}) {
  const after = decodeCursor(page?.cursor);
  const { entries, confirmed } = await periodEntries(
    ctx,
    payrollId,
    payrunPeriodId,
    undefined,
    false,
    undefined,
    page ? { after, limit: page.limit + 1 } : undefined,
  );
  const summary = (e: SummaryRow) => toEntrySummary(e, confirmed.get(e.employeeId) ?? new Set());
  return page
    ? toKeyedPage(entries, page.limit, (e) => e.employeeId, summary)
    : { items: entries.map(summary), nextCursor: null };
}

export async function getEntry({
  ctx,
  payrollId,
  payrunPeriodId,
  entryId,
  explain,
}: {
  ctx: TenantCtx;
  payrollId: string;
  payrunPeriodId: string;
  entryId: string;
  explain: boolean;
}) {
  if (!isUuid(entryId)) throw new NotFound("payrun_period_entry");
  const read = () =>
    readInTenant(ctx, async (scope) => {
      const { payroll, period, entries, confirmed } = await periodEntries(
        ctx,
        payrollId,
        payrunPeriodId,
        scope,
        true,
        entryId,
      );
      const entry = entries[0];
      if (!entry) throw new NotFound("payrun_period_entry");
      return { entry, confirmed, lines: explain ? await explainedLines(scope, payroll, period, entry) : entry.lines };
    });
  // Once more when a recalculation replaced the entry between its read and its basis's (explain.ts, BasisGone).
  const { entry, confirmed, lines } = await read().catch((error: unknown) =>
    error instanceof BasisGone ? read() : Promise.reject(error),
  );
  return {
    ...toEntrySummary(entry, confirmed.get(entry.employeeId) ?? new Set()),
    wageTypes: lines.map((line) => ({
      number: line.number,
      name: line.name,
      amount: money(line.amount),
      base: line.base === null ? null : money(line.base),
      rate: line.rate,
      retro: line.retro,
      retroPeriodStart: line.retroPeriodStart,
      ...(explain ? { explanation: line.explanation } : {}),
    })),
    collectors: Object.entries(entry.collectors).map(([name, amount]) => ({ name, amount: money(amount) })),
  };
}

const swissDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/**
 * Why a current employee record is not in the period's payroll: what is missing, when it enters, or
 * which dates exclude it. params: the reason and the dates (ISO) for the console's sentence (server/calc/texts.ts).
 */
function notInPayrollItem(
  { entryDate, exitDate }: { entryDate: string | null; exitDate: string | null },
  periodEnd: string,
) {
  const reason = entryDate === null ? "noEntryDate" : entryDate > periodEnd ? "entersLater" : "exitBeforeEntry";
  const message =
    entryDate === null
      ? "Not in payroll yet: no entry date (Employment). Record the Employment case with the entry date to include this person in the payroll."
      : entryDate > periodEnd
        ? `Not in payroll yet: enters on ${swissDate(entryDate)}, after this period.`
        : `Not in payroll: the exit date ${swissDate(exitDate ?? entryDate)} is before the entry date ${swissDate(entryDate)} (Employment).`;
  const params: Record<string, string> = {
    reason,
    entryDate: entryDate ?? "",
    exitDate: reason === "exitBeforeEntry" ? (exitDate ?? entryDate ?? "") : "",
  };
  return { code: NOT_IN_PAYROLL, message, caseName: "Employment", blocking: false, params };
}

/**
 * Payroll Control as the API answers it (contract section 6): items of { code, message, caseName,
 * blocking }. The console reads controlling() itself, whose items also carry their figures (params).
 */
export const controlForApi = (control: Awaited<ReturnType<typeof controlling>>) => ({
  ...control,
  items: control.items.map((row) => ({
    ...row,
    items: row.items.map(({ code, message, caseName, blocking }) => ({ code, message, caseName, blocking })),
  })),
});

/**
 * Payroll Control of the open period: every current employee record of the payroll. Those the
 * period shows (their entries: employed in the period, or a former employee with an amount carried
 * into it or paid out in it, shown-entries.ts) with their state and items; every other employee
 * record whose employment has not ended before the period (no entry date yet, or an entry after the
 * period) as "not in payroll yet" (or, with an exit before the entry, not in payroll): state EmployedWithoutWage (nothing to calculate or pay this period, the
 * interface's meaning of that state), one non-blocking item control.not_in_payroll naming what is
 * missing. Closing checks the shown entries, so the blocking count is theirs alone.
 * Ordered by employee id; with a page, `limit` employees after the cursor's, and still the blocking
 * count of every employee.
 */
export async function controlling({
  ctx,
  payrollId,
  payrunPeriodId,
  page,
}: {
  ctx: TenantCtx;
  payrollId: string;
  payrunPeriodId: string;
  page?: PageQuery;
}) {
  const { period, entries, confirmed, notInPayroll } = await readInTenant(ctx, async (scope) => {
    // The entries with their confirmations, and the payroll's other employees the caller sees with their employment at the period's end.
    const { period, entries, outside } = await readPeriodView(scope, ctx, payrollId, payrunPeriodId, { control: true });
    const notInPayroll = outside.map(([employeeId, entryDate, exitDate]) => ({
      employeeId,
      employment: { entryDate, exitDate },
    }));
    return { period, entries, confirmed: confirmedOf(entries), notInPayroll };
  });
  if (period.status !== "open") throw new NotFound("payrun_period");
  const items = [
    ...entries.map((entry) => {
      const control = controlOf(entry, confirmed.get(entry.employeeId) ?? new Set());
      return {
        employeeId: entry.employeeId,
        state: control.state,
        openAmount: money(control.openAmount),
        items: control.items.map((i) => ({
          code: i.code,
          message: i.message,
          caseName: i.caseName,
          blocking: i.blocking,
          params: i.params ?? null,
        })),
      };
    }),
    ...notInPayroll.map(({ employeeId, employment }) => ({
      employeeId,
      state: "EmployedWithoutWage" as ControlState,
      openAmount: money(0),
      items: [notInPayrollItem(employment, period.periodEnd)],
    })),
  ].sort((a, b) => (a.employeeId < b.employeeId ? -1 : a.employeeId > b.employeeId ? 1 : 0));
  const blockingCount = items.reduce((n, e) => n + e.items.filter((i) => i.blocking).length, 0);
  return { ...pageOf(items, page, { keyOf: (row) => row.employeeId, isKey: isUuid }), blockingCount };
}

/** A relevant value's place in its list (recorded, then id): both fixed, so a cursor can carry it. */
const RELEVANT_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z\|[0-9a-f-]{36}$/;

/**
 * The case values relevant to an entry's period (its employee's and the company's) recorded since the last close
 * before that period (and, for a closed period, up to its own close), in record order; a page of them when `page` is given (contract 1: lists are paged).
 */
export async function relevantEventValues({
  ctx,
  payrollId,
  payrunPeriodId,
  entryId,
  page,
}: {
  ctx: TenantCtx;
  payrollId: string;
  payrunPeriodId: string;
  entryId: string;
  page?: PageQuery;
}) {
  if (!isUuid(entryId)) throw new NotFound("payrun_period_entry");
  const { period, entries } = await periodEntries(ctx, payrollId, payrunPeriodId);
  const entry = entries.find((e) => e.id === entryId);
  if (!entry) throw new NotFound("payrun_period_entry");
  return inTenant(ctx, async (scope) => {
    // "Since the last period close" as the entry's period saw it: from the close of the period before it, and for a
    // closed period up to its own close (what was recorded later is a later period's).
    const before = await scope.rows(
      payrunPeriods,
      and(
        eq(payrunPeriods.payrollId, payrollId),
        isNotNull(payrunPeriods.closedAt),
        lt(payrunPeriods.periodStart, period.periodStart),
      ),
      {
        orderBy: [desc(payrunPeriods.periodStart)],
        limit: 1,
      },
    );
    const since = before[0]?.closedAt ?? null;
    const until = period.closedAt ?? null;
    const values = await scope.rows(
      caseValues,
      and(
        eq(caseValues.payrollId, payrollId),
        or(eq(caseValues.employeeId, entry.employeeId), isNull(caseValues.employeeId)),
        lte(caseValues.start, period.periodEnd),
        or(isNull(caseValues.end), gte(caseValues.end, period.periodStart)),
        since ? gt(caseValues.createdAt, since) : undefined,
        until ? lte(caseValues.createdAt, until) : undefined,
      ),
      { orderBy: [asc(caseValues.createdAt), asc(caseValues.id)] },
    );
    const keyed = values.map((v) => ({
      key: `${v.createdAt.toISOString()}|${v.id}`,
      item: {
        caseFieldName: v.fieldName,
        caseName: v.caseName,
        employeeId: v.employeeId,
        value: v.value,
        start: v.start,
        end: v.end,
        caseChangeId: v.caseChangeId,
        createdAt: v.createdAt.toISOString(),
      },
    }));
    const { items, nextCursor } = pageOf(keyed, page, { keyOf: (v) => v.key, isKey: (key) => RELEVANT_KEY.test(key) });
    return { since: since?.toISOString() ?? null, items: items.map((v) => v.item), nextCursor };
  });
}
