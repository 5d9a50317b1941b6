import "server-only";
import { lookupValues } from "../db/schema";
import { inTenant, isUniqueViolation } from "../db/tenant-scope";
import type { TenantCtx } from "../context";
import { newId } from "../ids";
import { storedRegulations } from "../regulations/store";
import { recalculateOpenPeriod } from "../results/recalculate";
import {
  assertKeyFree,
  assertLookupOf,
  assertMaintained,
  checkKey,
  duplicateKey,
  findRegulation,
  payrollOfCall,
  toLookupValue,
} from "./maintained";
import type { CreateLookupValue } from "./schemas";

/** Adds an account to the payroll's chart (client-added, so deletable later) or a cost center. */
export async function createLookupValue({
  ctx,
  regulationId,
  lookupId,
  input,
}: {
  ctx: TenantCtx;
  regulationId: string;
  lookupId: string;
  input: CreateLookupValue;
}) {
  const regulations = await storedRegulations();
  const regulation = findRegulation(regulations, regulationId);
  assertLookupOf(regulation, lookupId);
  try {
    return await inTenant(ctx, async (scope) => {
      const payroll = await payrollOfCall(scope, ctx, input.payrollId);
      const kind = assertMaintained(payroll, regulation.name, lookupId);
      checkKey(kind, input.key);
      const target = { payrollId: payroll.id, regulationName: regulation.name, lookupName: kind };
      await assertKeyFree(scope, target, input.key);
      const row = await scope.insert(lookupValues, {
        id: newId(),
        ...target,
        key: input.key,
        value: input.value,
        displayName: input.displayName ?? null,
        clientAdded: true,
      });
      // The first cost center makes one required for every employee: Payroll Control follows at once.
      if (kind === "CostCenters") await recalculateOpenPeriod(scope, regulations, payroll);
      return { value: toLookupValue(row, []), version: row.version };
    });
  } catch (error) {
    if (isUniqueViolation(error, "lookup_values_key")) throw duplicateKey(lookupId, input.key);
    throw error;
  }
}
