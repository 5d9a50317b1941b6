import "server-only";
import type { TenantCtx } from "@/server/context";
import { listEmployees } from "@/server/employees/list-employees";
import { ListEmployeesQuery } from "@/server/employees/schemas";
import { NotFound } from "@/server/errors";
import { getPayrunPeriod } from "@/server/periods/list-periods";

/** Employee id -> "Müller, Lea (1001)" for every employee, former ones too (their payslips stay). */
export async function employeeNames(ctx: TenantCtx): Promise<Record<string, string>> {
  const names: Record<string, string> = {};
  let cursor: string | undefined;
  do {
    const page = await listEmployees({
      ctx,
      input: ListEmployeesQuery.parse({ includeFormer: "true", limit: "500", cursor }),
    });
    for (const e of page.items) names[e.id] = `${e.lastName}, ${e.firstName} (${e.identifier})`;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return names;
}

/** A payrun period by id, or null when there is none by that id (a stale or mistyped link). */
export async function periodOrNull(ctx: TenantCtx, payrollId: string, payrunPeriodId: string) {
  return getPayrunPeriod({ ctx, payrollId, payrunPeriodId }).catch((error: unknown) => {
    if (error instanceof NotFound) return null;
    throw error;
  });
}
