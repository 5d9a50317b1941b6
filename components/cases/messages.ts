import { ApiProblem, type FieldProblem } from "@/components/forms/api";
import type { Translate } from "./labels";

/**
 * A message of the API's problem as a person reads it beside a field: without the field's internal
 * name or the body path in front ("AhvNumber: ...", "values.0.value: ..."), since the field is named
 * by where the message stands.
 */
export function plainMessage(message: string) {
  // Dates as the console writes them: 2026-01-01 as 01.01.2026.
  return message
    .replace(/^(?:[\w.]+: )+/, "")
    .replace(/\b(\d{4})-(\d{2})-(\d{2})\b/g, "$3.$2.$1")
    .trim();
}

/**
 * The API's details are English (contract section 9c): in English the console shows them, plainly
 * written; in German, French and Italian it says what went wrong from the problem's stable code and
 * the field the problem names (`errors[].path`), from the `cases` catalog (`problems.*`).
 */
const speaksEnglish = (locale: string) => locale.startsWith("en");

/** A problem beside the field it names. */
export function fieldProblem(item: FieldProblem, t: Translate, locale: string) {
  if (speaksEnglish(locale)) return plainMessage(item.message);
  if (/(^|\.)(start|end)$/.test(item.path)) return t("problems.invalidDate");
  return t("problems.invalidValue");
}

/** What went wrong, as one plain sentence: the problem's field messages, else its detail (in English), else by its code. */
export function plainProblem(error: unknown, t: Translate, locale: string) {
  if (!(error instanceof ApiProblem)) return t("problems.generic");
  if (error.status === 403) return t("problems.forbidden");
  if (error.status === 401) return t("problems.expired");
  if (error.status === 412) return t("problems.changed");
  if (speaksEnglish(locale)) {
    if (error.errors.length) return [...new Set(error.errors.map((e) => plainMessage(e.message)))].join(" ");
    return plainMessage(error.detail);
  }
  if (error.status === 409) return t("problems.conflict");
  if (error.status === 429) return t("problems.tooMany");
  if (error.errors.some((e) => /(^|\.)(start|end)$/.test(e.path))) return t("problems.invalidDate");
  if (error.errors.length || error.status === 422 || error.status === 400) return t("problems.invalid");
  return t("problems.notSaved");
}
