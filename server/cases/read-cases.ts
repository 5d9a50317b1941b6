import "server-only";
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, type SQL } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { todayInZurich } from "../dates";
import { caseChanges, caseValues } from "../db/schema";
import { inTenant, type TenantScope } from "../db/tenant-scope";
import { findVisibleEmployee } from "../employees/get-employee";
import { Forbidden } from "../errors";
import { decodeCursor, pageOf, toPage, type PageQuery } from "../http/pagination";
import { regulationDate } from "../lookups/initialize-chart";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import { storedRegulations } from "../regulations/store";
import { caseCatalog, isSelfServiceCase } from "./definitions";
import { valueInForce } from "../bitemporal/in-force";
import type { ListCaseChangesQuery, ListCasesQuery, ValuesInTimeQuery } from "./schemas";
import { toCaseDefinition } from "../regulations/case-definition";
import { toCaseChange } from "./to-output";

/**
 * Whose data a read is about: the employee named, or the company (undefined). Self Service sees only their own
 * employee's data, never the company's: without an employeeId, theirs is meant (the interface's "scoped to the
 * logged-in employee"); another employee's id is a 404 like any employee they cannot see.
 */
async function subjectOf(scope: TenantScope, ctx: TenantCtx, payrollId: string, employeeId: string | undefined) {
  const subject = employeeId ?? (ctx.access.role === "SelfService" ? (ctx.access.employeeId ?? undefined) : undefined);
  if (subject) await findVisibleEmployee(scope, ctx, subject, { payrollId });
  else if (ctx.access.role === "SelfService")
    throw new Forbidden("This Self Service membership is linked to no employee.", "case.not_self_service");
  return subject;
}

/**
 * For a Self Service caller, the names of the payroll's ESS and ECT cases, the only ones whose data they see (contract 9b;
 * wage data is excluded); null for everyone else (no restriction).
 */
async function selfServiceCasesOf(
  scope: TenantScope,
  ctx: TenantCtx,
  payroll: Awaited<ReturnType<typeof findVisiblePayroll>>,
  regulations: Awaited<ReturnType<typeof storedRegulations>>,
) {
  if (ctx.access.role !== "SelfService") return null;
  return caseCatalog(regulations, payroll, await regulationDate(scope, payroll))
    .cases.filter(isSelfServiceCase)
    .map((c) => c.name);
}

/**
 * The cases available to the payroll (from its regulations): with an employee, the employee cases (Self Service: their
 * own employee's ESS and ECT cases, employee or not); without, every case, the company's and the employees' (contract 5),
 * or only the company's when `scope` says so (the console's company data screens).
 */
export async function listCases({
  ctx,
  payrollId,
  input,
  page,
  scope: only,
}: {
  ctx: TenantCtx;
  payrollId: string;
  input: ListCasesQuery;
  page?: PageQuery;
  scope?: "company";
}) {
  const regulations = await storedRegulations();
  return inTenant(ctx, async (scope) => {
    const payroll = await findVisiblePayroll(scope, ctx, payrollId);
    const employeeId = await subjectOf(scope, ctx, payrollId, input.employeeId);
    const catalog = caseCatalog(regulations, payroll, await regulationDate(scope, payroll));
    const items = catalog.cases
      .filter((c) => (employeeId ? c.scope === "employee" : !only || c.scope === only))
      .filter((c) => !input.cluster || (input.cluster === "none" ? c.cluster === null : c.cluster === input.cluster))
      .filter((c) => ctx.access.role !== "SelfService" || isSelfServiceCase(c))
      .map(toCaseDefinition);
    // Paged by name; without a page (the console's screens), every case in the regulation's order.
    return pageOf(items, page, { keyOf: (c) => c.name });
  });
}

/** Without a status: the history of what is in force (applied, and approved reports); "all": every change. */
function statusCondition(status: ListCaseChangesQuery["status"]): SQL | undefined {
  if (status === "all") return undefined;
  if (status) return eq(caseChanges.status, status);
  return inArray(caseChanges.status, ["applied", "approved"]);
}

/** The history of case changes: who, when, why and what, newest first (pending, rejected ones on request). */
export async function listCaseChanges({
  ctx,
  payrollId,
  input,
}: {
  ctx: TenantCtx;
  payrollId: string;
  input: ListCaseChangesQuery;
}) {
  const before = decodeCursor(input.cursor);
  const regulations = await storedRegulations();
  return inTenant(ctx, async (scope) => {
    const payroll = await findVisiblePayroll(scope, ctx, payrollId);
    const employeeId = await subjectOf(scope, ctx, payrollId, input.employeeId);
    const visibleCases = await selfServiceCasesOf(scope, ctx, payroll, regulations);
    const subject: SQL | undefined = employeeId
      ? eq(caseChanges.employeeId, employeeId)
      : input.scope === "company"
        ? isNull(caseChanges.employeeId)
        : input.scope === "employee"
          ? isNotNull(caseChanges.employeeId)
          : undefined;
    const changes = await scope.rows(
      caseChanges,
      and(
        eq(caseChanges.payrollId, payrollId),
        subject,
        input.caseName ? eq(caseChanges.caseName, input.caseName) : undefined,
        visibleCases ? inArray(caseChanges.caseName, visibleCases) : undefined,
        statusCondition(input.status),
        before ? lt(caseChanges.id, before) : undefined,
      ),
      { orderBy: [desc(caseChanges.id)], limit: input.limit + 1 },
    );
    const page = changes.slice(0, input.limit);
    const values = page.length
      ? await scope.rows(
          caseValues,
          inArray(
            caseValues.caseChangeId,
            page.map((c) => c.id),
          ),
          { orderBy: [asc(caseValues.id)] },
        )
      : [];
    const items = page.map((change) =>
      toCaseChange(
        change,
        values.filter((v) => v.caseChangeId === change.id),
      ),
    );
    return { items, nextCursor: toPage(changes, input.limit, (c) => c).nextCursor };
  });
}

/** All recorded values of a subject (an employee, or the company with null), oldest first. */
export async function valuesOf(
  scope: TenantScope,
  payrollId: string,
  employeeId: string | null,
  fieldNames?: string[],
) {
  return scope.rows(
    caseValues,
    and(
      eq(caseValues.payrollId, payrollId),
      employeeId ? eq(caseValues.employeeId, employeeId) : isNull(caseValues.employeeId),
      fieldNames?.length ? inArray(caseValues.fieldName, fieldNames) : undefined,
    ),
    { orderBy: [asc(caseValues.createdAt), asc(caseValues.id)] },
  );
}

/** The values in force on a date, one per field, with where each came from. */
export async function valuesInTime({
  ctx,
  payrollId,
  input,
  page,
}: {
  ctx: TenantCtx;
  payrollId: string;
  input: ValuesInTimeQuery;
  page?: PageQuery;
}) {
  const valueDate = input.valueDate ?? todayInZurich();
  const fieldNames = input.caseFieldNames
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const regulations = await storedRegulations();
  return inTenant(ctx, async (scope) => {
    const payroll = await findVisiblePayroll(scope, ctx, payrollId);
    const employeeId = await subjectOf(scope, ctx, payrollId, input.employeeId);
    const visibleCases = await selfServiceCasesOf(scope, ctx, payroll, regulations);
    const values = (await valuesOf(scope, payrollId, employeeId ?? null, fieldNames)).filter(
      (v) => !visibleCases || visibleCases.includes(v.caseName),
    );
    const byField = new Map<string, typeof values>();
    for (const value of values) byField.set(value.fieldName, [...(byField.get(value.fieldName) ?? []), value]);
    const items = [...byField.entries()]
      .map(([, history]) => valueInForce(history, valueDate))
      .filter((v): v is NonNullable<typeof v> => v !== null)
      .map((v) => ({
        caseFieldName: v.fieldName,
        caseName: v.caseName,
        value: v.value,
        start: v.start,
        end: v.end,
        caseChangeId: v.caseChangeId,
        createdAt: v.createdAt.toISOString(),
      }))
      .sort((a, b) => a.caseFieldName.localeCompare(b.caseFieldName));
    return { valueDate, ...pageOf(items, page, { keyOf: (v) => v.caseFieldName }) };
  });
}
