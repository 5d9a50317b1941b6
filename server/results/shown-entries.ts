import "server-only";
import { eq, ne, or, type SQL } from "drizzle-orm";
import { payrunEntries } from "../db/schema";

/**
 * Which of a period's entries the period shows: in the entries list and Payroll Control, with a
 * payslip, and checked by close. Every employee of the payroll's division has an entry
 * (recalculate/), former ones too; shown are those employed in the period and those with money
 * in it, carried into it (close-open-amounts.ts, carry-cancelled.ts) or paid out in it. A payout
 * pays only entries that have an open amount, so whoever can be paid is listed (contract section 8).
 */
export const shownEntry: SQL = or(
  eq(payrunEntries.employed, true),
  ne(payrunEntries.carriedForward, 0),
  ne(payrunEntries.paidOut, 0),
)!;

/** shownEntry for an entry already read. */
export const isShownEntry = (
  entry: Pick<typeof payrunEntries.$inferSelect, "employed" | "carriedForward" | "paidOut">,
) => entry.employed || entry.carriedForward !== 0 || entry.paidOut !== 0;
