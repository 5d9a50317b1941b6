import "server-only";
import { inArray } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { toCaseDefinition } from "../cases/to-output";
import { caseChanges } from "../db/schema";
import { inTenant } from "../db/tenant-scope";
import { isUuid } from "../ids";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import { storedRegulations, versionInForce } from "../regulations/store";

/**
 * The names a payroll's results speak of (cases with their fields, lookups, parameters with their
 * units), from its country and industry regulations in force on date: for the console to show
 * the explanation of a line and the Payroll Control items by display names.
 */
export async function payrollNames({ ctx, payrollId, date }: { ctx: TenantCtx; payrollId: string; date: string }) {
  const [regulations, payroll] = await Promise.all([storedRegulations(), inTenant(ctx, (scope) => findVisiblePayroll(scope, ctx, payrollId))]);
  const versions = [payroll.countryRegulation, ...payroll.industries].flatMap((name) => {
    const regulation = regulations.get(name);
    const version = regulation ? versionInForce(regulation, date) : null;
    return version ? [version] : [];
  });
  return {
    cases: versions.flatMap((v) => v.cases.map(toCaseDefinition)),
    lookups: versions.flatMap((v) => v.lookups.map((l) => ({ name: l.name, displayName: l.displayName }))),
    parameters: versions.flatMap((v) => v.parameters.map((p) => ({ key: p.key, unit: p.unit }))),
    wageTypes: versions.flatMap((v) => v.wageTypes.map((w) => ({ number: w.number, name: w.name }))),
    collectors: versions.flatMap((v) => v.collectors.map((c) => ({ name: c.name, displayName: c.displayName }))),
  };
}

/** When each of the given case changes of the payroll was recorded (ISO instants), by id. */
export async function caseChangesRecordedAt({ ctx, payrollId, caseChangeIds }: { ctx: TenantCtx; payrollId: string; caseChangeIds: string[] }) {
  const ids = [...new Set(caseChangeIds)].filter(isUuid);
  if (!ids.length) return new Map<string, string>();
  return inTenant(ctx, async (scope) => {
    await findVisiblePayroll(scope, ctx, payrollId);
    const rows = await scope.rows(caseChanges, inArray(caseChanges.id, ids));
    // An employee's reported change is recorded (its values known to the service) when HR approved it.
    return new Map(rows.filter((r) => r.payrollId === payrollId).map((r) => [r.id, (r.status === "approved" && r.decidedAt ? r.decidedAt : r.createdAt).toISOString()]));
  });
}
