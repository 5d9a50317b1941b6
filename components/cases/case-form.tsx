"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import {
  useForm,
  type Control,
  type FieldErrors,
  type Resolver,
  type ResolverResult,
  type UseFormRegisterReturn,
} from "react-hook-form";
import { CANTON_CODES } from "@/server/regulations/catalog/identifiers";
import { PostCaseChange, type CaseChange } from "@/server/cases/schemas";
import { parseDateInput, plainNumberInput } from "@/components/format/swiss";
import { useFormat } from "@/components/format/use-format";
import { ApiProblem, apiRequest } from "@/components/forms/api";
import { FormDateField } from "@/components/forms/date-field";
import { useProblems } from "@/components/forms/use-problems";
import { validationText, type ValidationTranslator } from "@/components/forms/validation";
import { caseFieldProblem } from "./messages";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import {
  displayValue,
  languageOf,
  localized,
  nameInSentence,
  requirementOf,
  type CaseDefinition,
  type CaseFieldDefinition,
  type CaseWords,
  type LookupChoices,
} from "./labels";

export type FormValues = { start: string; end: string; reason: string; fields: Record<string, string> };
type Body = PostCaseChange;

/** A date as typed (31.01.2026, or 2026-01-31) as the API's YYYY-MM-DD; what cannot be read stays as typed, for the check to name. */
export const isoOf = (typed: string) => parseDateInput(typed) ?? typed.trim();

/** A field's value as the API takes it: dates as YYYY-MM-DD, numbers without the grouping the screens show (6'600.00 is 6600.00), the rest as typed. */
const valueOf = (field: CaseFieldDefinition, values: FormValues) => {
  const typed = (values.fields[field.name] ?? "").trim();
  if (!typed) return typed;
  if (field.valueType === "date") return isoOf(typed);
  return NUMERIC.has(field.valueType) ? plainNumberInput(typed) : typed;
};

/** The API body from the form: only the fields whose value differs from the one in force. */
export function toBody(
  values: FormValues,
  definition: CaseDefinition,
  employeeId: string | null,
  baseline: Record<string, string>,
): Body {
  const changed = definition.fields.filter((f) => {
    const value = valueOf(f, values);
    return value !== "" && value !== (baseline[f.name] ?? "");
  });
  return {
    caseName: definition.name,
    employeeId,
    reason: values.reason.trim() || undefined,
    values: changed.map((f) => ({
      caseFieldName: f.name,
      value: valueOf(f, values),
      start: isoOf(values.start),
      end: values.end.trim() ? isoOf(values.end) : null,
    })),
  };
}

/** Where a problem of the API body (`values.2.value`) belongs on this form. */
export function formPathOf(path: string, body: Body): "start" | "end" | "reason" | `fields.${string}` | null {
  const match = /^values\.(\d+)\.(\w+)$/.exec(path);
  if (match) {
    const item = body.values[Number(match[1])];
    if (!item) return null;
    if (match[2] === "start") return "start";
    if (match[2] === "end") return "end";
    return `fields.${item.caseFieldName}`;
  }
  return path === "reason" ? "reason" : null;
}

const NUMERIC = new Set(["money", "percent", "decimal", "integer", "bfsNumber"]);

export function FieldInput({
  field,
  definition,
  scheduled,
  words,
  lookups,
  registration,
  control,
  error,
  current,
}: {
  field: CaseFieldDefinition;
  definition: CaseDefinition;
  /** Values that come into force after the date the form shows, as "7'000.00 from 01.09.2026". */
  scheduled?: string[];
  words: CaseWords;
  lookups: LookupChoices;
  registration: UseFormRegisterReturn;
  control: Control<FormValues>;
  error?: string;
  current?: string;
}) {
  const { language, t } = words;
  const label = localized(field.displayName, language);
  const need = requirementOf(field, definition, words);
  const defaultNote =
    field.default !== null && current === undefined
      ? t("form.default", { value: displayValue(field, field.default, words, lookups, { currency: false }) })
      : null;
  const note = [need, defaultNote].filter(Boolean).join(" · ");
  const hint =
    note || scheduled?.length ? (
      <>
        {note}
        {scheduled?.length ? (
          <span className="block font-medium text-sky-800" data-testid="scheduled">
            {t("form.scheduled", { list: scheduled.join("; ") })}
          </span>
        ) : null}
      </>
    ) : undefined;
  const empty = <option value="">{current === undefined ? t("form.notSet") : t("form.keep")}</option>;
  switch (field.valueType) {
    case "enum":
      return (
        <SelectField label={label} hint={hint} error={error} {...registration}>
          {empty}
          {(field.options ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {localized(o.displayName, language)}
            </option>
          ))}
        </SelectField>
      );
    case "boolean":
      return (
        <SelectField label={label} hint={hint} error={error} {...registration}>
          {empty}
          <option value="true">{t("values.yes")}</option>
          <option value="false">{t("values.no")}</option>
        </SelectField>
      );
    case "canton":
      return (
        <SelectField label={label} hint={hint} error={error} {...registration}>
          {empty}
          {CANTON_CODES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectField>
      );
    case "lookup": {
      const choices = field.lookup ? (lookups[field.lookup] ?? []) : [];
      return (
        <SelectField label={label} hint={choices.length ? hint : t("form.noChoices")} error={error} {...registration}>
          {empty}
          {choices.map((c) => (
            <option key={c.key} value={c.key}>
              {c.key} · {c.value}
            </option>
          ))}
        </SelectField>
      );
    }
    case "date":
      return <FormDateField label={label} hint={hint} error={error} control={control} name={`fields.${field.name}`} />;
    default: {
      const unit =
        field.valueType === "money" ? " (CHF)" : field.valueType === "percent" && !label.includes("%") ? " (%)" : "";
      return (
        <TextField
          label={`${label}${unit}`}
          inputMode={NUMERIC.has(field.valueType) ? "decimal" : undefined}
          autoComplete="off"
          hint={hint}
          error={error}
          {...registration}
        />
      );
    }
  }
}

/**
 * A case entry form generated from the case definition: one input per field by its value type, a
 * start date for the change, an optional end and a reason. Posts the fields that changed as one
 * case change (POST .../cases); the API's problems appear beside the field they name.
 */
export function CaseForm({
  orgId,
  payrollId,
  employeeId,
  definition,
  current,
  scheduled = {},
  valueDate,
  lookups,
  defaultStart,
  canWrite,
}: {
  orgId: string;
  payrollId: string;
  employeeId: string | null;
  definition: CaseDefinition;
  /** The values in force (not for moment fields: each of those is an event of its own). */
  current: Record<string, string>;
  /** Per field, the changes that start after valueDate, as the form shows them beside the field. */
  scheduled?: Record<string, string[]>;
  /** The date whose values the form shows (today, within the open period). */
  valueDate?: string;
  lookups: LookupChoices;
  defaultStart: string;
  canWrite: boolean;
}) {
  const router = useRouter();
  const t = useTranslations("cases");
  const tValidation = useTranslations("forms.validation") as unknown as ValidationTranslator;
  const problems = useProblems();
  const locale = useLocale();
  const format = useFormat();
  const words: CaseWords = useMemo(() => ({ language: languageOf(locale), t, format }), [locale, t, format]);
  const [baseline, setBaseline] = useState(current);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  // Dates are kept as YYYY-MM-DD (DateField shows and takes 31.01.2026); what is typed and not a date stays as typed, for the check to name.
  const initial = (from: Record<string, string>, start = defaultStart): FormValues => ({
    start,
    end: "",
    reason: "",
    fields: Object.fromEntries(definition.fields.map((f) => [f.name, from[f.name] ?? ""])),
  });

  // The API's own schema checks the body this form would send; its issues land on the fields they name.
  const resolver: Resolver<FormValues> = async (values) => {
    const badDate = (typed: string) => typed.trim() !== "" && parseDateInput(typed) === null;
    const dateErrors: FieldErrors<FormValues> & { fields?: Record<string, { type: string; message: string }> } = {};
    const invalidDate = { type: "date", message: t("form.invalidDate") };
    if (badDate(values.start)) dateErrors.start = invalidDate;
    if (badDate(values.end)) dateErrors.end = invalidDate;
    for (const f of definition.fields)
      if (f.valueType === "date" && badDate(values.fields[f.name] ?? ""))
        dateErrors.fields = { ...dateErrors.fields, [f.name]: invalidDate };
    if (Object.keys(dateErrors).length) return { values: {}, errors: dateErrors } as ResolverResult<FormValues>;
    const body = toBody(values, definition, employeeId, baseline);
    if (body.values.length === 0)
      return {
        values: {},
        errors: { root: { type: "nothing", message: t("form.nothing") } },
      } as ResolverResult<FormValues>;
    const parsed = PostCaseChange.safeParse(body);
    if (parsed.success) return { values, errors: {} } as ResolverResult<FormValues>;
    const errors: FieldErrors<FormValues> & { fields?: Record<string, { type: string; message: string }> } = {};
    for (const issue of parsed.error.issues) {
      const where = formPathOf(issue.path.join("."), body);
      const error = {
        type: "validation",
        message: where === "start" || where === "end" ? t("form.invalidDate") : validationText(issue, tValidation),
      };
      if (!where) errors.root = error;
      else if (where.startsWith("fields.")) errors.fields = { ...errors.fields, [where.slice(7)]: error };
      else errors[where as "start" | "end" | "reason"] = error;
    }
    return { values: {}, errors } as ResolverResult<FormValues>;
  };

  const form = useForm<FormValues>({ resolver, defaultValues: initial(current) });
  const post = useMutation({
    mutationFn: (body: Body) =>
      apiRequest<CaseChange>(`/tenants/${orgId}/payrolls/${payrollId}/cases`, { method: "POST", body }),
    onSuccess: ({ data }, body) => {
      const next = { ...baseline };
      // A value that starts later (a raise from 1 September) does not replace the one in force: it shows as scheduled.
      const inForce = (v: { start: string; end: string | null }) =>
        !valueDate || (v.start <= valueDate && (v.end === null || v.end >= valueDate));
      for (const v of data.values)
        if (!definition.fields.find((f) => f.name === v.caseFieldName)?.moment && inForce(v))
          next[v.caseFieldName] = v.value;
      setBaseline(next);
      const from = body.values[0]?.start ?? defaultStart;
      form.reset(initial(next, from));
      const later = valueDate !== undefined && from > valueDate;
      setSaved(t(later ? "form.savedLater" : "form.saved", { count: data.values.length, date: format.date(from) }));
      router.refresh();
    },
    onError: (error, body) => {
      if (error instanceof ApiProblem && error.errors.length) {
        let placed = false;
        for (const item of error.errors) {
          const where = formPathOf(item.path, body);
          if (!where) continue;
          const valueType = where.startsWith("fields.")
            ? definition.fields.find((f) => `fields.${f.name}` === where)?.valueType
            : undefined;
          form.setError(
            where,
            { type: "server", message: caseFieldProblem(error, item, problems.t, valueType) },
            { shouldFocus: !placed },
          );
          placed = true;
        }
        if (placed) return;
      }
      setFormError(problems.message(error));
    },
  });

  const errors = form.formState.errors as FieldErrors<FormValues> & { fields?: Record<string, { message?: string }> };
  const title = localized(definition.displayName, words.language);
  const onlyMoments = definition.fields.every((f) => f.moment);
  return (
    <form
      aria-label={title}
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((values) => {
        setFormError(null);
        setSaved(null);
        post.mutate(toBody(values, definition, employeeId, baseline));
      })}
    >
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      {errors.root?.message ? <Alert tone="error">{errors.root.message}</Alert> : null}
      {saved && !form.formState.isDirty ? <Alert tone="success">{saved}</Alert> : null}
      <fieldset disabled={!canWrite} className="grid min-w-0 gap-4 sm:grid-cols-2">
        {definition.fields.map((field) => (
          <FieldInput
            key={field.name}
            field={field}
            definition={definition}
            scheduled={scheduled[field.name]}
            words={words}
            lookups={lookups}
            current={baseline[field.name]}
            registration={form.register(`fields.${field.name}`)}
            control={form.control}
            error={errors.fields?.[field.name]?.message}
          />
        ))}
      </fieldset>
      {canWrite ? (
        <div className="rounded-md border border-slate-200 bg-slate-50 p-3">
          <fieldset className="grid items-start gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1.4fr_auto]">
            <legend className="sr-only">{t("form.when")}</legend>
            <FormDateField
              label={onlyMoments ? t("form.date") : t("form.validFrom")}
              hint={onlyMoments ? t("form.dateHint") : t("form.validFromHint")}
              control={form.control}
              name="start"
            />
            {onlyMoments ? null : (
              <FormDateField
                label={t("form.validUntil")}
                hint={t("form.validUntilHint")}
                control={form.control}
                name="end"
              />
            )}
            <TextField
              label={t("form.reason")}
              autoComplete="off"
              error={errors.reason?.message}
              {...form.register("reason")}
            />
            <div className="sm:pt-6">
              <Button type="submit" disabled={post.isPending}>
                {post.isPending ? t("form.saving") : t("form.save", { name: nameInSentence(title, words.language) })}
              </Button>
            </div>
          </fieldset>
        </div>
      ) : null}
    </form>
  );
}
