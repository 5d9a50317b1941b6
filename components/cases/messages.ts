import { ApiProblem } from "@/components/forms/api";

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

/** What went wrong, as one plain sentence: the problem's field messages, else its detail. */
export function plainProblem(error: unknown) {
  if (!(error instanceof ApiProblem)) return error instanceof Error ? error.message : "Something went wrong.";
  if (error.status === 403) return "Your role does not allow this.";
  if (error.status === 401) return "Your session has expired. Sign in again.";
  if (error.errors.length) return [...new Set(error.errors.map((e) => plainMessage(e.message)))].join(" ");
  return plainMessage(error.detail);
}
