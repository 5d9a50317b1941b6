import "server-only";
import { and, asc, eq, gt, ilike, inArray, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { todayInZurich } from "../dates";
import { caseValues, employees } from "../db/schema";
import { tenantRead, type TenantScope } from "../db/tenant-scope";
import { visibilityValues, visibleEmployeesRead, type VisibilityValues } from "./visibility";
import { lastRecorded, valueInForce } from "../bitemporal/in-force";
import { inForceFirst } from "../bitemporal/in-force-sql";

export type Employment = { employed: boolean; entryDate: string | null; exitDate: string | null };

const EMPLOYMENT_FIELDS = ["EntryDate", "ExitDate"];

/** An employee whose exit date has passed is former. */
const employmentFrom = (entryDate: string | null, exitDate: string | null, today: string): Employment => ({
  entryDate,
  exitDate,
  employed: !(exitDate !== null && exitDate < today),
});

/**
 * Employment follows from the Employment case: the entry and exit dates in force today (or, for a
 * date recorded ahead, the latest recorded). An employee whose exit date has passed is former.
 */
export async function employmentOf(
  scope: TenantScope,
  employeeIds?: string[],
  today = todayInZurich(),
): Promise<Map<string, Employment>> {
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
function employmentField(field: string, today: SQLWrapper): SQL<string | null> {
  return sql<
    string | null
  >`(select cv."value" from "case_values" cv inner join "payrolls" p on p."tenant_id" = cv."tenant_id" and p."id" = cv."payroll_id"
    where cv."tenant_id" = ${sql.placeholder("tenantId")} and p."division_id" = "employees"."division_id" and cv."employee_id" = "employees"."id" and cv."field_name" = ${field}
    order by ${inForceFirst("cv", today)} limit 1)`;
}

/** The employee row's entry and exit dates (employmentField) at `today` (a value or a column), as columns of a query over employees. */
export const employmentColumns = (today: SQLWrapper) => ({
  entryDate: employmentField("EntryDate", today),
  exitDate: employmentField("ExitDate", today),
});

type EmployeeValues = VisibilityValues & {
  today: string;
  employeeId: string;
  divisionId: string;
  search: string;
  after: string;
  limit: number;
};
/** Which of the filters a read uses: each combination is one prepared query (variant), none of them with optional branches. */
type EmployeeFilters = {
  role: string;
  employeeId: boolean;
  divisionId: boolean;
  search: boolean;
  after: boolean;
  hideFormer: boolean;
  limit: boolean;
};

const employeesRead = tenantRead<EmployeeValues>()("employees.with_employment", (db, p, variant) => {
  const f = JSON.parse(variant) as EmployeeFilters;
  const { entryDate, exitDate } = employmentColumns(p.value("today"));
  // Dates are compared as strings (server/dates.ts), byte by byte as JavaScript does.
  const former = sql`coalesce(${exitDate} collate "C" < ${p.value("today")}::text, false)`;
  const search = p.value("search");
  const query = db
    .select({ employee: employees, entryDate, exitDate })
    .from(employees)
    .where(
      and(
        p.tenant(employees),
        visibleEmployeesRead(p, f.role),
        f.employeeId ? eq(employees.id, p.value("employeeId")) : undefined,
        f.divisionId ? eq(employees.divisionId, p.value("divisionId")) : undefined,
        f.search
          ? or(
              ilike(employees.identifier, search),
              ilike(employees.firstName, search),
              ilike(employees.lastName, search),
            )
          : undefined,
        f.after ? gt(employees.id, p.value("after")) : undefined,
        f.hideFormer ? sql`not ${former}` : undefined,
      ),
    )
    .orderBy(asc(employees.id))
    .$dynamic();
  return f.limit ? query.limit(p.value("limit")) : query;
});

/**
 * Employees with their employment, in one query: those the caller sees (all without ctx), narrowed by
 * the given filters (search is an ILIKE pattern), in id order, former employees left out with
 * `hideFormer`. Nothing is read twice and no case value leaves the database.
 */
export async function employeesWithEmployment(
  scope: TenantScope,
  {
    ctx,
    employeeId,
    divisionId,
    search,
    after,
    hideFormer = false,
    limit,
    today = todayInZurich(),
  }: {
    ctx?: TenantCtx;
    employeeId?: string;
    divisionId?: string;
    search?: string | null;
    after?: string | null;
    hideFormer?: boolean;
    limit?: number;
    today?: string;
  } = {},
) {
  const filters: EmployeeFilters = {
    role: ctx?.access.role ?? "Administrator",
    employeeId: !!employeeId,
    divisionId: !!divisionId,
    search: !!search,
    after: !!after,
    hideFormer,
    limit: limit !== undefined,
  };
  const values: EmployeeValues = {
    ...(ctx ? visibilityValues(ctx) : { assigned: [], self: "" }),
    today,
    employeeId: employeeId ?? "",
    divisionId: divisionId ?? "",
    search: search ?? "",
    after: after ?? "",
    limit: limit ?? 0,
  };
  const rows = await scope.read(employeesRead, values, JSON.stringify(filters));
  return rows.map(({ employee, entryDate, exitDate }) => ({
    ...employee,
    employment: employmentFrom(entryDate, exitDate, today),
  }));
}
