import "server-only";
import { eq, sql } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { payrolls } from "../db/schema";
import { inTenant, type TenantScope } from "../db/tenant-scope";
import { Conflict, Invalid } from "../errors";
import { initializeChart } from "../lookups/initialize-chart";
import { checkIfMatch } from "../http/etag";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import type { AssignRegulations } from "../regulations/schemas";
import { regulationsOf } from "../regulations/available";
import { recalculateOpenPeriod } from "../results/recalculate";
import { storedRegulations, type Regulations } from "../regulations/store";

type PayrollRow = typeof payrolls.$inferSelect;

function checkChoice(regulations: Regulations, field: string, name: string, kind: string, country: string) {
  const regulation = regulations.get(name);
  if (!regulation || regulation.kind !== kind || (kind !== "country" && regulation.country !== country)) {
    throw Invalid.field(
      field,
      `"${name}" is not an available ${kind} regulation${kind === "country" ? "" : ` of ${country}`}; see GET /regulations/available.`,
      "regulations.unknown",
    );
  }
}

/**
 * Applies the assignment rules: one country regulation, never swapped; industries only added;
 * accountingDocument and accountingData replaceable at any time (from the open period on).
 */
export async function assignRegulations(
  scope: TenantScope,
  payroll: PayrollRow,
  regulations: Regulations,
  input: AssignRegulations,
) {
  if (input.countryRegulation !== payroll.countryRegulation) {
    const what = input.countryRegulation ? `swapped for ${input.countryRegulation}` : "removed";
    throw new Conflict(
      "regulations.country_fixed",
      `The country regulation is ${payroll.countryRegulation}; it is set once and never swapped or removed (it cannot be ${what}).`,
    );
  }
  const industries = input.industries === undefined ? payroll.industries : [...new Set(input.industries)];
  const removed = payroll.industries.filter((name) => !industries.includes(name));
  if (removed.length) {
    throw new Conflict(
      "regulations.industry_not_removable",
      `Industry regulations can be added but never removed (${removed.join(", ")}).`,
    );
  }
  for (const [i, name] of (input.industries ?? []).entries())
    checkChoice(regulations, `industries.${i}`, name, "industry", payroll.countryRegulation);
  const accountingDocument =
    input.accountingDocument === undefined ? payroll.accountingDocument : input.accountingDocument;
  const accountingData = input.accountingData === undefined ? payroll.accountingData : input.accountingData;
  if (input.accountingDocument)
    checkChoice(
      regulations,
      "accountingDocument",
      input.accountingDocument,
      "accountingDocument",
      payroll.countryRegulation,
    );
  if (input.accountingData)
    checkChoice(regulations, "accountingData", input.accountingData, "accountingData", payroll.countryRegulation);
  const [row] = await scope.update(
    payrolls,
    { industries, accountingDocument, accountingData, version: sql`${payrolls.version} + 1`, updatedAt: new Date() },
    eq(payrolls.id, payroll.id),
  );
  if (accountingData !== payroll.accountingData)
    await initializeChart(scope, row!, regulations, { replaceMapping: true });
  else if (industries.length !== payroll.industries.length)
    await initializeChart(scope, row!, regulations, { replaceMapping: false });
  return row!;
}

/** Under the payroll's row lock; an If-Match naming another version is refused (412). */
export async function updatePayrollRegulations({
  ctx,
  payrollId,
  input,
  ifMatch = null,
}: {
  ctx: TenantCtx;
  payrollId: string;
  input: AssignRegulations;
  ifMatch?: string | null;
}) {
  const regulations = await storedRegulations();
  return inTenant(ctx, async (scope) => {
    const payroll = await findVisiblePayroll(scope, ctx, payrollId, { lock: true });
    checkIfMatch(ifMatch, payroll);
    const updated = await assignRegulations(scope, payroll, regulations, input);
    await recalculateOpenPeriod(scope, regulations, updated);
    return { regulations: regulationsOf(updated), id: updated.id, version: updated.version };
  });
}
