import "server-only";
import { eq, sql } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { payrolls } from "../db/schema";
import { inTenant } from "../db/tenant-scope";
import { Conflict, Invalid } from "../errors";
import { checkIfMatch } from "../http/etag";
import { findOpenPeriod } from "./open-period";
import { findVisiblePayroll } from "./get-payroll";
import { toPayroll, type UpdatePayroll } from "./schemas";

/**
 * Changes name, document language and go-live (transmissionStartDate). accountingStartDate is
 * fixed: only the rebase function moves it. Go-live is one-way.
 */
export async function updatePayroll({
  ctx,
  payrollId,
  input,
  ifMatch,
}: {
  ctx: TenantCtx;
  payrollId: string;
  input: UpdatePayroll;
  ifMatch: string | null;
}) {
  return inTenant(ctx, async (scope) => {
    const current = await findVisiblePayroll(scope, ctx, payrollId, { lock: true });
    checkIfMatch(ifMatch, current);
    if (input.accountingStartDate !== undefined && input.accountingStartDate !== current.accountingStartDate) {
      throw new Conflict(
        "payroll.accounting_start_fixed",
        "accountingStartDate is fixed once the payroll exists. Use POST /tenants/{orgId}/payrolls/{payrollId}/rebase (before go-live) to move it later.",
        { rebase: `/api/tenants/${ctx.tenantId}/payrolls/${payrollId}/rebase` },
      );
    }
    let transmissionStartDate = current.transmissionStartDate;
    if (input.transmissionStartDate !== undefined && input.transmissionStartDate !== current.transmissionStartDate) {
      if (current.transmissionStartDate !== null) {
        throw new Conflict(
          "payroll.live",
          `The payroll went live on ${current.transmissionStartDate}; go-live cannot be moved or reverted.`,
        );
      }
      if (input.transmissionStartDate !== null) {
        const open = await findOpenPeriod(scope, payrollId);
        const earliest = open?.periodStart ?? current.accountingStartDate;
        if (input.transmissionStartDate < earliest) {
          throw Invalid.field(
            "transmissionStartDate",
            `Go-live cannot be before the open period (${earliest}); close the catch-up periods first.`,
            "payroll.transmission_before_open_period",
          );
        }
        transmissionStartDate = input.transmissionStartDate;
      }
    }
    const [row] = await scope.update(
      payrolls,
      {
        name: input.name ?? current.name,
        documentLanguage: input.documentLanguage ?? current.documentLanguage,
        transmissionStartDate,
        version: sql`${payrolls.version} + 1`,
        updatedAt: new Date(),
      },
      eq(payrolls.id, current.id),
    );
    return { payroll: toPayroll(row!), version: row!.version };
  });
}
