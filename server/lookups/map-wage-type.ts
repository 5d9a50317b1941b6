import "server-only";
import { and, eq } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { lookupValues, wageTypeAccounts } from "../db/schema";
import { inTenant } from "../db/tenant-scope";
import { Invalid, NotFound } from "../errors";
import { checkIfMatch, representationVersion } from "../http/etag";
import { newId } from "../ids";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import { storedRegulations } from "../regulations/store";
import { mappingOf, wageTypesInForce, withAccounts } from "./list-wage-types";
import { maintainedValues } from "./maintained";
import { ACCOUNTS, type MapWageType } from "./schemas";

/**
 * Maps a wage type to a debit and a credit account of the payroll's current chart of accounts. The
 * mapping has no version column: its version is that of its representation (`id`, `version` for
 * etagOf), compared with If-Match under the payroll's lock.
 */
export async function mapWageType({
  ctx,
  payrollId,
  wageTypeNumber,
  input,
  ifMatch = null,
}: {
  ctx: TenantCtx;
  payrollId: string;
  wageTypeNumber: string;
  input: MapWageType;
  ifMatch?: string | null;
}) {
  const regulations = await storedRegulations();
  return inTenant(ctx, async (scope) => {
    const payroll = await findVisiblePayroll(scope, ctx, payrollId, { lock: true });
    const wageType = (await wageTypesInForce(scope, payroll, regulations)).find((w) => w.number === wageTypeNumber);
    if (!wageType) throw new NotFound("wage_type");
    const id = `${payroll.id}:${wageType.number}`;
    if (ifMatch !== null)
      checkIfMatch(ifMatch, {
        id,
        version: representationVersion(withAccounts(wageType, await mappingOf(scope, payroll.id))),
      });
    const errors = [];
    for (const field of ["debitAccountId", "creditAccountId"] as const) {
      const account = await scope.first(
        lookupValues,
        and(maintainedValues(payroll, ACCOUNTS), eq(lookupValues.id, input[field])),
      );
      if (!account)
        errors.push({
          path: field,
          message: `Not an account of the payroll's chart of accounts (${payroll.accountingData ?? "none assigned"}); see GET .../lookups/values?lookupName=Accounts.`,
        });
    }
    if (errors.length) throw new Invalid(errors, "lookup.account_unknown");
    const existing = await scope.first(
      wageTypeAccounts,
      and(eq(wageTypeAccounts.payrollId, payroll.id), eq(wageTypeAccounts.wageTypeNumber, wageType.number)),
    );
    if (existing) {
      await scope.update(
        wageTypeAccounts,
        { debitAccountId: input.debitAccountId, creditAccountId: input.creditAccountId },
        eq(wageTypeAccounts.id, existing.id),
      );
    } else {
      await scope.insert(wageTypeAccounts, {
        id: newId(),
        payrollId: payroll.id,
        wageTypeNumber: wageType.number,
        ...input,
      });
    }
    const accounts = withAccounts(wageType, await mappingOf(scope, payroll.id));
    return { accounts, id, version: representationVersion(accounts) };
  });
}
