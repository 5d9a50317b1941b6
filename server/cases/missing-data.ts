import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { todayInZurich } from "../dates";
import { caseValues, employees, lookupValues, payrolls } from "../db/schema";
import { inTenant, type TenantScope } from "../db/tenant-scope";
import { findVisibleEmployee } from "../employees/get-employee";
import { employmentOf } from "../employees/employment";
import { visibleEmployees } from "../employees/visibility";
import { pageOf, type PageQuery } from "../http/pagination";
import { findOpenPeriod } from "../payrolls/open-period";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import type { CaseDefinition, CaseField } from "../regulations/catalog";
import { storedRegulations, type Regulations } from "../regulations/store";
import { caseCatalog, isSelfServiceCase } from "./definitions";
import { valueInForce } from "../bitemporal/in-force";

type PayrollRow = typeof payrolls.$inferSelect;
type ValueRow = typeof caseValues.$inferSelect;

export type MissingCase = {
  employeeId: string | null;
  caseName: string;
  displayName: CaseDefinition["displayName"];
  fields: { name: string; displayName: CaseField["displayName"]; requiredFor: "calculation" | "payment" }[];
  post: string;
};

/** The date missing data is judged on: the one asked for, else today kept within the open period. */
async function judgementDate(scope: TenantScope, payroll: PayrollRow, asked?: string) {
  if (asked) return asked;
  const open = await findOpenPeriod(scope, payroll.id);
  const today = todayInZurich();
  if (!open) return today;
  return today < open.periodStart ? open.periodStart : today > open.periodEnd ? open.periodEnd : today;
}

function missingOf(definitions: CaseDefinition[], values: ValueRow[], date: string, extraRequired: Set<string>) {
  const inForce = new Map<string, string>();
  const byField = new Map<string, ValueRow[]>();
  for (const value of values) byField.set(value.fieldName, [...(byField.get(value.fieldName) ?? []), value]);
  for (const [name, history] of byField) {
    const current = valueInForce(history, date);
    if (current) inForce.set(name, current.value);
  }
  const missing: { definition: CaseDefinition; fields: MissingCase["fields"] }[] = [];
  for (const definition of definitions) {
    if (definition.cluster === "P") continue; // Payroll Control cases confirm, they are never "missing"
    const fields: MissingCase["fields"] = [];
    for (const field of definition.fields) {
      const required = field.required !== false || extraRequired.has(field.name);
      if (!required) continue;
      if (field.requiredWhen) {
        const other =
          inForce.get(field.requiredWhen.field) ??
          definition.fields.find((f) => f.name === field.requiredWhen!.field)?.default;
        if (!other || !field.requiredWhen.in.includes(other)) continue;
      }
      if (inForce.has(field.name) || field.default !== undefined) continue;
      fields.push({
        name: field.name,
        displayName: field.displayName,
        requiredFor: field.required === false ? "calculation" : field.required,
      });
    }
    if (fields.length) missing.push({ definition, fields });
  }
  return missing;
}

async function missingForPayroll(
  scope: TenantScope,
  ctx: TenantCtx,
  regulations: Regulations,
  payroll: PayrollRow,
  only: { employeeId?: string; asked?: string },
) {
  const date = await judgementDate(scope, payroll, only.asked);
  const catalog = caseCatalog(regulations, payroll, date);
  const post = `/api/tenants/${ctx.tenantId}/payrolls/${payroll.id}/cases`;
  // Limits 3: once a payroll uses cost centers, every employee needs one.
  const usesCostCenters = !!(await scope.first(
    lookupValues,
    and(eq(lookupValues.payrollId, payroll.id), eq(lookupValues.lookupName, "CostCenters")),
  ));
  const employeeRequired = new Set(usesCostCenters ? ["CostCenter"] : []);
  const items: MissingCase[] = [];
  const toItems = (employeeId: string | null, found: ReturnType<typeof missingOf>) =>
    found.map(({ definition, fields }) => ({
      employeeId,
      caseName: definition.name,
      displayName: definition.displayName,
      fields,
      post,
    }));

  if (!only.employeeId && ctx.access.role !== "SelfService") {
    const companyValues = await scope.rows(
      caseValues,
      and(eq(caseValues.payrollId, payroll.id), isNull(caseValues.employeeId)),
    );
    items.push(
      ...toItems(
        null,
        missingOf(
          catalog.cases.filter((c) => c.scope === "company"),
          companyValues,
          date,
          new Set(),
        ),
      ),
    );
  }
  const staff = only.employeeId
    ? [await findVisibleEmployee(scope, ctx, only.employeeId, { payrollId: payroll.id })]
    : await scope.rows(employees, and(eq(employees.divisionId, payroll.divisionId), visibleEmployees(ctx, scope)));
  const employment = await employmentOf(
    scope,
    staff.map((e) => e.id),
    date,
  );
  // Self Service sees (and can complete) only the ESS and ECT cases of their own record (contract 9b).
  const employeeCases = catalog.cases.filter(
    (c) => c.scope === "employee" && (ctx.access.role !== "SelfService" || isSelfServiceCase(c)),
  );
  const values = await scope.rows(caseValues, eq(caseValues.payrollId, payroll.id));
  for (const employee of staff) {
    if (employment.get(employee.id)?.employed === false && !only.employeeId) continue; // former employees need nothing more
    const own = values.filter((v) => v.employeeId === employee.id);
    items.push(...toItems(employee.id, missingOf(employeeCases, own, date, employeeRequired)));
  }
  return { valueDate: date, items };
}

/**
 * One page of missing data: the company's cases first, then each employee's by employee id, each
 * subject's by case name; keyed, so that data completed between two pages hides nothing else.
 * Without a page: every item, in the catalog's order per subject (the console's screens).
 */
function pageOfMissing({ valueDate, items }: { valueDate: string; items: MissingCase[] }, page: PageQuery | undefined) {
  // "" sorts before every employee id, and "/" before every character of a case name's.
  return { valueDate, ...pageOf(items, page, { keyOf: (item) => `${item.employeeId ?? ""}/${item.caseName}` }) };
}

/** Required fields without a value, for the company and every current employee, grouped by case. */
export async function payrollMissingData({
  ctx,
  payrollId,
  valueDate,
  page,
}: {
  ctx: TenantCtx;
  payrollId: string;
  valueDate?: string;
  page?: PageQuery;
}) {
  const regulations = await storedRegulations();
  const missing = await inTenant(ctx, async (scope) =>
    missingForPayroll(scope, ctx, regulations, await findVisiblePayroll(scope, ctx, payrollId), { asked: valueDate }),
  );
  return pageOfMissing(missing, page);
}

export async function employeeMissingData({
  ctx,
  payrollId,
  employeeId,
  valueDate,
  page,
}: {
  ctx: TenantCtx;
  payrollId: string;
  employeeId: string;
  valueDate?: string;
  page?: PageQuery;
}) {
  const regulations = await storedRegulations();
  const missing = await inTenant(ctx, async (scope) =>
    missingForPayroll(scope, ctx, regulations, await findVisiblePayroll(scope, ctx, payrollId), {
      employeeId,
      asked: valueDate,
    }),
  );
  return pageOfMissing(missing, page);
}
