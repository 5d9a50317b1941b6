import "server-only";
import { and, inArray, type SQL } from "drizzle-orm";
import { todayInZurich } from "../dates";
import { caseValues } from "../db/schema";
import type { TenantScope } from "../db/tenant-scope";
import { valueInForce } from "../cases/in-force";

export type Employment = { employed: boolean; entryDate: string | null; exitDate: string | null };

const EMPLOYMENT_FIELDS = ["EntryDate", "ExitDate"];

/**
 * Employment follows from the Employment case: the entry and exit dates in force today (or, for a
 * date recorded ahead, the latest recorded). An employee whose exit date has passed is former.
 */
export async function employmentOf(scope: TenantScope, employeeIds?: string[], today = todayInZurich()): Promise<Map<string, Employment>> {
  const condition: SQL | undefined = employeeIds ? inArray(caseValues.employeeId, employeeIds.length ? employeeIds : ["00000000-0000-0000-0000-000000000000"]) : undefined;
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
      const current = valueInForce(history, today) ?? [...history].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
      return current?.value ?? null;
    };
    const entryDate = pick("EntryDate");
    const exitDate = pick("ExitDate");
    result.set(employeeId, { entryDate, exitDate, employed: !(exitDate !== null && exitDate < today) });
  }
  return result;
}

export const NOT_RECORDED: Employment = { employed: true, entryDate: null, exitDate: null };
