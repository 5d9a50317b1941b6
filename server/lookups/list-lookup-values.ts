import "server-only";
import { and, asc, gt } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { lookupValues } from "../db/schema";
import { inTenant } from "../db/tenant-scope";
import { decodeCursor, toPage } from "../http/pagination";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import { maintainedValues, toLookupValue, wageTypesByAccount } from "./maintained";
import type { ListLookupValuesQuery } from "./schemas";

/**
 * The payroll's own lookup values: the chart of accounts of its current accountingData
 * regulation (each account with the wage types mapped to it) and its cost centers.
 */
export async function listLookupValues({
  ctx,
  payrollId,
  input,
}: {
  ctx: TenantCtx;
  payrollId: string;
  input: ListLookupValuesQuery;
}) {
  const after = decodeCursor(input.cursor);
  return inTenant(ctx, async (scope) => {
    const payroll = await findVisiblePayroll(scope, ctx, payrollId);
    const rows = await scope.rows(
      lookupValues,
      and(maintainedValues(payroll, input.lookupName), after ? gt(lookupValues.id, after) : undefined),
      {
        orderBy: [asc(lookupValues.id)],
        limit: input.limit + 1,
      },
    );
    const usedBy = await wageTypesByAccount(scope, payroll.id);
    return toPage(rows, input.limit, (row) => toLookupValue(row, usedBy(row.id)));
  });
}
