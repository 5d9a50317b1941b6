import "server-only";
import { and, eq } from "drizzle-orm";
import { todayInZurich } from "../dates";
import { lookupValues, payrolls, wageTypeAccounts } from "../db/schema";
import type { TenantScope } from "../db/tenant-scope";
import { newId } from "../ids";
import { findOpenPeriod } from "../periods/list-periods";
import { defaultWageTypeAccounts, type WageType } from "../regulations/catalog";
import { versionInForce, type Regulations } from "../regulations/store";

type PayrollRow = typeof payrolls.$inferSelect;

/** The date a payroll's regulations are read for: the open period's start, or today when there is none. */
export async function regulationDate(scope: TenantScope, payroll: PayrollRow) {
  const open = await findOpenPeriod(scope, payroll.id);
  return open?.periodStart ?? todayInZurich();
}

/** Wage types of the payroll's country and industry regulations, in force on a date. */
export function wageTypesOf(regulations: Regulations, payroll: PayrollRow, date: string): WageType[] {
  const wageTypes = new Map<string, WageType>();
  for (const name of [payroll.countryRegulation, ...payroll.industries]) {
    const regulation = regulations.get(name);
    const version = regulation ? versionInForce(regulation, date) : null;
    for (const wageType of version?.wageTypes ?? []) wageTypes.set(wageType.number, wageType);
  }
  return [...wageTypes.values()];
}

/**
 * Gives the payroll its own chart of accounts: the accountingData regulation's accounts, copied once
 * (the client maintains them from then on), and the default wage type -> account mapping. With
 * replaceMapping the whole mapping follows the chart (a new chart); otherwise only wage types
 * without a mapping get one (a new industry).
 */
export async function initializeChart(
  scope: TenantScope,
  payroll: PayrollRow,
  regulations: Regulations,
  { replaceMapping }: { replaceMapping: boolean },
) {
  if (!payroll.accountingData) return;
  const chart = regulations.get(payroll.accountingData);
  const date = await regulationDate(scope, payroll);
  const version = chart ? versionInForce(chart, date) : null;
  if (!chart || !version?.chartOfAccounts) return;
  const accounts = version.lookups.find((l) => l.name === "Accounts")?.values ?? [];
  for (const account of accounts) {
    await scope
      .insertInto(lookupValues)
      .values({
        id: newId(),
        payrollId: payroll.id,
        regulationName: chart.name,
        lookupName: "Accounts",
        key: account.key,
        value: account.value,
        displayName: account.displayName ? { ...account.displayName } : null,
        clientAdded: false,
      })
      .onConflictDoNothing();
  }
  const rows = await scope.rows(
    lookupValues,
    and(
      eq(lookupValues.payrollId, payroll.id),
      eq(lookupValues.regulationName, chart.name),
      eq(lookupValues.lookupName, "Accounts"),
    ),
  );
  const idByNumber = new Map(rows.map((row) => [row.key, row.id]));
  const mapping = defaultWageTypeAccounts(version, wageTypesOf(regulations, payroll, date));
  if (replaceMapping) await scope.delete(wageTypeAccounts, eq(wageTypeAccounts.payrollId, payroll.id));
  const existing = new Set(
    (await scope.rows(wageTypeAccounts, eq(wageTypeAccounts.payrollId, payroll.id))).map((m) => m.wageTypeNumber),
  );
  for (const [wageTypeNumber, { debit, credit }] of Object.entries(mapping)) {
    const debitAccountId = idByNumber.get(debit);
    const creditAccountId = idByNumber.get(credit);
    if (!debitAccountId || !creditAccountId || existing.has(wageTypeNumber)) continue;
    await scope.insert(wageTypeAccounts, {
      id: newId(),
      payrollId: payroll.id,
      wageTypeNumber,
      debitAccountId,
      creditAccountId,
    });
  }
  return { accounts: rows.length, mapped: Object.keys(mapping).length };
}
