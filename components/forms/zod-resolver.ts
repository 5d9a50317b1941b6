"use client";

import { toNestErrors, validateFieldsNatively } from "@hookform/resolvers";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { FieldError, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { validationText, type ValidationTranslator } from "./validation";

/**
 * A react-hook-form resolver for one of the API's zod schemas whose messages are in the person's
 * language (forms.validation.*): the schemas' own messages are the API's English, so each issue is
 * worded from its kind (too short, not an email, not a date ...), never from its English message.
 */
export function translatedZodResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  t: ValidationTranslator,
): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join(".") || "root";
      errors[path] ??= { type: issue.code, message: validationText(issue, t) };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/** `useForm({ resolver: useZodResolver(Schema) })`: the schema's checks, worded in the person's language. */
export function useZodResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  const t = useTranslations("forms.validation") as unknown as ValidationTranslator;
  return useMemo(() => translatedZodResolver(schema, t), [schema, t]);
}
