import "server-only";
import { and, desc, eq, ne } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { payoutLines, payouts, payrunPeriods } from "../db/schema";
import { inTenant } from "../db/tenant-scope";
import { NotFound } from "../errors";
import { compactIban } from "../regulations/catalog/identifiers";
import { formatRappen } from "../money/rappen";
import { findVisiblePayroll } from "../payrolls/get-payroll";

/**
 * One employee's payouts of every period, newest first, as their payslips show them: the payouts
 * that are not cancelled, with execution date, amount and the IBAN paid to (null: recorded as paid
 * outside the service). Self Service reads only their own (another employee is a 404).
 */
export async function employeePayouts({
  ctx,
  payrollId,
  employeeId,
}: {
  ctx: TenantCtx;
  payrollId: string;
  employeeId: string;
}) {
  if (ctx.access.role === "SelfService" && ctx.access.employeeId !== employeeId) throw new NotFound("employee");
  return inTenant(ctx, async (scope) => {
    await findVisiblePayroll(scope, ctx, payrollId);
    const rows = await scope
      .select({
        id: payoutLines.id,
        amount: payoutLines.amount,
        iban: payoutLines.iban,
        external: payouts.external,
        executionDate: payouts.executionDate,
        payrunPeriodId: payoutLines.payrunPeriodId,
        periodStart: payrunPeriods.periodStart,
      })
      .from(payoutLines)
      .innerJoin(payouts, eq(payouts.id, payoutLines.payoutId))
      .innerJoin(payrunPeriods, eq(payrunPeriods.id, payoutLines.payrunPeriodId))
      .where(
        and(
          eq(payoutLines.payrollId, payrollId),
          eq(payoutLines.employeeId, employeeId),
          ne(payouts.status, "cancelled"),
        ),
      )
      .orderBy(desc(payouts.executionDate), desc(payoutLines.id));
    return {
      items: rows.map((row) => ({
        id: row.id,
        payrunPeriodId: row.payrunPeriodId,
        periodStart: row.periodStart,
        executionDate: row.executionDate,
        amount: formatRappen(row.amount),
        iban: row.external || row.iban === null ? null : compactIban(row.iban),
      })),
    };
  });
}
