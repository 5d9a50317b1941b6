import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiProblem } from "./api";

const FRIENDLY: Record<number, string> = {
  401: "Your session has expired. Sign in again.",
  403: "Your role does not allow this.",
  412: "Someone else changed this in the meantime. Reload the page to see the current values, then try again.",
};

/**
 * Puts an API problem next to the fields it names (`errors[].path`), and returns what belongs to the
 * whole form: the problem's detail when no named field is on the form.
 */
export function applyProblem<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>): string | null {
  if (!(error instanceof ApiProblem)) return error instanceof Error ? error.message : "Something went wrong.";
  let placed = false;
  for (const item of error.errors) {
    const field = fields.find((f) => f === item.path);
    if (field) {
      // A conflict's detail names the clash ("... already has the identifier 1001"); a validation message is per field.
      const message = error.status === 409 ? error.detail : item.message;
      setError(field, { type: "server", message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  if (placed) return null;
  return FRIENDLY[error.status] ?? error.detail;
}

/** A problem as one sentence, for actions without fields (remove, withdraw, accept). */
export function problemMessage(error: unknown): string {
  if (!(error instanceof ApiProblem)) return error instanceof Error ? error.message : "Something went wrong.";
  return error.status === 401 || error.status === 403 ? (FRIENDLY[error.status] ?? error.detail) : error.detail;
}
