import "server-only";
import { eq } from "drizzle-orm";
import type { TenantCtx } from "../../context";
import { payrunEntries } from "../../db/schema";
import { inTenant } from "../../db/tenant-scope";
import { findVisiblePayroll } from "../../payrolls/get-payroll";
import { findPayrunPeriod } from "../../periods/list-periods";
import { nextBankBusinessDay } from "./calendar";
import { loadCreditors, loadDebtor, type BlockingItem } from "./parties";

/**
 * What keeps the payment file from paying the open period's employees (and the company from paying
 * at all), checked as a payout on the next bank business day would: the Payouts screen shows it
 * before anyone confirms, beside the Payroll Control items. Reads only.
 */
export async function paymentFileBlockers({
  ctx,
  payrollId,
  payrunPeriodId,
  now = new Date(),
}: {
  ctx: TenantCtx;
  payrollId: string;
  payrunPeriodId: string;
  now?: Date;
}) {
  return inTenant(ctx, async (scope) => {
    const payroll = await findVisiblePayroll(scope, ctx, payrollId);
    const period = await findPayrunPeriod(scope, payrollId, payrunPeriodId);
    const executionDate = nextBankBusinessDay(now);
    const entries = await scope
      .select({ employeeId: payrunEntries.employeeId })
      .from(payrunEntries)
      .where(eq(payrunEntries.payrunPeriodId, period.id));
    const creditors = await loadCreditors(
      scope,
      payrollId,
      entries.map((e) => e.employeeId),
      executionDate,
      period.periodEnd,
    );
    const employeesBlocked = new Map<string, BlockingItem[]>();
    for (const [employeeId, creditor] of creditors)
      if ("missing" in creditor) employeesBlocked.set(employeeId, creditor.missing);
    const company = await loadDebtor(scope, payrollId, payroll.name, executionDate, period.periodEnd);
    return { company: company.missing, employees: employeesBlocked };
  });
}
