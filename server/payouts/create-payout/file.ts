import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { documents, payoutLines, payouts } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { Conflict } from "../../errors";
import { newId } from "../../ids";
import { toRappen, type Rappen } from "../../money/rappen";
import { buildPain001, Pain001InputError, toReference, type Pain001Input } from "../pain001";
import { splitPayment } from "../split";
import type { PayoutLine } from "./amounts";
import type { BlockingItem, Creditor } from "./parties";

/*
 * The payout's pain.001 file: its payments (a split salary payment is two), the file itself and the
 * PaymentFile document that keeps it.
 */

/**
 * What the period's payouts that are not cancelled have paid so far to each employee's second
 * account, for the employees whose second account takes a fixed amount per period.
 */
async function paidToSecondAccounts(scope: TenantScope, payrunPeriodId: string, secondIbanOf: Map<string, string>) {
  const paid = new Map<string, Rappen>();
  if (!secondIbanOf.size) return paid;
  const rows = await scope
    .select({
      employeeId: payoutLines.employeeId,
      iban: payoutLines.iban,
      amount: sql<string>`sum(${payoutLines.amount})`,
    })
    .from(payoutLines)
    .innerJoin(payouts, eq(payouts.id, payoutLines.payoutId))
    .where(
      and(
        eq(payoutLines.payrunPeriodId, payrunPeriodId),
        inArray(payoutLines.employeeId, [...secondIbanOf.keys()]),
        sql`${payouts.status} <> 'cancelled'`,
      ),
    )
    .groupBy(payoutLines.employeeId, payoutLines.iban);
  for (const row of rows)
    if (secondIbanOf.get(row.employeeId) === row.iban) paid.set(row.employeeId, toRappen(BigInt(row.amount)));
  return paid;
}

/** The payments of the file, one per line of the payout, two for a split salary payment. */
export async function paymentsOf(
  scope: TenantScope,
  payrunPeriodId: string,
  lines: PayoutLine[],
  creditors: Map<string, Creditor | { missing: BlockingItem[] }>,
) {
  const fixedSecondIbans = new Map<string, string>();
  for (const { entry } of lines) {
    const second = (creditors.get(entry.employeeId) as Creditor).second;
    if (second && "fixedPerPeriod" in second) fixedSecondIbans.set(entry.employeeId, second.iban);
  }
  const toSecondSoFar = await paidToSecondAccounts(scope, payrunPeriodId, fixedSecondIbans);
  // A split salary payment becomes two lines of the file (second account first), each with its own reference.
  return lines.flatMap(({ id, entry, amount }) => {
    const creditor = creditors.get(entry.employeeId) as Creditor;
    const line = (lineId: string, part: Rappen, iban: string, name: string) => ({
      id: lineId,
      employeeId: entry.employeeId,
      amount: part,
      iban,
      endToEndId: toReference(lineId),
      creditor: { name, address: creditor.address },
    });
    if (!creditor.second) return [line(id, amount, creditor.iban, creditor.name)];
    const { toSecond, toMain } = splitPayment(amount, creditor.second, toSecondSoFar.get(entry.employeeId) ?? 0);
    return [
      ...(toSecond > 0 ? [line(newId(), toSecond, creditor.second.iban, creditor.second.holder ?? creditor.name)] : []),
      ...(toMain > 0 ? [line(id, toMain, creditor.iban, creditor.name)] : []),
    ];
  });
}

export type Payment = Awaited<ReturnType<typeof paymentsOf>>[number];

/**
 * The pain.001 file of the payout. What the builder refuses (Pain001InputError) is the payout's
 * 409 payout.blocked, naming the employee of the payment it refused.
 */
export function buildPaymentFile({
  payoutId,
  createdAt,
  payrollName,
  debtor,
  periodStart,
  executionDate,
  payments,
}: {
  payoutId: string;
  createdAt: Date;
  payrollName: string;
  debtor: Pain001Input["debtor"];
  periodStart: string;
  executionDate: string;
  payments: Payment[];
}) {
  const month = `${periodStart.slice(5, 7)}.${periodStart.slice(0, 4)}`;
  try {
    return buildPain001({
      messageId: toReference(payoutId),
      createdAt,
      initiatingParty: { name: payrollName },
      debtor,
      payments: payments.map((line) => ({
        executionDate,
        endToEndId: line.endToEndId,
        instructionId: line.endToEndId,
        amount: line.amount,
        currency: "CHF",
        creditor: { name: line.creditor.name, address: line.creditor.address },
        creditorIban: line.iban,
        remittance: `Lohn ${month}`,
      })),
    });
  } catch (error) {
    if (!(error instanceof Pain001InputError)) throw error;
    const employeeId = error.payment ? (payments[error.payment.index]?.employeeId ?? null) : null;
    throw new Conflict("payout.blocked", `The payment file cannot be written: ${error.message}`, {
      items: [{ employeeId, code: error.code, message: error.message, caseName: null, path: error.path }],
    });
  }
}

/** Keeps the file as the payout's final PaymentFile document. */
export async function storePaymentFile(
  scope: TenantScope,
  {
    documentId,
    payrollId,
    payrunPeriodId,
    payoutId,
    executionDate,
    xml,
    createdAt,
  }: {
    documentId: string;
    payrollId: string;
    payrunPeriodId: string;
    payoutId: string;
    executionDate: string;
    xml: string;
    createdAt: Date;
  },
) {
  // Not read back: the file is large and already at hand. It goes in as text, stored as its UTF-8
  // bytes (file.bytes): a bytea parameter costs the embedded database (PGlite) about 15 times as much.
  await scope.insertInto(documents).values({
    id: documentId,
    payrollId,
    payrunPeriodId,
    employeeId: null,
    category: "PaymentFile",
    name: `pain001-${executionDate}-${payoutId.slice(-8)}.xml`,
    contentType: "application/xml",
    final: true,
    model: null,
    content: sql`convert_to(${xml}, 'UTF8')`,
    position: 10_000,
    createdAt,
  });
}
