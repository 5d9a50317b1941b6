"use client";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { applyProblem, problemText, type ProblemTranslator, type ProblemValues } from "./problem";

/**
 * Problems of the API in the person's language, for client components:
 * `const problems = useProblems();` then `problems.apply(error, fields, setError, getValues())` in a
 * form, `problems.message(error)` for an action without fields.
 */
export function useProblems() {
  const t = useTranslations("problems") as unknown as ProblemTranslator;
  return useMemo(
    () => ({
      t,
      message: (error: unknown) => problemText(error, t),
      apply: <T extends FieldValues>(
        error: unknown,
        fields: readonly Path<T>[],
        setError: UseFormSetError<T>,
        values?: ProblemValues,
      ) => applyProblem(error, fields, setError, t, values),
    }),
    [t],
  );
}
