import type { payrunEntries } from "../../db/schema";
import { Conflict, Invalid, type FieldError } from "../../errors";
import { isUuid, newId } from "../../ids";
import { formatRappen, parseChf, type Rappen } from "../../money/rappen";
import { openAmountOf, payableNow } from "../../results/open-amounts";
import { blockingItemsOf } from "../../results/payroll-control";
import { isShownEntry } from "../../results/shown-entries";
import type { CreatePayout } from "../schemas";
import type { BlockingItem, Creditor } from "./parties";

/*
 * Who a payout pays and how much: the request's amounts, the employees Payroll Control lets through,
 * and one line per employee paid, never more than open.
 */

/** What a payout reads of an entry, locked. */
export type EntryRow = Pick<
  typeof payrunEntries.$inferSelect,
  "id" | "employeeId" | "employed" | "payable" | "carriedForward" | "paidOut" | "issues"
>;

/** The request's amounts, checked: integer Rappen per employee id, each above zero with at most two decimals. */
export function parseAmounts(input: CreatePayout, errors: FieldError[]) {
  const amounts = new Map<string, Rappen>();
  for (const [employeeId, raw] of Object.entries(input.amounts ?? {})) {
    const path = `amounts.${employeeId}`;
    if (!isUuid(employeeId)) {
      errors.push({ path, message: "Not an employee id." });
      continue;
    }
    const parsed = parseChf(raw);
    if (!parsed.ok) errors.push({ path, message: parsed.message });
    else if (parsed.value <= 0) errors.push({ path, message: "A payout amount must be above zero." });
    else if (input.employeeIds && !input.employeeIds.includes(employeeId))
      errors.push({ path, message: "This employee is not among employeeIds." });
    else amounts.set(employeeId.toLowerCase(), parsed.value);
  }
  return amounts;
}

/** Every employee the request names has an entry in the period; else Invalid, with the request's earlier errors. */
export function checkNamed(
  entries: EntryRow[],
  explicit: string[] | null,
  amounts: Map<string, Rappen>,
  errors: FieldError[],
) {
  const entryOf = new Map(entries.map((e) => [e.employeeId, e]));
  explicit?.forEach((id, i) => {
    if (!entryOf.has(id)) errors.push({ path: `employeeIds.${i}`, message: "No such employee in this period." });
  });
  for (const id of amounts.keys())
    if (!explicit && !entryOf.has(id))
      errors.push({ path: `amounts.${id}`, message: "No such employee in this period." });
  if (errors.length) throw new Invalid(errors);
}

// An employee the period does not show (not in payroll in it, nothing open) has no Payroll Control items
// (controlling lists them as not in payroll, non-blocking): asked for by name, nothing is open for them.
const outsidePeriod = (e: EntryRow) => !isShownEntry(e) && payableNow(e) <= 0;

/**
 * The entries to pay, before their bank accounts are read: those named (or, without names, everyone
 * with something open) whom Payroll Control does not block. `blocked` holds the blocking items of the
 * named ones, who are refused; the others are skipped.
 */
export function payableEntries(
  entries: EntryRow[],
  explicit: string[] | null,
  amounts: Map<string, Rappen>,
  confirmed: Map<string, Set<string>>,
) {
  // Who is asked for by name (refused when blocked) and who is paid because everyone is (skipped when blocked).
  const named = new Set<string>(explicit ?? amounts.keys());
  const candidates = entries.filter(
    (e) => !outsidePeriod(e) && (named.has(e.employeeId) || (!explicit && payableNow(e) > 0)),
  );
  const blocked: BlockingItem[] = [];
  const payable: EntryRow[] = [];
  for (const entry of candidates) {
    const items = blockingItemsOf(entry, confirmed.get(entry.employeeId) ?? new Set());
    if (items.length) {
      if (named.has(entry.employeeId))
        blocked.push(
          ...items.map((i) => ({
            employeeId: entry.employeeId,
            code: i.code,
            message: i.message,
            caseName: i.caseName,
            ...(i.field ? { field: i.field } : {}),
          })),
        );
      continue;
    }
    if (amounts.has(entry.employeeId) || payableNow(entry) > 0) payable.push(entry);
  }
  return { named, blocked, payable };
}

/**
 * The payable entries whose employee can be paid (a creditor of the file); what a named one lacks is
 * added to `blocked`. Refused (409 payout.blocked) when anything named is blocked.
 */
export function paidEntries(
  payable: EntryRow[],
  creditors: Map<string, Creditor | { missing: BlockingItem[] }>,
  named: Set<string>,
  blocked: BlockingItem[],
) {
  const paid = payable.filter((entry) => {
    const creditor = creditors.get(entry.employeeId);
    if (creditor && "missing" in creditor) {
      if (named.has(entry.employeeId)) blocked.push(...creditor.missing);
      return false;
    }
    return creditor !== undefined;
  });
  if (blocked.length) {
    const who = [...new Set(blocked.map((b) => b.employeeId))].length;
    throw new Conflict(
      "payout.blocked",
      `${who} selected employee(s) cannot be paid: resolve their Payroll Control items first.`,
      { items: blocked },
    );
  }
  return paid;
}

/**
 * One line per employee paid: the amount asked for, else the whole open amount. An amount above what
 * is open is refused (422 payout.exceeds_open_amount), and so is a payout of nothing (409 payout.nothing_open).
 */
export function payoutLinesOf(entries: EntryRow[], paid: EntryRow[], amounts: Map<string, Rappen>) {
  const exceeding: FieldError[] = entries
    .filter((e) => outsidePeriod(e) && amounts.has(e.employeeId))
    .map((e) => ({
      path: `amounts.${e.employeeId}`,
      message: `The amount exceeds the open amount of ${formatRappen(0)}.`,
    }));
  const lines = paid.flatMap((entry) => {
    const open = payableNow(entry);
    const amount = amounts.get(entry.employeeId) ?? open;
    if (amount > open) {
      exceeding.push({
        path: `amounts.${entry.employeeId}`,
        message: `The amount exceeds the open amount of ${formatRappen(Math.max(0, openAmountOf(entry)))}.`,
      });
    }
    return amount > 0 ? [{ id: newId(), entry, amount }] : [];
  });
  if (exceeding.length) throw new Invalid(exceeding, "payout.exceeds_open_amount");
  if (!lines.length) throw new Conflict("payout.nothing_open", "Nothing positive is open for the selected employees.");
  return lines;
}

export type PayoutLine = ReturnType<typeof payoutLinesOf>[number];
