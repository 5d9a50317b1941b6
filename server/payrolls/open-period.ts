import "server-only";
import { and, eq } from "drizzle-orm";
import { monthEnd } from "../dates";
import { payrunPeriods } from "../db/schema";
import type { TenantScope } from "../db/tenant-scope";
import { newId } from "../ids";

/** Opens the monthly payrun period that starts on `periodStart` (the 1st of a month). */
export async function openPeriod(scope: TenantScope, payrollId: string, periodStart: string) {
  return scope.insert(payrunPeriods, {
    id: newId(),
    payrollId,
    periodStart,
    periodEnd: monthEnd(periodStart),
    status: "open",
  });
}

export async function findOpenPeriod(scope: TenantScope, payrollId: string) {
  return scope.first(payrunPeriods, and(eq(payrunPeriods.payrollId, payrollId), eq(payrunPeriods.status, "open")));
}
