import type { z } from "zod";
import type { Payout as PayoutSchema } from "@/server/payouts/schemas";
import type { ProblemTranslator } from "@/components/forms/problem";
import { issueSentence, type CalcTranslator } from "@/components/results/calc-text";
import { plainNumberInput, type Formatter } from "@/components/format/swiss";
import { findingSentence, type ResultsTranslator, type Vocabulary } from "@/components/results/labels";
import type { Locale } from "@/i18n/locales";

/** A payout as the API answers it. */
export type Payout = z.infer<typeof PayoutSchema>;
export type PayoutStatus = Payout["status"];

/** A status's name: t(`statuses.${status}`) of the "payouts" namespace. */

export const PAYOUT_STATUS_TONE: Record<PayoutStatus, string> = {
  created: "border-amber-300 bg-amber-50 text-amber-900",
  processed: "border-emerald-300 bg-emerald-50 text-emerald-800",
  cancelled: "border-slate-300 bg-slate-100 text-slate-600",
};

/** Integer Rappen as the API's "1234.50". */
export function toAmount(rappen: number) {
  const sign = rappen < 0 ? "-" : "";
  const abs = Math.abs(rappen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Why a typed amount is not one: a key of amountInput.* in the "payouts" namespace. */
export type AmountInputProblem = "empty" | "decimals" | "invalid" | "tooLarge" | "notPositive";

/**
 * What a person typed as an amount ("1'234.50", "1 234,50", "1234,5", "800"), as integer Rappen, or
 * why it is not one. Apostrophes and (narrow no-break) spaces group thousands; a comma may stand for
 * the decimal point (fr-CH writes 1 234,50).
 */
export function parseAmountInput(
  text: string,
): { ok: true; rappen: number } | { ok: false; problem: AmountInputProblem } {
  const cleaned = plainNumberInput(text);
  if (!cleaned) return { ok: false, problem: "empty" };
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned))
    return { ok: false, problem: /^\d+\.\d{3,}$/.test(cleaned) ? "decimals" : "invalid" };
  const [whole = "0", fraction = ""] = cleaned.split(".");
  const rappen = Number(whole) * 100 + Number((fraction + "00").slice(0, 2));
  if (!Number.isSafeInteger(rappen)) return { ok: false, problem: "tooLarge" };
  if (rappen <= 0) return { ok: false, problem: "notPositive" };
  return { ok: true, rappen };
}

/**
 * One item of a refused or blocked payout in the person's language: a Payroll Control finding by
 * its code (results namespace), another coded item (payout.missing_town ...) by its code (problems
 * namespace), else the API's text.
 */
export function payoutItemText(
  item: { code?: string; message: string; params?: Record<string, string> | null },
  tr: ResultsTranslator,
  tp: ProblemTranslator,
  locale: Locale,
  calc?: { t: CalcTranslator; format: Formatter; words: Vocabulary },
) {
  if (!item.code) return item.message;
  const sentence = calc ? issueSentence({ code: item.code, params: item.params }, calc) : null;
  if (sentence) return sentence;
  if (tr.has(`findings.${item.code}`))
    return findingSentence({ code: item.code, message: item.message }, new Map(), tr, locale);
  if (tp.has(`codes.${item.code}`)) return tp(`codes.${item.code}`);
  return item.message;
}

/** The API path of a period's payouts, and the browser link to a payout's pain.001 file. */
export const payoutsApiPath = (orgId: string, payrollId: string, periodId: string) =>
  `/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/${periodId}/payouts`;
export const payoutFileHref = (orgId: string, payrollId: string, periodId: string, payoutId: string) =>
  `/api${payoutsApiPath(orgId, payrollId, periodId)}/${payoutId}/document`;
