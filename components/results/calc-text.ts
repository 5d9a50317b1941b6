import type { Formatter } from "@/components/format/swiss";
import { kindOfParam, type TextParams } from "@/server/calc/texts";
import { nameOf, type Vocabulary } from "./labels";

/**
 * The calculation's texts in the person's language (issue 12): a Payroll Control item by its code and
 * a payslip line's "why?" by its key, from the "calc" namespace (messages/<locale>/calc.json:
 * issue.<code>, why.<key>), with the figures the calculation passed (params, server/calc/texts.ts)
 * in Swiss formats and internal names as the regulation's display names. Works with the server's
 * getTranslations("calc") and the client's useTranslations("calc") alike.
 */
export type CalcTranslator = {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
};

const DECIMAL = /^-?\d+(?:\.\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** "6500.00 2026-01-01..2026-01-14": one salary segment as the calculation lists it. */
/** "A0N 42000.00 15.12": income earned under a tariff code and that code's rate (annual withholding-tax model). */
const TARIFF_SHARE = /^([A-Z0-9]{3}) (-?\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/;
const SEGMENT = /^(-?\d+(?:\.\d+)?) (\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/;

/** One figure as people read it, by the kind its name stands for. */
export function formatParam(name: string, value: string, format: Formatter, words: Vocabulary): string {
  switch (kindOfParam(name)) {
    case "date":
      return ISO_DATE.test(value) ? format.date(value) : value;
    case "chf":
      return DECIMAL.test(value) ? format.chf(value) : value;
    case "percent":
      return DECIMAL.test(value) ? format.percent(value) : value;
    case "number":
      return value;
    case "name":
      return value ? nameOf(value, words) : value;
    case "segments":
      return value
        .split(", ")
        .map((segment) => {
          const match = SEGMENT.exec(segment);
          return match ? `${format.chf(match[1]!)} ${format.date(match[2]!)}–${format.date(match[3]!)}` : segment;
        })
        .join(", ");
    case "tariffShares":
      return value
        .split(", ")
        .map((share) => {
          const match = TARIFF_SHARE.exec(share);
          return match ? `${match[1]}: ${format.chf(match[2]!)} × ${format.percent(match[3]!)}` : share;
        })
        .join(", ");
    default:
      return value;
  }
}

export function formatParams(params: TextParams, format: Formatter, words: Vocabulary): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, formatParam(name, value, format, words)]),
  );
}

/** The catalog key of a finding's sentence ("calc.missing_monthly_salary" as "issue.calc.missing_monthly_salary"), null for a code no key can hold. */
export const issueKey = (code: string) => (/^[a-z]+\.[a-z0-9_]+$/.test(code) ? `issue.${code}` : null);
/** The catalog key of a line explanation's sentence ("ahv" as "why.ahv"). */
export const whyKey = (key: string) => (/^[A-Za-z0-9]+$/.test(key) ? `why.${key}` : null);

type Speech = { t: CalcTranslator; format: Formatter; words: Vocabulary };

/** A Payroll Control item with its figures in the person's language; null when it has none (stored before issue 12) or the catalog lacks its code. */
export function issueSentence(
  item: { code: string; params?: TextParams | null },
  { t, format, words }: Speech,
): string | null {
  const key = issueKey(item.code);
  if (!item.params || !key || !t.has(key)) return null;
  return t(key, formatParams(item.params, format, words));
}

/** A payslip line's "why?" in the person's language; null when the line has no key (stored before issue 12) or the catalog lacks it. */
export function explanationSentence(
  explanation: { key?: string; params?: TextParams },
  { t, format, words }: Speech,
): string | null {
  const key = explanation.key ? whyKey(explanation.key) : null;
  if (!key || !t.has(key)) return null;
  return t(key, formatParams(explanation.params ?? {}, format, words));
}
