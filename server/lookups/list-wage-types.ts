import "server-only";
import { eq } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { lookupValues, payrolls, wageTypeAccounts } from "../db/schema";
import { inTenant, type TenantScope } from "../db/tenant-scope";
import { pageOf, type PageQuery } from "../http/pagination";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import type { WageType } from "../regulations/catalog";
import { storedRegulations, type Regulations } from "../regulations/store";
import { regulationDate, wageTypesOf } from "./initialize-chart";
import type { WageTypeAccounts } from "./schemas";

type PayrollRow = typeof payrolls.$inferSelect;

/**
 * The wage type master of the payroll's regulations in force, with the accounts each one posts to,
 * by number: one page, or every wage type without a page (the console's screens).
 */
export async function listWageTypes({ ctx, payrollId, page }: { ctx: TenantCtx; payrollId: string; page?: PageQuery }) {
  const regulations = await storedRegulations();
  return inTenant(ctx, async (scope) => {
    const payroll = await findVisiblePayroll(scope, ctx, payrollId);
    const wageTypes = await wageTypesInForce(scope, payroll, regulations);
    const mapping = await mappingOf(scope, payroll.id);
    return pageOf(
      wageTypes.map((wageType) => withAccounts(wageType, mapping)),
      page,
      { keyOf: (wageType) => wageType.number, compare: byNumber },
    );
  });
}

/** Wage type numbers in numeric order ("900" before "5010"). */
const byNumber = (a: string, b: string) => a.localeCompare(b, "en", { numeric: true });

export async function wageTypesInForce(scope: TenantScope, payroll: PayrollRow, regulations: Regulations) {
  const wageTypes = wageTypesOf(regulations, payroll, await regulationDate(scope, payroll));
  return wageTypes.sort((a, b) => byNumber(a.number, b.number));
}

type Account = { id: string; key: string; value: string };

/** Wage type number -> its debit and credit accounts (as the accounts are now: renumbering shows). */
export async function mappingOf(scope: TenantScope, payrollId: string) {
  const accounts = new Map<string, Account>(
    (await scope.rows(lookupValues, eq(lookupValues.payrollId, payrollId))).map((row) => [
      row.id,
      { id: row.id, key: row.key, value: row.value },
    ]),
  );
  const mapping = new Map<string, { debit: Account | null; credit: Account | null }>();
  for (const row of await scope.rows(wageTypeAccounts, eq(wageTypeAccounts.payrollId, payrollId))) {
    mapping.set(row.wageTypeNumber, {
      debit: accounts.get(row.debitAccountId) ?? null,
      credit: accounts.get(row.creditAccountId) ?? null,
    });
  }
  return mapping;
}

export function withAccounts(
  wageType: WageType,
  mapping: Map<string, { debit: Account | null; credit: Account | null }>,
): WageTypeAccounts {
  const accounts = mapping.get(wageType.number);
  return {
    number: wageType.number,
    name: wageType.name,
    kind: wageType.kind,
    debitAccount: accounts?.debit ?? null,
    creditAccount: accounts?.credit ?? null,
  };
}
