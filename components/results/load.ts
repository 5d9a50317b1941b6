import "server-only";
import type { TenantCtx } from "@/server/context";
import { NotFound } from "@/server/errors";
import { getPayrunPeriod } from "@/server/periods/list-periods";
import { controlling, getEntry, listEntries } from "@/server/results/read-entries";

/** The open payrun period, or null when there is none. */
export async function openPeriodOf(ctx: TenantCtx, payrollId: string) {
  return getPayrunPeriod({ ctx, payrollId, payrunPeriodId: "open" }).catch((error: unknown) => {
    if (error instanceof NotFound) return null;
    throw error;
  });
}

/** One employee's entry of the open period with explanations, and the number of its blocking items. */
export async function openPayslipOf(ctx: TenantCtx, payrollId: string, employeeId: string) {
  const period = await openPeriodOf(ctx, payrollId);
  if (!period) return { period: null, entry: null, blockingItems: 0 };
  const [{ items }, control] = await Promise.all([listEntries({ ctx, payrollId, payrunPeriodId: period.id }), controlling({ ctx, payrollId, payrunPeriodId: period.id })]);
  const summary = items.find((e) => e.employeeId === employeeId);
  const entry = summary ? await getEntry({ ctx, payrollId, payrunPeriodId: period.id, entryId: summary.id, explain: true }) : null;
  const blockingItems = control.items.find((i) => i.employeeId === employeeId)?.items.filter((i) => i.blocking).length ?? 0;
  return { period, entry, blockingItems };
}
