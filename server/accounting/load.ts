import "server-only";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { valueInForce } from "../bitemporal/in-force";
import { caseValues, lookupValues, payrolls, payrunEntries, payrunPeriods, wageTypeAccounts } from "../db/schema";
import type { TenantScope } from "../db/tenant-scope";
import { wageTypesOf } from "../lookups/initialize-chart";
import { maintainedValues } from "../lookups/maintained";
import { ACCOUNTS, COST_CENTERS } from "../lookups/schemas";
import { Conflict } from "../errors";
import type { Language, WageTypeKind } from "../regulations/catalog";
import { versionInForce, type Regulations } from "../regulations/store";
import type { AccountingJournalInput, AccountPair, CostCenterShare } from "./journal";

type PayrollRow = typeof payrolls.$inferSelect;
type PeriodRow = typeof payrunPeriods.$inferSelect;
type LookupValueRow = typeof lookupValues.$inferSelect;

/** The employee case field that assigns a cost center (CH case catalog, case CostCenter): one lookup key, no split. */
const COST_CENTER_FIELD = "CostCenter";
/** Used when the payroll has no accounting document template assigned. */
const DEFAULT_TEMPLATE = "AccountingJournalStandard";

/**
 * Everything buildAccountingJournal needs for one payrun period of a payroll, read in the caller's
 * transaction through the tenant scope.
 *
 * - payroll, period: rows the caller has already found (and checked the caller may see).
 * - regulations: storedRegulations(), read by the caller BEFORE inTenant (inside the scope callback
 *   it would wait for the open transaction on the embedded database).
 * - language: of the texts and account names; the payroll's document language by default.
 *
 * Reads: the template (the payroll's accountingDocument regulation in force at the period start,
 * AccountingJournalStandard when none is assigned), the payroll's accounts and cost centers as they
 * stand now, its wage type -> account mapping (by account id, so renumbered accounts show their new
 * number), the kinds and names of the wage types in force at the period start and at each retro
 * period's start, every entry of the period (all employees of the payroll: the posting document is a
 * company document), and each employee's CostCenter in force on the period's last day (else its
 * first day), as known when the period was closed. The CH catalog records one cost center per
 * employee, so each entry gets one share of weight 1 or none.
 *
 * The net payment (salary clearing account -> bank) is the payroll's mapping of the net wage type if
 * the client mapped it, otherwise the chart's salaryClearing and bank accounts when the payroll's
 * chart still has those numbers; otherwise null, and the journal then lists the net wage as unmapped.
 */
export async function loadAccountingInput(
  scope: TenantScope,
  payroll: PayrollRow,
  period: PeriodRow,
  regulations: Regulations,
  language: Language = payroll.documentLanguage,
): Promise<AccountingJournalInput> {
  const template = templateOf(regulations, payroll, period.periodStart);

  const accountRows = await scope.rows(lookupValues, maintainedValues(payroll, ACCOUNTS), {
    orderBy: [asc(lookupValues.key)],
  });
  const accounts: Record<string, string> = {};
  const numberById = new Map<string, string>();
  for (const row of accountRows) {
    accounts[row.key] = nameOf(row, language);
    numberById.set(row.id, row.key);
  }
  const costCenters: Record<string, string> = {};
  for (const row of await scope.rows(lookupValues, maintainedValues(payroll, COST_CENTERS)))
    costCenters[row.key] = nameOf(row, language);
  // A payroll that keeps cost centers books by them whatever its template: every employee then has
  // one (Limits 3), and the CSV's CostCenter column and the PDF's sections are where they show.
  if (Object.keys(costCenters).length && !template.groupBy.includes("costCenter")) template.groupBy.push("costCenter");

  const mapping: Record<string, AccountPair> = {};
  for (const row of await scope.rows(wageTypeAccounts, eq(wageTypeAccounts.payrollId, payroll.id))) {
    const debit = numberById.get(row.debitAccountId);
    const credit = numberById.get(row.creditAccountId);
    // A mapping to an account of an earlier chart is no mapping of the current chart.
    if (debit !== undefined && credit !== undefined) mapping[row.wageTypeNumber] = { debit, credit };
  }

  const entries = await scope.rows(
    payrunEntries,
    and(eq(payrunEntries.payrollId, payroll.id), eq(payrunEntries.payrunPeriodId, period.id)),
    { orderBy: [asc(payrunEntries.employeeId)] },
  );

  const wageTypes: Record<string, { kind: WageTypeKind; name: string }> = {};
  const retroStarts = [
    ...new Set(
      entries.flatMap((e) => e.lines.filter((l) => l.retro && l.retroPeriodStart).map((l) => l.retroPeriodStart!)),
    ),
  ]
    .sort()
    .reverse();
  for (const date of [period.periodStart, ...retroStarts]) {
    for (const wageType of wageTypesOf(regulations, payroll, date))
      wageTypes[wageType.number] ??= { kind: wageType.kind, name: wageType.name[language] };
  }

  const ids = entries.map((e) => e.employeeId);
  const values = ids.length
    ? await scope.rows(
        caseValues,
        and(
          eq(caseValues.payrollId, payroll.id),
          eq(caseValues.fieldName, COST_CENTER_FIELD),
          isNotNull(caseValues.employeeId),
          inArray(caseValues.employeeId, ids),
        ),
      )
    : [];
  const knownAt = period.closedAt ?? undefined;
  const costCenterOf = (employeeId: string): CostCenterShare[] => {
    const history = values.filter((v) => v.employeeId === employeeId);
    const value =
      valueInForce(history, period.periodEnd, knownAt) ?? valueInForce(history, period.periodStart, knownAt);
    return value ? [{ costCenter: value.value, weight: 1 }] : [];
  };

  return {
    period: { periodStart: period.periodStart, periodEnd: period.periodEnd },
    language,
    template,
    accounts,
    costCenters,
    wageTypes,
    mapping,
    netPayment: netPaymentOf(regulations, payroll, period.periodStart, wageTypes, mapping, accounts),
    entries: entries.map((entry) => ({
      employeeId: entry.employeeId,
      lines: entry.lines,
      costCenters: costCenterOf(entry.employeeId),
    })),
  };
}

/**
 * A lookup value's name in the language. The value is the name the client maintains; the localized
 * names are used only while they still belong to it (a value renamed without new display names
 * would otherwise show its old name).
 */
function nameOf(row: Pick<LookupValueRow, "value" | "displayName">, language: Language) {
  const localized = row.displayName?.[language];
  return localized && (row.displayName?.de ?? row.value) === row.value ? localized : row.value;
}

function templateOf(regulations: Regulations, payroll: PayrollRow, date: string) {
  const name = payroll.accountingDocument ?? DEFAULT_TEMPLATE;
  const regulation = regulations.get(name);
  const document = regulation ? versionInForce(regulation, date)?.accountingDocument : undefined;
  if (!document)
    throw new Conflict(
      "accounting.template_unavailable",
      `The accounting document template ${name} has no version in force on ${date}.`,
      { template: name, date },
    );
  return { groupBy: [...document.groupBy] };
}

function netPaymentOf(
  regulations: Regulations,
  payroll: PayrollRow,
  date: string,
  wageTypes: Record<string, { kind: WageTypeKind }>,
  mapping: Record<string, AccountPair>,
  accounts: Record<string, string>,
): AccountPair | null {
  const net = Object.entries(wageTypes).find(([, w]) => w.kind === "net")?.[0];
  if (net && mapping[net]) return mapping[net];
  const chart = payroll.accountingData ? regulations.get(payroll.accountingData) : undefined;
  const keys = chart ? versionInForce(chart, date)?.chartOfAccounts?.accountsByKey : undefined;
  if (!keys || accounts[keys.salaryClearing] === undefined || accounts[keys.bank] === undefined) return null;
  return { debit: keys.salaryClearing, credit: keys.bank };
}
