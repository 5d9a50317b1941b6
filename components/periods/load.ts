import "server-only";
import type { TenantCtx } from "@/server/context";
import { listAllEmployees } from "@/server/employees/list-employees";
import { NotFound } from "@/server/errors";
import { getPayrunPeriod } from "@/server/periods/list-periods";

/** Employee id -> "Müller, Lea (1001)" for every employee, former ones too (their payslips stay). */
export async function employeeNames(ctx: TenantCtx, pageSize?: number): Promise<Record<string, string>> {
  const staff = await listAllEmployees({ ctx, pageSize });
  return Object.fromEntries(staff.map((e) => [e.id, `${e.lastName}, ${e.firstName} (${e.identifier})`]));
}

/** A payrun period by id, or null when there is none by that id (a stale or mistyped link). */
export async function periodOrNull(ctx: TenantCtx, payrollId: string, payrunPeriodId: string) {
  return getPayrunPeriod({ ctx, payrollId, payrunPeriodId }).catch((error: unknown) => {
    if (error instanceof NotFound) return null;
    throw error;
  });
}
