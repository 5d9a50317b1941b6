import type { z } from "zod";

/** The "forms.validation" part of the catalogs as a function (useTranslations, or createTranslator in a test). */
export type ValidationTranslator = (key: string, values?: Record<string, string | number>) => string;

/**
 * Messages the API's schemas write themselves (refinements), by what they mean: the English text is
 * the API's (contract 9c), the person reads the catalog's.
 */
const CUSTOM: [RegExp, string][] = [
  [/control characters|not valid Unicode|Line breaks and tabs/i, "text"],
  [/1st of a month/i, "firstOfMonth"],
  [/calendar date|YYYY-MM-DD/, "date"],
];

const meaningOf = (message: string) => CUSTOM.find(([pattern]) => pattern.test(message))?.[1];

/**
 * One issue of a zod schema as a person reads it beside the field, from its kind and limits (a
 * minimum length, an email format), in the person's language: never the schema's English message.
 */
export function validationText(issue: z.core.$ZodIssue, t: ValidationTranslator): string {
  switch (issue.code) {
    case "too_small": {
      const minimum = Number(issue.minimum);
      if (issue.origin === "string") return minimum <= 1 ? t("required") : t("tooShort", { minimum });
      if (issue.origin === "array" || issue.origin === "set") return t("tooFew", { minimum });
      return t("invalid");
    }
    case "too_big": {
      const maximum = Number(issue.maximum);
      if (issue.origin === "string") return t("tooLong", { maximum });
      if (issue.origin === "array" || issue.origin === "set") return t("tooMany", { maximum });
      return t("invalid");
    }
    case "invalid_format": {
      if (issue.format === "email") return t("email");
      if (issue.format === "url") return t("url");
      if (issue.format === "date" || issue.format === "datetime") return t("date");
      return t(meaningOf(issue.message) ?? "invalid");
    }
    case "invalid_type":
      // A form's value of the wrong type is one left out (a select with nothing chosen).
      return issue.expected === "number" || issue.expected === "int" ? t("number") : t("required");
    case "invalid_value":
    case "invalid_union":
      return t("choose");
    case "custom":
      return t(meaningOf(issue.message) ?? "invalid");
    default:
      return t("invalid");
  }
}
