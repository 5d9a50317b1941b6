import "server-only";
import { and, asc, eq, or, sql } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { lookupValues, payrolls, wageTypeAccounts } from "../db/schema";
import type { TenantScope } from "../db/tenant-scope";
import { Conflict, Invalid, NotFound } from "../errors";
import { isUuid } from "../ids";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import { visiblePayrolls } from "../payrolls/visibility";
import type { Regulation } from "../regulations/catalog";
import { regulationIdOf, type Regulations } from "../regulations/store";
import { ACCOUNT_NUMBER, ACCOUNTS, COST_CENTERS, type LookupValue, type MaintainedLookup } from "./schemas";

type PayrollRow = typeof payrolls.$inferSelect;
type LookupValueRow = typeof lookupValues.$inferSelect;

/** A regulation by its id (GET /regulations/available) or its exact name. */
export function findRegulation(regulations: Regulations, regulationId: string): Regulation {
  const regulation =
    regulations.get(regulationId) ?? [...regulations.values()].find((r) => regulationIdOf(r.name) === regulationId);
  if (!regulation) throw new NotFound("regulation");
  return regulation;
}

/** The lookup by name, as any version of the regulation ships it (names are API and stay). */
export function assertLookupOf(regulation: Regulation, lookupId: string) {
  if (!regulation.versions.some((v) => v.lookups.some((l) => l.name === lookupId))) throw new NotFound("lookup");
}

/**
 * The payroll a regulation-path call is about: the one named, or the tenant's one payroll
 * (Limits 1). A Manager sees only assigned payrolls.
 */
export async function payrollOfCall(scope: TenantScope, ctx: TenantCtx, payrollId: string | undefined) {
  if (payrollId) return findVisiblePayroll(scope, ctx, payrollId);
  const row = await scope.first(payrolls, visiblePayrolls(ctx), { orderBy: [asc(payrolls.id)] });
  if (!row) throw new NotFound("payroll");
  return row;
}

/**
 * Which lookups the client maintains for a payroll: the chart of accounts of its current
 * accountingData regulation and the cost centers of its country regulation. Everything else
 * (parameters, tariffs, an earlier chart) belongs to the regulation.
 */
export function maintainedLookup(
  payroll: PayrollRow,
  regulationName: string,
  lookupName: string,
): MaintainedLookup | null {
  if (lookupName === ACCOUNTS && regulationName === payroll.accountingData) return ACCOUNTS;
  if (lookupName === COST_CENTERS && regulationName === payroll.countryRegulation) return COST_CENTERS;
  return null;
}

export function assertMaintained(payroll: PayrollRow, regulationName: string, lookupName: string): MaintainedLookup {
  const kind = maintainedLookup(payroll, regulationName, lookupName);
  if (!kind) {
    throw new Conflict(
      "lookup.not_maintainable",
      `${regulationName} ${lookupName} is not one of the payroll's own lookups. Clients maintain the Accounts of the payroll's accountingData regulation (${payroll.accountingData ?? "none"}) and the CostCenters of its country regulation (${payroll.countryRegulation}).`,
    );
  }
  return kind;
}

/** Conditions for the payroll's own lookup values, optionally of one lookup. */
export function maintainedValues(payroll: PayrollRow, lookupName?: MaintainedLookup) {
  const accounts = payroll.accountingData
    ? and(eq(lookupValues.regulationName, payroll.accountingData), eq(lookupValues.lookupName, ACCOUNTS))
    : undefined;
  const costCenters = and(
    eq(lookupValues.regulationName, payroll.countryRegulation),
    eq(lookupValues.lookupName, COST_CENTERS),
  );
  const which =
    lookupName === ACCOUNTS ? accounts : lookupName === COST_CENTERS ? costCenters : or(accounts, costCenters);
  return and(eq(lookupValues.payrollId, payroll.id), which ?? sql`false`)!; // a payroll without a chart has no Accounts
}

export function checkKey(kind: MaintainedLookup, key: string) {
  if (kind === ACCOUNTS && !ACCOUNT_NUMBER.test(key)) {
    throw Invalid.field("key", "An account number is digits only, e.g. 5000.", "lookup.account_number_invalid");
  }
}

/** A value row of the path's regulation and lookup, visible to the caller; locked for a write. */
export async function findLookupValue(
  scope: TenantScope,
  ctx: TenantCtx,
  regulation: Regulation,
  lookupId: string,
  lookupValueId: string,
) {
  if (!isUuid(lookupValueId)) throw new NotFound("lookup_value");
  const row = await scope.lock(lookupValues, eq(lookupValues.id, lookupValueId));
  if (!row || row.regulationName !== regulation.name || row.lookupName !== lookupId) throw new NotFound("lookup_value");
  const payroll = await findVisiblePayroll(scope, ctx, row.payrollId);
  return { row, payroll };
}

/** 409 unless the key is free in the payroll's lookup (the unique index backs this up under races). */
export async function assertKeyFree(
  scope: TenantScope,
  row: Pick<LookupValueRow, "payrollId" | "regulationName" | "lookupName">,
  key: string,
  except?: string,
) {
  const existing = await scope.first(
    lookupValues,
    and(
      eq(lookupValues.payrollId, row.payrollId),
      eq(lookupValues.regulationName, row.regulationName),
      eq(lookupValues.lookupName, row.lookupName),
      eq(lookupValues.key, key),
    ),
  );
  if (existing && existing.id !== except) throw duplicateKey(row.lookupName, key);
}

export const duplicateKey = (lookupName: string, key: string) =>
  new Conflict("lookup.duplicate_key", `${lookupName} already has the key "${key}".`, { key });

/** Wage type numbers mapped to each account (debit or credit) of a payroll. */
export async function wageTypesByAccount(scope: TenantScope, payrollId: string, accountId?: string) {
  const mappings = await scope.rows(
    wageTypeAccounts,
    and(
      eq(wageTypeAccounts.payrollId, payrollId),
      accountId
        ? or(eq(wageTypeAccounts.debitAccountId, accountId), eq(wageTypeAccounts.creditAccountId, accountId))
        : undefined,
    ),
  );
  const used = new Map<string, Set<string>>();
  for (const mapping of mappings) {
    for (const id of [mapping.debitAccountId, mapping.creditAccountId]) {
      const set = used.get(id) ?? new Set<string>();
      set.add(mapping.wageTypeNumber);
      used.set(id, set);
    }
  }
  return (id: string) => [...(used.get(id) ?? [])].sort();
}

export function toLookupValue(row: LookupValueRow, usedBy?: string[]): LookupValue {
  return {
    id: row.id,
    regulationId: regulationIdOf(row.regulationName),
    regulationName: row.regulationName,
    lookupId: row.lookupName,
    key: row.key,
    value: row.value,
    displayName: row.displayName ?? null,
    clientAdded: row.clientAdded,
    ...(row.lookupName === ACCOUNTS ? { usedBy: usedBy ?? [] } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
