import { formatRappen } from "@/server/money/rappen";
import type { AccountingJournal } from "./journal";

/**
 * The journal as a CSV file for an accounting program's journal import.
 *
 * Format: a plain, generic Swiss double-entry journal in the style of the journal imports of Banana
 * or Abacus (one posting per row: date, document number, debit account, credit account, amount,
 * text, plus a cost center column). It follows no single vendor's import specification and was not
 * checked against one, so an import may need its column mapping set once.
 *
 * Choices: semicolon separator (the Swiss Excel default), UTF-8 without a byte order mark, CRLF line
 * ends, a fixed header row independent of the document language (so that a saved import mapping
 * keeps working), ISO dates (YYYY-MM-DD), amounts always positive with two decimals and a dot and no
 * thousands separator (a negative sum has already swapped debit and credit); fields are quoted
 * (RFC 4180 style, quotes doubled) only when they contain a separator, a quote or a line break.
 */
export const ACCOUNTING_CSV_HEADER = ["Date", "Document", "DebitAccount", "CreditAccount", "Amount", "Text", "CostCenter"] as const;

export function renderAccountingCsv(journal: AccountingJournal): string {
  const rows = [
    [...ACCOUNTING_CSV_HEADER],
    ...journal.lines.map((line) => [journal.date, journal.reference, line.debitAccount, line.creditAccount, formatRappen(line.amount), line.text, line.costCenter ?? ""]),
  ];
  return rows.map((row) => row.map(field).join(";") + "\r\n").join("");
}

function field(value: string) {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
