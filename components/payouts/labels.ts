import type { z } from "zod";
import type { Payout as PayoutSchema } from "@/server/payouts/schemas";
import { formatChf } from "@/components/periods/labels";
import { toRappen } from "@/components/results/labels";

/** A payout as the API answers it. */
export type Payout = z.infer<typeof PayoutSchema>;
export type PayoutStatus = Payout["status"];

export const PAYOUT_STATUS_LABEL: Record<PayoutStatus, string> = {
  created: "Created",
  processed: "Processed",
  cancelled: "Cancelled",
};

export const PAYOUT_STATUS_TONE: Record<PayoutStatus, string> = {
  created: "border-amber-300 bg-amber-50 text-amber-900",
  processed: "border-emerald-300 bg-emerald-50 text-emerald-800",
  cancelled: "border-slate-300 bg-slate-100 text-slate-600",
};

/** 2026-11-24 as "24.11.2026". */
export function formatDay(date: string) {
  const [y, m, d] = date.slice(0, 10).split("-");
  return `${d}.${m}.${y}`;
}

/** The API's "1234.50" as "1'234.50". */
export const chf = (amount: string) => formatChf(toRappen(amount));

/** Integer Rappen as the API's "1234.50". */
export function toAmount(rappen: number) {
  const sign = rappen < 0 ? "-" : "";
  const abs = Math.abs(rappen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * What a person typed as an amount ("1'234.50", "1234,5", "800"), as integer Rappen, or why it is
 * not one. Apostrophes and spaces group thousands; a comma may stand for the decimal point.
 */
export function parseAmountInput(text: string): { ok: true; rappen: number } | { ok: false; message: string } {
  const cleaned = text.trim().replace(/['’\s]/g, "").replace(",", ".");
  if (!cleaned) return { ok: false, message: "Enter an amount." };
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return { ok: false, message: /^\d+\.\d{3,}$/.test(cleaned) ? "At most two decimals (Rappen)." : "Enter an amount in CHF, e.g. 1'234.50." };
  const [whole = "0", fraction = ""] = cleaned.split(".");
  const rappen = Number(whole) * 100 + Number((fraction + "00").slice(0, 2));
  if (!Number.isSafeInteger(rappen)) return { ok: false, message: "The amount is too large." };
  if (rappen <= 0) return { ok: false, message: "The amount must be above zero." };
  return { ok: true, rappen };
}

/** The API path of a period's payouts, and the browser link to a payout's pain.001 file. */
export const payoutsApiPath = (orgId: string, payrollId: string, periodId: string) => `/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/${periodId}/payouts`;
export const payoutFileHref = (orgId: string, payrollId: string, periodId: string, payoutId: string) => `/api${payoutsApiPath(orgId, payrollId, periodId)}/${payoutId}/document`;

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
