import "server-only";
import type { TenantCtx } from "@/server/context";
import { listPayrolls } from "@/server/payrolls/get-payroll";
import { countOpenTasks } from "@/server/tasks/read-tasks";

/** How many tasks of the tenant's payroll (as the caller sees it) are open: the menu's count. */
export async function openTaskCount(ctx: TenantCtx): Promise<number> {
  const { items } = await listPayrolls({ ctx, input: { limit: 1 } });
  const payroll = items[0];
  return payroll ? countOpenTasks({ ctx, payrollId: payroll.id }) : 0;
}
