import "server-only";
import { inArray } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { caseChanges } from "../db/schema";
import { inTenant } from "../db/tenant-scope";
import { isUuid } from "../ids";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import { storedRegulations, versionInForce } from "../regulations/store";
import { regulationNames } from "./names";

/**
 * The names a payroll's results speak of (cases with their fields, lookups, parameters with their
 * units and display names), from its country and industry regulations in force on date: for the
 * console to show the explanation of a line and the Payroll Control items by display names
 * (regulationNames, server/results/names.ts).
 */
export async function payrollNames({ ctx, payrollId, date }: { ctx: TenantCtx; payrollId: string; date: string }) {
  const [regulations, payroll] = await Promise.all([
    storedRegulations(),
    inTenant(ctx, (scope) => findVisiblePayroll(scope, ctx, payrollId)),
  ]);
  const used = [payroll.countryRegulation, ...payroll.industries].flatMap((name) => {
    const regulation = regulations.get(name);
    return regulation ? [regulation] : [];
  });
  const inForce = used.flatMap((regulation) => {
    const version = versionInForce(regulation, date);
    return version ? [version] : [];
  });
  const elsewhere = used.flatMap((regulation) =>
    [...regulation.versions].reverse().filter((v) => !inForce.includes(v)),
  );
  return regulationNames(inForce, elsewhere);
}

/** When each of the given case changes of the payroll was recorded (ISO instants), by id. */
export async function caseChangesRecordedAt({
  ctx,
  payrollId,
  caseChangeIds,
}: {
  ctx: TenantCtx;
  payrollId: string;
  caseChangeIds: string[];
}) {
  const ids = [...new Set(caseChangeIds)].filter(isUuid);
  if (!ids.length) return new Map<string, string>();
  return inTenant(ctx, async (scope) => {
    await findVisiblePayroll(scope, ctx, payrollId);
    const rows = await scope.rows(caseChanges, inArray(caseChanges.id, ids));
    // An employee's reported change is recorded (its values known to the service) when HR approved it.
    return new Map(
      rows
        .filter((r) => r.payrollId === payrollId)
        .map((r) => [r.id, (r.status === "approved" && r.decidedAt ? r.decidedAt : r.createdAt).toISOString()]),
    );
  });
}
