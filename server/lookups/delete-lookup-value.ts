import "server-only";
import { and, eq, isNotNull } from "drizzle-orm";
import { valueInForce } from "../bitemporal/in-force";
import type { TenantCtx } from "../context";
import { todayInZurich } from "../dates";
import { caseValues, lookupValues } from "../db/schema";
import { inTenant, type TenantScope } from "../db/tenant-scope";
import { Conflict } from "../errors";
import { storedRegulations } from "../regulations/store";
import { ACCOUNTS, type DeletedLookupValue } from "./schemas";
import { assertMaintained, findLookupValue, findRegulation, toLookupValue, wageTypesByAccount } from "./maintained";

/** The employee case field that assigns a cost center (CH case catalog, case CostCenter). */
const COST_CENTER_FIELD = "CostCenter";

/**
 * Chart of accounts: only client-added accounts, and only while no wage type maps to them
 * (interface Lookups rule 2). Cost centers: always deleted, without checking references (rule 4);
 * the answer names the employees whose cost center in force today is the deleted one.
 */
export async function deleteLookupValue({
  ctx,
  regulationId,
  lookupId,
  lookupValueId,
}: {
  ctx: TenantCtx;
  regulationId: string;
  lookupId: string;
  lookupValueId: string;
}): Promise<DeletedLookupValue> {
  const regulations = await storedRegulations();
  const regulation = findRegulation(regulations, regulationId);
  return inTenant(ctx, async (scope) => {
    const { row, payroll } = await findLookupValue(scope, ctx, regulation, lookupId, lookupValueId);
    const kind = assertMaintained(payroll, row.regulationName, row.lookupName);
    if (kind === ACCOUNTS) {
      if (!row.clientAdded) {
        throw new Conflict(
          "lookup.account_not_client_added",
          `Account ${row.key} comes from the chart of accounts ${row.regulationName}; only accounts the client added can be deleted. It can be renamed or renumbered instead.`,
          { key: row.key },
        );
      }
      const usedBy = (await wageTypesByAccount(scope, payroll.id, row.id))(row.id);
      if (usedBy.length) {
        throw new Conflict(
          "lookup.account_in_use",
          `Account ${row.key} is used by the wage type mapping of ${usedBy.join(", ")}; map those wage types to another account first.`,
          { key: row.key, wageTypes: usedBy },
        );
      }
      await scope.delete(lookupValues, eq(lookupValues.id, row.id));
      return { deleted: toLookupValue(row, []), warning: null, employees: [] };
    }
    await scope.delete(lookupValues, eq(lookupValues.id, row.id));
    const employees = await employeesWithCostCenter(scope, payroll.id, row.key);
    const warning = employees.length
      ? `Cost center ${row.key} was deleted. ${employees.length} employee(s) still have it as their cost center in force today; references were not checked and nothing else was changed. Record another CostCenter for them.`
      : `Cost center ${row.key} was deleted. No employee has it as their cost center in force today; references are not checked and nothing else was changed.`;
    return { deleted: toLookupValue(row), warning, employees };
  });
}

/** Employees of the payroll whose CostCenter case value in force today is the key. */
async function employeesWithCostCenter(scope: TenantScope, payrollId: string, key: string) {
  const values = await scope.rows(
    caseValues,
    and(
      eq(caseValues.payrollId, payrollId),
      eq(caseValues.fieldName, COST_CENTER_FIELD),
      isNotNull(caseValues.employeeId),
    ),
  );
  const byEmployee = new Map<string, typeof values>();
  for (const value of values) byEmployee.set(value.employeeId!, [...(byEmployee.get(value.employeeId!) ?? []), value]);
  const today = todayInZurich();
  return [...byEmployee.entries()]
    .filter(([, history]) => valueInForce(history, today)?.value === key)
    .map(([employeeId]) => ({ employeeId }))
    .sort((a, b) => a.employeeId.localeCompare(b.employeeId));
}
