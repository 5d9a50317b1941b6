import { formatRappen, type Rappen } from "@/server/money/rappen";
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
 * Text cells are made inert for spreadsheets (csvText); amounts are numbers and stay as they are.
 */
export const ACCOUNTING_CSV_HEADER = [
  "Date",
  "Document",
  "DebitAccount",
  "CreditAccount",
  "Amount",
  "Text",
  "CostCenter",
] as const;

/** A cell of a CSV row: text (made inert) or an amount in Rappen (a number, never prefixed). */
export type CsvCell = string | { readonly amount: Rappen };

export function renderAccountingCsv(journal: AccountingJournal): string {
  const rows: CsvCell[][] = [
    [...ACCOUNTING_CSV_HEADER],
    ...journal.lines.map((line) => [
      journal.date,
      journal.reference,
      line.debitAccount,
      line.creditAccount,
      { amount: line.amount },
      line.text,
      line.costCenter ?? "",
    ]),
  ];
  return rows.map(csvRow).join("");
}

/** One CSV line (CRLF ended): text cells through csvText, amounts as plain decimals, each quoted where needed. */
export function csvRow(cells: readonly CsvCell[]): string {
  return (
    cells.map((cell) => quoted(typeof cell === "string" ? csvText(cell) : formatRappen(cell.amount))).join(";") + "\r\n"
  );
}

/**
 * Text that a spreadsheet must not take for a formula (contract 9d, CSV injection): a cell that
 * begins with = + - @, a tab or a carriage return gets a leading apostrophe. Every text cell goes
 * through here, whatever it holds ("-120.50" typed as a cost center is text too); amounts are written
 * by the service as numbers and never pass through it.
 */
export function csvText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function quoted(value: string) {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
