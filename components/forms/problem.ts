import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { formatDate } from "@/components/format/swiss";
import { ApiProblem, type FieldProblem } from "./api";

/**
 * The "problems" namespace of the catalogs (messages/<locale>/problems.json) as a function:
 * `useTranslations("problems")` in a component, `createTranslator(...)` in a test.
 */
export type ProblemTranslator = {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
  /** The message as written, to see which arguments it needs. */
  raw(key: string): unknown;
};

/** Values of the form that a field's message may name ("already has the identifier \"1001\""), by path. */
export type ProblemValues = Partial<Record<string, string | number | null | undefined>>;

/** "payout.not_ready" as its catalog key: codes are dotted, and so are nested catalog keys. */
const codeKey = (prefix: string, code: string) =>
  /^[a-z0-9_]+(?:\.[a-z0-9_]+)*$/.test(code) ? `${prefix}.${code}` : null;

function known(t: ProblemTranslator, key: string | null, values?: Record<string, string | number>) {
  return key && t.has(key) ? t(key, values) : null;
}

/**
 * A problem of the API as one sentence in the person's language: from its stable `code`, else a
 * generic message for its status, never from the English `detail` (contract 9c: the API keeps
 * English details, the console translates by code).
 */
export function problemText(error: unknown, t: ProblemTranslator): string {
  if (!(error instanceof ApiProblem)) return t("generic");
  if (error.status === 0) return t("network");
  return known(t, codeKey("codes", error.code)) ?? statusText(error.status, t);
}

/** The generic message of an HTTP status: 409 "cannot be done in the current state", 5xx "the service ran into an error". */
export function statusText(status: number, t: ProblemTranslator): string {
  return (
    known(t, `status.${status}`) ??
    (status >= 500
      ? t("status.serverError", { status })
      : status >= 400
        ? t("status.clientError", { status })
        : t("generic"))
  );
}

/** The amount a message of the API names ("... the open amount of 1'234.50."): the figure a translated message repeats. */
const NAMED_AMOUNT = /(-?\d[\d']*\.\d{2})(?!\d)/;

/** The date a message of the API names ("... the accounting start date (2026-01-01)."), shown the Swiss way. */
const NAMED_DATE = /\b(\d{4}-\d{2}-\d{2})\b/;

/**
 * The message of one field problem (`errors[].path`): the code's message for that field where the
 * catalog has one (with the field's value, or the amount the problem names), else a translated
 * generic "not valid".
 */
export function fieldProblemText(
  error: ApiProblem,
  item: FieldProblem,
  t: ProblemTranslator,
  values: ProblemValues = {},
  format?: { amount(value: string): string },
): string {
  const key = codeKey("fieldCodes", error.code);
  if (key && t.has(key)) {
    const value = values[item.path];
    const date = NAMED_DATE.exec(item.message)?.[1];
    const amount = date ? undefined : NAMED_AMOUNT.exec(item.message)?.[1];
    const args: Record<string, string | number> = {};
    if (value !== undefined && value !== null && value !== "") args.value = value;
    if (amount) args.amount = format ? format.amount(amount.replace(/'/g, "")) : amount;
    if (date) args.date = formatDate(date);
    const raw = String(t.raw(key));
    const needed = [...raw.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    // A message naming a value the caller did not give falls back to the code's sentence without it.
    if (needed.every((name) => name in args)) return t(key, args);
  }
  if (error.status !== 422 && error.status !== 400) return known(t, codeKey("codes", error.code)) ?? t("field.invalid");
  return t("field.invalid");
}

/**
 * Puts an API problem next to the fields it names (`errors[].path`), and returns what belongs to the
 * whole form: null when a named field took it, else the problem in one sentence, in the person's
 * language (client components: `useProblems().apply`).
 */
export function applyProblem<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  t: ProblemTranslator,
  values?: ProblemValues,
): string | null {
  if (!(error instanceof ApiProblem)) return t("generic");
  let placed = false;
  for (const item of error.errors) {
    const field = fields.find((f) => f === item.path);
    if (field) {
      setError(field, { type: "server", message: fieldProblemText(error, item, t, values) }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed ? null : problemText(error, t);
}
