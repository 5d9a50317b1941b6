import { ApiProblem, type FieldProblem } from "@/components/forms/api";
import { fieldProblemText, problemText, type ProblemTranslator } from "@/components/forms/problem";

/**
 * Problems of a case change (POST .../cases) in the person's language, from the problem's stable
 * code and the path each field problem names (`values.2.start`, `values.2.value`), never from the
 * English detail (contract 9c): a value that is not valid is worded by its field's value type
 * (an AHV number, an IBAN ...), from the "problems" catalog (`caseFields.*`).
 */
export function caseFieldProblem(
  error: ApiProblem,
  item: FieldProblem,
  t: ProblemTranslator,
  valueType?: string,
): string {
  if (/(^|\.)end$/.test(item.path)) return t("caseFields.endBeforeStart");
  if (/(^|\.)value$/.test(item.path))
    return valueType && t.has(`caseFields.valueTypes.${valueType}`)
      ? t(`caseFields.valueTypes.${valueType}`)
      : t("field.invalid");
  return fieldProblemText(error, item, t);
}

/** What went wrong, as one sentence: the problem's field messages (each once), else the problem by its code. */
export function caseProblem(
  error: unknown,
  t: ProblemTranslator,
  valueTypeOf: (path: string) => string | undefined = () => undefined,
): string {
  if (!(error instanceof ApiProblem) || !error.errors.length || (error.status !== 422 && error.status !== 400))
    return problemText(error, t);
  return [...new Set(error.errors.map((item) => caseFieldProblem(error, item, t, valueTypeOf(item.path))))].join(" ");
}
