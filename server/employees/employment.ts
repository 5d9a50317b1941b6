import "server-only";
import { and, inArray, sql, type SQL } from "drizzle-orm";
import { todayInZurich } from "../dates";
import { caseValues, employees } from "../db/schema";
import type { TenantScope } from "../db/tenant-scope";
import { lastRecorded, valueInForce } from "../cases/in-force";
import { inForceFirst } from "../cases/in-force-sql";

export type Employment = { employed: boolean; entryDate: string | null; exitDate: string | null };

const EMPLOYMENT_FIELDS = ["EntryDate", "ExitDate"];

/** An employee whose exit date has passed is former. */
const employmentFrom = (entryDate: string | null, exitDate: string | null, today: string): Employment => ({ entryDate, exitDate, employed: !(exitDate !== null && exitDate < today) });

/**
 * Employment follows from the Employment case: the entry and exit dates in force today (or, for a
 * date recorded ahead, the latest recorded). An employee whose exit date has passed is former.
 */
export async function employmentOf(scope: TenantScope, employeeIds?: string[], today = todayInZurich()): Promise<Map<string, Employment>> {
  if (employeeIds && !employeeIds.length) return new Map(); // nobody's: nothing to read
  const condition: SQL | undefined = employeeIds ? inArray(caseValues.employeeId, employeeIds) : undefined;
  const values = await scope.rows(caseValues, and(inArray(caseValues.fieldName, EMPLOYMENT_FIELDS), condition));
  const byEmployee = new Map<string, Map<string, typeof values>>();
  for (const value of values) {
    if (!value.employeeId) continue;
    const fields = byEmployee.get(value.employeeId) ?? new Map<string, typeof values>();
    fields.set(value.fieldName, [...(fields.get(value.fieldName) ?? []), value]);
    byEmployee.set(value.employeeId, fields);
  }
  const result = new Map<string, Employment>();
  for (const [employeeId, fields] of byEmployee) {
    const pick = (name: string) => {
      const history = fields.get(name) ?? [];
      const current = valueInForce(history, today) ?? lastRecorded(history);
      return current?.value ?? null;
    };
    result.set(employeeId, employmentFrom(pick("EntryDate"), pick("ExitDate"), today));
  }
  return result;
}

export const NOT_RECORDED: Employment = { employed: true, entryDate: null, exitDate: null };

/**
 * One Employment field of the employee row being read, as employmentOf decides it, inside the query that
 * reads the employees: the value in force at `today` among the employee's values in the payroll of its
 * division (a division has one payroll, and case values are only recorded for employees of the payroll's
 * division: server/cases/post-case-change.ts), so that the lookup follows case_values_lookup_idx.
 * Written with its own aliases: drizzle leaves column names unqualified in a select list.
 */
function employmentField(scope: TenantScope, field: string, today: string): SQL<string | null> {
  return sql<string | null>`(select cv."value" from "case_values" cv inner join "payrolls" p on p."tenant_id" = cv."tenant_id" and p."id" = cv."payroll_id"
    where cv."tenant_id" = ${scope.tenantId} and p."division_id" = "employees"."division_id" and cv."employee_id" = "employees"."id" and cv."field_name" = ${field}
    order by ${inForceFirst("cv", today)} limit 1)`;
}

/**
 * Employees with their employment, in one query: `where` over the employees table (scoped to the tenant
 * here), former employees left out with `hideFormer`. Nothing is read twice and no case value leaves the
 * database.
 */
export async function employeesWithEmployment(
  scope: TenantScope,
  where: SQL | undefined,
  { hideFormer = false, orderBy = [], limit, today = todayInZurich() }: { hideFormer?: boolean; orderBy?: SQL[]; limit?: number; today?: string } = {},
) {
  const entryDate = employmentField(scope, "EntryDate", today);
  const exitDate = employmentField(scope, "ExitDate", today);
  // Dates are compared as strings (server/dates.ts), byte by byte as JavaScript does.
  const former = sql`coalesce(${exitDate} collate "C" < ${today}, false)`;
  let query = scope.tx
    .select({ employee: employees, entryDate, exitDate })
    .from(employees)
    .where(scope.where(employees, where, hideFormer ? sql`not ${former}` : undefined))
    .orderBy(...orderBy)
    .$dynamic();
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query;
  return rows.map(({ employee, entryDate, exitDate }) => ({ ...employee, employment: employmentFrom(entryDate, exitDate, today) }));
}
