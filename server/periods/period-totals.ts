import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { payrunEntries, payrunPeriods } from "../db/schema";
import { inTenant } from "../db/tenant-scope";
import { formatRappen } from "../money/rappen";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import { toPayrunPeriod } from "./list-periods";

/**
 * Gross, net and employer cost (gross plus employer contributions) of every period of the
 * payroll, summed in the database in Rappen: what the close screen compares the open period with.
 */
export async function periodTotals({ ctx, payrollId }: { ctx: TenantCtx; payrollId: string }) {
  return inTenant(ctx, async (scope) => {
    await findVisiblePayroll(scope, ctx, payrollId);
    const periods = await scope.rows(payrunPeriods, eq(payrunPeriods.payrollId, payrollId), {
      orderBy: [asc(payrunPeriods.periodStart)],
    });
    const sums = await scope
      .select({
        payrunPeriodId: payrunEntries.payrunPeriodId,
        gross: sql<string>`coalesce(sum(${payrunEntries.gross}), 0)::bigint`,
        net: sql<string>`coalesce(sum(${payrunEntries.net}), 0)::bigint`,
        employer: sql<string>`coalesce(sum(coalesce((${payrunEntries.collectors} ->> 'EmployerContributions')::bigint, 0)), 0)::bigint`,
        employees: sql<string>`count(*) filter (where ${payrunEntries.employed})`,
      })
      .from(payrunEntries)
      .where(eq(payrunEntries.payrollId, payrollId))
      .groupBy(payrunEntries.payrunPeriodId);
    const byPeriod = new Map(sums.map((s) => [s.payrunPeriodId, s]));
    return periods.map((period) => {
      const sum = byPeriod.get(period.id);
      const gross = Number(sum?.gross ?? 0);
      const net = Number(sum?.net ?? 0);
      const employerCost = gross + Number(sum?.employer ?? 0);
      return {
        ...toPayrunPeriod(period),
        employees: Number(sum?.employees ?? 0),
        rappen: { gross, net, employerCost },
        gross: formatRappen(gross),
        net: formatRappen(net),
        employerCost: formatRappen(employerCost),
      };
    });
  });
}
