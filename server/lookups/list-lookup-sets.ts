import "server-only";
import { asc } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { todayInZurich } from "../dates";
import { payrolls } from "../db/schema";
import { inTenant } from "../db/tenant-scope";
import { NotFound } from "../errors";
import { pageOf, type PageQuery } from "../http/pagination";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import { visiblePayrolls } from "../payrolls/visibility";
import { regulationIdOf, storedRegulations, versionInForce } from "../regulations/store";
import { regulationDate } from "./initialize-chart";
import { findRegulation } from "./maintained";
import type { LookupSet } from "./schemas";

/**
 * A regulation's lookup sets as the regulation ships them, from the version in force at the
 * payroll's open period (today while the tenant has no payroll yet). The payroll's own copies
 * (chart of accounts, cost centers) are GET /payrolls/{payrollId}/lookups/values. With a page:
 * `limit` sets by name after the cursor's; without, every set in the regulation's order.
 */
export async function listLookupSets({
  ctx,
  regulationId,
  payrollId,
  page,
}: {
  ctx: TenantCtx;
  regulationId: string;
  payrollId?: string;
  page?: PageQuery;
}) {
  const regulations = await storedRegulations();
  const regulation = findRegulation(regulations, regulationId);
  const date = await inTenant(ctx, async (scope) => {
    const payroll = payrollId
      ? await findVisiblePayroll(scope, ctx, payrollId)
      : await scope.first(payrolls, visiblePayrolls(ctx), { orderBy: [asc(payrolls.id)] });
    if (payroll) return regulationDate(scope, payroll);
    if (ctx.access.role === "Manager") throw new NotFound("payroll"); // a Manager reads lookups for assigned payrolls only
    return todayInZurich();
  });
  const version = versionInForce(regulation, date) ?? regulation.versions[0];
  if (!version) throw new NotFound("regulation");
  const items: LookupSet[] = version.lookups.map((lookup) => ({
    id: lookup.name,
    name: lookup.name,
    displayName: lookup.displayName,
    values: lookup.values.map((v) => ({ key: v.key, value: v.value, displayName: v.displayName ?? null })),
  }));
  return {
    regulationId: regulationIdOf(regulation.name),
    regulationName: regulation.name,
    validFrom: version.validFrom,
    ...pageOf(items, page, { keyOf: (set) => set.name }),
  };
}
