import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
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
const codeKey = (prefix: string, code: string) => (/^[a-z0-9_]+(?:\.[a-z0-9_]+)*$/.test(code) ? `${prefix}.${code}` : null);

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
  return known(t, `status.${status}`) ?? (status >= 500 ? t("status.serverError", { status }) : status >= 400 ? t("status.clientError", { status }) : t("generic"));
}

/** The amount a message of the API names ("... the open amount of 1'234.50."): the figure a translated message repeats. */
const NAMED_AMOUNT = /(-?\d[\d']*\.\d{2})(?!\d)/;

/**
 * The message of one field problem (`errors[].path`): the code's message for that field where the
 * catalog has one (with the field's value, or the amount the problem names), else a translated
 * generic "not valid".
 */
export function fieldProblemText(error: ApiProblem, item: FieldProblem, t: ProblemTranslator, values: ProblemValues = {}, format?: { amount(value: string): string }): string {
  const key = codeKey("fieldCodes", error.code);
  if (key && t.has(key)) {
    const value = values[item.path];
    const amount = NAMED_AMOUNT.exec(item.message)?.[1];
    const args: Record<string, string | number> = {};
    if (value !== undefined && value !== null && value !== "") args.value = value;
    if (amount) args.amount = format ? format.amount(amount.replace(/'/g, "")) : amount;
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
 * whole form: null when a named field took it, else the problem in one sentence. Without a
 * translator (not yet converted screens) it speaks the API's English, as before.
 */
export function applyProblem<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>, t?: ProblemTranslator, values?: ProblemValues): string | null {
  if (!(error instanceof ApiProblem)) return t ? t("generic") : error instanceof Error ? error.message : "Something went wrong.";
  let placed = false;
  for (const item of error.errors) {
    const field = fields.find((f) => f === item.path);
    if (field) {
      // A conflict's detail names the clash ("... already has the identifier 1001"); a validation message is per field.
      const message = t ? fieldProblemText(error, item, t, values) : error.status === 409 ? error.detail : item.message;
      setError(field, { type: "server", message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  if (placed) return null;
  return t ? problemText(error, t) : (ENGLISH_STATUS[error.status] ?? error.detail);
}

/** A problem as one sentence, for actions without fields (remove, withdraw, accept). */
export function problemMessage(error: unknown, t?: ProblemTranslator): string {
  if (t) return problemText(error, t);
  if (!(error instanceof ApiProblem)) return error instanceof Error ? error.message : "Something went wrong.";
  return error.status === 401 || error.status === 403 ? (ENGLISH_STATUS[error.status] ?? error.detail) : error.detail;
}

/** What screens not yet translated showed: kept until every caller passes a translator. */
const ENGLISH_STATUS: Record<number, string> = {
  401: "Your session has expired. Sign in again.",
  403: "Your role does not allow this.",
  412: "Someone else changed this in the meantime. Reload the page to see the current values, then try again.",
};
