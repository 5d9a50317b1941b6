import "server-only";
import { eq, sql } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { lookupValues } from "../db/schema";
import { inTenant, isUniqueViolation } from "../db/tenant-scope";
import { checkIfMatch } from "../http/etag";
import { storedRegulations } from "../regulations/store";
import {
  assertKeyFree,
  assertMaintained,
  checkKey,
  duplicateKey,
  findLookupValue,
  findRegulation,
  toLookupValue,
  wageTypesByAccount,
} from "./maintained";
import type { UpdateLookupValue } from "./schemas";

/**
 * Renames or renumbers an account or a cost center. The wage type mapping refers to the account's
 * id, so it follows a new number; postings already made keep the number they were made with.
 */
export async function updateLookupValue({
  ctx,
  regulationId,
  lookupId,
  lookupValueId,
  input,
  ifMatch,
}: {
  ctx: TenantCtx;
  regulationId: string;
  lookupId: string;
  lookupValueId: string;
  input: UpdateLookupValue;
  ifMatch: string | null;
}) {
  const regulations = await storedRegulations();
  const regulation = findRegulation(regulations, regulationId);
  try {
    return await inTenant(ctx, async (scope) => {
      const { row: current, payroll } = await findLookupValue(scope, ctx, regulation, lookupId, lookupValueId);
      checkIfMatch(ifMatch, current);
      const kind = assertMaintained(payroll, current.regulationName, current.lookupName);
      if (input.key !== undefined && input.key !== current.key) {
        checkKey(kind, input.key);
        await assertKeyFree(scope, current, input.key, current.id);
      }
      const [row] = await scope.update(
        lookupValues,
        {
          key: input.key ?? current.key,
          value: input.value ?? current.value,
          displayName: input.displayName === undefined ? current.displayName : input.displayName,
          version: sql`${lookupValues.version} + 1`,
          updatedAt: new Date(),
        },
        eq(lookupValues.id, current.id),
      );
      const usedBy = await wageTypesByAccount(scope, payroll.id, current.id);
      return { value: toLookupValue(row!, usedBy(current.id)), version: row!.version };
    });
  } catch (error) {
    if (isUniqueViolation(error, "lookup_values_key")) throw duplicateKey(lookupId, input.key ?? "");
    throw error;
  }
}
