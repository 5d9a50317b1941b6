import type { StoredLine } from "@/server/db/schema/results";
import { allocate } from "@/server/money/allocate";
import { sumRappen, type Rappen } from "@/server/money/rappen";
import type { AccountingDocumentTemplate, Language, WageTypeKind } from "@/server/regulations/catalog/types";

/**
 * The accounting posting document of a payrun period, as a journal: pure, no database, no clock.
 *
 * Every stored wage type line of every entry is one double entry (debit and credit account of the
 * payroll's wage type mapping); the lines are then aggregated as the template's groupBy says.
 * Following the domain notes (section 5): earnings debit the expense and credit the salary clearing
 * account (1091), deductions debit 1091 and credit the liability, family allowances debit the FAK
 * (2272) and credit 1091, and the net wage (kind "net", 6500, which has no mapping of its own) is the
 * payment from 1091 to the bank. Allowances and expenses are paid out with the net wage, so each of
 * them also books its payout from 1091 to the bank: that way the clearing account is emptied by the
 * pain.001 payment (up to the 0.05 rounding of the net wage, which stays on it as calculated).
 *
 * The result is plain JSON (no Map, no Date), so that it can be stored as a document's frozen model.
 */

export type JournalGroupBy = AccountingDocumentTemplate["groupBy"][number];

/** A posting pair of account numbers. */
export interface AccountPair {
  readonly debit: string;
  readonly credit: string;
}

/** One cost center's share of an employee's cost: weights are positive whole numbers (percent, per mille ...). */
export interface CostCenterShare {
  readonly costCenter: string;
  readonly weight: number;
}

export type JournalLineInput = Pick<StoredLine, "number" | "name" | "amount" | "retro" | "retroPeriodStart">;

export interface AccountingEntryInput {
  readonly employeeId: string;
  /** The stored wage type lines of the entry (retro lines included); amounts in Rappen, signed. */
  readonly lines: readonly JournalLineInput[];
  /** Where the employee's cost goes: empty when the employee has no cost center, one share for one cost center, several for a split. */
  readonly costCenters: readonly CostCenterShare[];
}

export interface AccountingJournalInput {
  readonly period: { readonly periodStart: string; readonly periodEnd: string };
  /** Document number written on every line; defaults to "PR-YYYY-MM" of the period. */
  readonly reference?: string;
  /** Language of the line texts. */
  readonly language: Language;
  readonly template: Pick<AccountingDocumentTemplate, "groupBy">;
  /** Account number -> name, as the payroll's chart of accounts stands now. */
  readonly accounts: Readonly<Record<string, string>>;
  /** Cost center key -> name (for the document); keys missing here are shown by key. */
  readonly costCenters?: Readonly<Record<string, string>>;
  /** Wage type number -> its kind and its name in the language (the stored line's name is used when absent). */
  readonly wageTypes: Readonly<Record<string, { readonly kind: WageTypeKind; readonly name?: string }>>;
  /** Wage type number -> debit and credit account numbers, the payroll's mapping in force. */
  readonly mapping: Readonly<Record<string, AccountPair>>;
  /**
   * The payment from the salary clearing account to the bank: used for the net wage when the
   * mapping has no entry for it, and for the payout of allowances and expenses. null if unknown.
   */
  readonly netPayment: AccountPair | null;
  readonly entries: readonly AccountingEntryInput[];
}

export interface AccountingJournalLine {
  readonly debitAccount: string;
  readonly debitAccountName: string;
  readonly creditAccount: string;
  readonly creditAccountName: string;
  /** Rappen, always positive: a negative sum swaps debit and credit. */
  readonly amount: Rappen;
  /** Set when the template groups by wage type. */
  readonly wageTypeNumber?: string;
  /** Retro correction of the closed period that starts on this date (grouped by wage type only). */
  readonly retroPeriodStart?: string;
  /** The payout of an allowance or expense to the bank (grouped by wage type only). */
  readonly payout?: boolean;
  readonly text: string;
  /** Set when the template groups by cost center and the cost has one. */
  readonly costCenter?: string;
  readonly costCenterName?: string;
}

export interface AccountingJournal {
  readonly periodStart: string;
  readonly periodEnd: string;
  /** Posting date: the last day of the period. */
  readonly date: string;
  readonly reference: string;
  readonly language: Language;
  readonly groupBy: readonly JournalGroupBy[];
  readonly lines: readonly AccountingJournalLine[];
  readonly totals: { readonly debit: Rappen; readonly credit: Rappen };
}

export type UnmappedReason = "noMapping" | "noPaymentAccounts" | "unknownAccount";

/** A wage type that cannot be booked, with what it would have booked (signed sum over all entries). */
export interface UnmappedWageType {
  readonly wageTypeNumber: string;
  readonly name: string;
  readonly amount: Rappen;
  readonly employees: number;
  readonly reason: UnmappedReason;
  /** unknownAccount: the account numbers that are not in the chart. */
  readonly accounts?: readonly string[];
  readonly message: string;
}

export type AccountingJournalResult =
  | { readonly ok: true; readonly journal: AccountingJournal }
  | { readonly ok: false; readonly unmapped: readonly UnmappedWageType[] };

const TEXT: Record<Language, { correction: string; payout: string; posting: string }> = {
  de: { correction: "Korrektur", payout: "Auszahlung", posting: "Lohnbuchung" },
  fr: { correction: "Correction", payout: "Versement", posting: "Comptabilisation des salaires" },
  it: { correction: "Correzione", payout: "Pagamento", posting: "Registrazione salari" },
  en: { correction: "Correction", payout: "Payout", posting: "Payroll posting" },
};

/** "2025-03-01" -> "03.2025" */
export const monthOf = (date: string) => `${date.slice(5, 7)}.${date.slice(0, 4)}`;

type Posting = { pair: AccountPair; line: JournalLineInput; payout: boolean };
type Group = {
  pair: AccountPair;
  wageTypeNumber?: string;
  retroPeriodStart?: string;
  payout: boolean;
  costCenter?: string;
  amount: number;
};

/**
 * Builds the journal, or lists every wage type that cannot be booked (nothing is dropped silently).
 * Throws only if the journal does not balance, which would be a bug.
 */
export function buildAccountingJournal(input: AccountingJournalInput): AccountingJournalResult {
  const byWageType = input.template.groupBy.includes("wageType");
  const byCostCenter = input.template.groupBy.includes("costCenter");
  const unmapped = new Map<
    string,
    {
      wageTypeNumber: string;
      name: string;
      amount: number;
      employees: Set<string>;
      reason: UnmappedReason;
      accounts?: string[];
    }
  >();
  const groups = new Map<string, Group>();

  const problem = (line: JournalLineInput, employeeId: string, reason: UnmappedReason, accounts?: string[]) => {
    const key = `${line.number}|${reason}`;
    const found = unmapped.get(key) ?? {
      wageTypeNumber: line.number,
      name: input.wageTypes[line.number]?.name ?? line.name,
      amount: 0,
      employees: new Set<string>(),
      reason,
      accounts,
    };
    found.amount += line.amount;
    found.employees.add(employeeId);
    unmapped.set(key, found);
  };

  for (const entry of input.entries) {
    const shares = byCostCenter && entry.costCenters.length ? entry.costCenters : null;
    for (const line of entry.lines) {
      if (line.amount === 0) continue;
      const postings = postingsOf(input, line);
      if ("reason" in postings) {
        problem(line, entry.employeeId, postings.reason, postings.accounts);
        continue;
      }
      for (const posting of postings) {
        const parts = shares
          ? allocate(
              line.amount,
              shares.map((s) => s.weight),
            )
          : [line.amount];
        parts.forEach((amount, index) => {
          if (amount === 0) return;
          const costCenter = shares ? shares[index]!.costCenter : undefined;
          const group: Omit<Group, "amount"> = {
            pair: posting.pair,
            payout: byWageType && posting.payout,
            ...(byWageType
              ? {
                  wageTypeNumber: line.number,
                  ...(line.retro && line.retroPeriodStart ? { retroPeriodStart: line.retroPeriodStart } : {}),
                }
              : {}),
            ...(costCenter !== undefined ? { costCenter } : {}),
          };
          const key = JSON.stringify([
            group.costCenter ?? null,
            group.wageTypeNumber ?? null,
            group.retroPeriodStart ?? null,
            group.payout,
            group.pair.debit,
            group.pair.credit,
          ]);
          const existing = groups.get(key);
          if (existing) existing.amount += amount;
          else groups.set(key, { ...group, amount });
        });
      }
    }
  }

  if (unmapped.size) {
    const list = [...unmapped.values()]
      .map((u) => ({
        wageTypeNumber: u.wageTypeNumber,
        name: u.name,
        amount: u.amount,
        employees: u.employees.size,
        reason: u.reason,
        ...(u.accounts ? { accounts: u.accounts } : {}),
        message: messageOf(u.wageTypeNumber, u.name, u.reason, u.accounts),
      }))
      .sort((a, b) => compareNumbers(a.wageTypeNumber, b.wageTypeNumber) || a.reason.localeCompare(b.reason));
    return { ok: false, unmapped: list };
  }

  const labels = TEXT[input.language];
  const lines: AccountingJournalLine[] = [...groups.values()]
    .filter((group) => group.amount !== 0)
    .sort(compareGroups)
    .map((group) => {
      const pair = group.amount < 0 ? { debit: group.pair.credit, credit: group.pair.debit } : group.pair;
      const costCenterName = group.costCenter !== undefined ? input.costCenters?.[group.costCenter] : undefined;
      return {
        debitAccount: pair.debit,
        debitAccountName: input.accounts[pair.debit]!,
        creditAccount: pair.credit,
        creditAccountName: input.accounts[pair.credit]!,
        amount: Math.abs(group.amount),
        ...(group.wageTypeNumber !== undefined ? { wageTypeNumber: group.wageTypeNumber } : {}),
        ...(group.retroPeriodStart !== undefined ? { retroPeriodStart: group.retroPeriodStart } : {}),
        ...(group.payout ? { payout: true } : {}),
        text: textOf(input, group, labels),
        ...(group.costCenter !== undefined
          ? { costCenter: group.costCenter, ...(costCenterName !== undefined ? { costCenterName } : {}) }
          : {}),
      };
    });

  const totals = balancedTotals(lines);
  return {
    ok: true,
    journal: {
      periodStart: input.period.periodStart,
      periodEnd: input.period.periodEnd,
      date: input.period.periodEnd,
      reference: input.reference ?? `PR-${input.period.periodStart.slice(0, 7)}`,
      language: input.language,
      groupBy: [...input.template.groupBy],
      lines,
      totals,
    },
  };
}

/** The double entries one stored line books: its own posting, and for allowances and expenses their payout. */
function postingsOf(
  input: AccountingJournalInput,
  line: JournalLineInput,
): Posting[] | { reason: UnmappedReason; accounts?: string[] } {
  const kind = input.wageTypes[line.number]?.kind;
  const own = input.mapping[line.number] ?? (kind === "net" ? input.netPayment : undefined);
  if (!own) return { reason: kind === "net" ? "noPaymentAccounts" : "noMapping" };
  const postings: Posting[] = [{ pair: own, line, payout: false }];
  if (kind === "allowance" || kind === "expense") {
    if (!input.netPayment) return { reason: "noPaymentAccounts" };
    postings.push({ pair: input.netPayment, line, payout: true });
  }
  const unknown = [...new Set(postings.flatMap((p) => [p.pair.debit, p.pair.credit]))].filter(
    (account) => input.accounts[account] === undefined,
  );
  return unknown.length ? { reason: "unknownAccount", accounts: unknown.sort() } : postings;
}

function textOf(input: AccountingJournalInput, group: Group, labels: (typeof TEXT)[Language]) {
  if (group.wageTypeNumber === undefined) return `${labels.posting} ${monthOf(input.period.periodStart)}`;
  const name = input.wageTypes[group.wageTypeNumber]?.name ?? nameInEntries(input, group.wageTypeNumber);
  let text = `${group.wageTypeNumber} ${name}`;
  if (group.retroPeriodStart) text += `, ${labels.correction} ${monthOf(group.retroPeriodStart)}`;
  if (group.payout) text += `, ${labels.payout}`;
  return text;
}

function nameInEntries(input: AccountingJournalInput, number: string) {
  for (const entry of input.entries) for (const line of entry.lines) if (line.number === number) return line.name;
  return "";
}

function messageOf(number: string, name: string, reason: UnmappedReason, accounts?: string[]) {
  switch (reason) {
    case "noMapping":
      return `Wage type ${number} ${name} has no debit and credit account; map it to accounts of the payroll's chart of accounts.`;
    case "noPaymentAccounts":
      return `Wage type ${number} ${name} is paid out, but no clearing and bank accounts are known for the payment; map the net wage type to them.`;
    case "unknownAccount":
      return `Wage type ${number} ${name} posts to account(s) ${accounts?.join(", ")} that are not in the payroll's chart of accounts.`;
  }
}

const compareNumbers = (a: string, b: string) => a.localeCompare(b, "en", { numeric: true });

/** Cost center (none last), wage type, current before retro (by period), posting before payout, accounts. */
function compareGroups(a: Group, b: Group) {
  return (
    (a.costCenter === b.costCenter
      ? 0
      : a.costCenter === undefined
        ? 1
        : b.costCenter === undefined
          ? -1
          : compareNumbers(a.costCenter, b.costCenter)) ||
    compareNumbers(a.wageTypeNumber ?? "", b.wageTypeNumber ?? "") ||
    (a.retroPeriodStart ?? "").localeCompare(b.retroPeriodStart ?? "") ||
    Number(a.payout) - Number(b.payout) ||
    compareNumbers(a.pair.debit, b.pair.debit) ||
    compareNumbers(a.pair.credit, b.pair.credit)
  );
}

/**
 * Total debit and total credit, each summed over the accounts' own side (every account's debit and
 * credit movements separately); they must be equal. Lines are double entries, so a difference, or
 * an amount that is not a positive number of Rappen, is a bug: it throws.
 */
function balancedTotals(lines: readonly AccountingJournalLine[]): { debit: Rappen; credit: Rappen } {
  const movements = new Map<string, { debit: Rappen[]; credit: Rappen[] }>();
  const of = (account: string) => {
    const found = movements.get(account) ?? { debit: [], credit: [] };
    movements.set(account, found);
    return found;
  };
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amount) || line.amount <= 0)
      throw new Error(`Journal line ${line.text}: ${line.amount} is not a positive amount of Rappen.`);
    of(line.debitAccount).debit.push(line.amount);
    of(line.creditAccount).credit.push(line.amount);
  }
  const sides = [...movements.values()];
  const debit = sumRappen(sides.map((side) => sumRappen(side.debit)));
  const credit = sumRappen(sides.map((side) => sumRappen(side.credit)));
  if (debit !== credit)
    throw new Error(`The accounting journal does not balance: debit ${debit}, credit ${credit} Rappen.`);
  return { debit, credit };
}
