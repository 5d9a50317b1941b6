"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, type FieldErrors, type Resolver, type ResolverResult, type UseFormRegisterReturn } from "react-hook-form";
import { CANTON_CODES } from "@/server/cases/identifiers";
import { PostCaseChange, type CaseChange } from "@/server/cases/schemas";
import { formatDate as swissDate } from "@/server/documents/pdf/i18n";
import { ApiProblem, apiRequest } from "@/components/forms/api";
import { problemMessage } from "@/components/forms/problem";
import { plainMessage, plainProblem } from "./messages";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { displayValue, localized, requirementOf, sentenceName, type CaseDefinition, type CaseFieldDefinition, type Language, type LookupChoices } from "./labels";

type FormValues = { start: string; end: string; reason: string; fields: Record<string, string> };
type Body = PostCaseChange;

/** The API body from the form: only the fields whose value differs from the one in force. */
function toBody(values: FormValues, definition: CaseDefinition, employeeId: string | null, baseline: Record<string, string>): Body {
  const changed = definition.fields.filter((f) => {
    const value = (values.fields[f.name] ?? "").trim();
    return value !== "" && value !== (baseline[f.name] ?? "");
  });
  return {
    caseName: definition.name,
    employeeId,
    reason: values.reason.trim() || undefined,
    values: changed.map((f) => ({ caseFieldName: f.name, value: (values.fields[f.name] ?? "").trim(), start: values.start, end: values.end || null })),
  };
}

/** Where a problem of the API body (`values.2.value`) belongs on this form. */
function formPathOf(path: string, body: Body): "start" | "end" | "reason" | `fields.${string}` | null {
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

function FieldInput({
  field,
  definition,
  scheduled,
  language,
  lookups,
  registration,
  error,
  current,
}: {
  field: CaseFieldDefinition;
  definition: CaseDefinition;
  /** Values that come into force after the date the form shows, as "7'000.00 from 01.09.2026". */
  scheduled?: string[];
  language: Language;
  lookups: LookupChoices;
  registration: UseFormRegisterReturn;
  error?: string;
  current?: string;
}) {
  const label = localized(field.displayName, language);
  const need = requirementOf(field, definition, language);
  const defaultNote = field.default !== null && current === undefined ? `Default: ${displayValue(field, field.default, language, lookups, { currency: false })}` : null;
  const note = [need, defaultNote].filter(Boolean).join(" · ");
  const hint =
    note || scheduled?.length ? (
      <>
        {note}
        {scheduled?.length ? (
          <span className="block font-medium text-sky-800" data-testid="scheduled">
            Scheduled: {scheduled.join("; ")}
          </span>
        ) : null}
      </>
    ) : undefined;
  const empty = <option value="">{current === undefined ? "— not set —" : "— keep —"}</option>;
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
          <option value="true">Yes</option>
          <option value="false">No</option>
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
        <SelectField label={label} hint={choices.length ? hint : "None yet: add them first (for cost centers: Cost centers in the menu)."} error={error} {...registration}>
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
      return <TextField label={label} type="date" hint={hint} error={error} {...registration} />;
    default: {
      const unit = field.valueType === "money" ? " (CHF)" : field.valueType === "percent" ? " (%)" : "";
      return <TextField label={`${label}${unit}`} inputMode={NUMERIC.has(field.valueType) ? "decimal" : undefined} autoComplete="off" hint={hint} error={error} {...registration} />;
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
  language,
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
  language: Language;
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
  const [baseline, setBaseline] = useState(current);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const initial = (from: Record<string, string>): FormValues => ({
    start: defaultStart,
    end: "",
    reason: "",
    fields: Object.fromEntries(definition.fields.map((f) => [f.name, from[f.name] ?? ""])),
  });

  // The API's own schema checks the body this form would send; its issues land on the fields they name.
  const resolver: Resolver<FormValues> = async (values) => {
    const body = toBody(values, definition, employeeId, baseline);
    if (body.values.length === 0) return { values: {}, errors: { root: { type: "nothing", message: "Enter or change at least one value." } } } as ResolverResult<FormValues>;
    const parsed = PostCaseChange.safeParse(body);
    if (parsed.success) return { values, errors: {} } as ResolverResult<FormValues>;
    const errors: FieldErrors<FormValues> & { fields?: Record<string, { type: string; message: string }> } = {};
    for (const issue of parsed.error.issues) {
      const where = formPathOf(issue.path.join("."), body);
      const error = { type: "validation", message: issue.message };
      if (!where) errors.root = error;
      else if (where.startsWith("fields.")) errors.fields = { ...errors.fields, [where.slice(7)]: error };
      else errors[where as "start" | "end" | "reason"] = error;
    }
    return { values: {}, errors } as ResolverResult<FormValues>;
  };

  const form = useForm<FormValues>({ resolver, defaultValues: initial(current) });
  const post = useMutation({
    mutationFn: (body: Body) => apiRequest<CaseChange>(`/tenants/${orgId}/payrolls/${payrollId}/cases`, { method: "POST", body }),
    onSuccess: ({ data }, body) => {
      const next = { ...baseline };
      // A value that starts later (a raise from 1 September) does not replace the one in force: it shows as scheduled.
      const inForce = (v: { start: string; end: string | null }) => !valueDate || (v.start <= valueDate && (v.end === null || v.end >= valueDate));
      for (const v of data.values) if (!definition.fields.find((f) => f.name === v.caseFieldName)?.moment && inForce(v)) next[v.caseFieldName] = v.value;
      setBaseline(next);
      form.reset({ ...initial(next), start: body.values[0]?.start ?? defaultStart });
      const from = body.values[0]?.start ?? defaultStart;
      const later = valueDate !== undefined && from > valueDate;
      setSaved(`Saved ${data.values.length} value${data.values.length === 1 ? "" : "s"}, valid from ${swissDate(from)}${later ? ": shown as scheduled until then" : ""}.`);
      router.refresh();
    },
    onError: (error, body) => {
      if (error instanceof ApiProblem && error.errors.length) {
        let placed = false;
        for (const item of error.errors) {
          const where = formPathOf(item.path, body);
          if (!where) continue;
          form.setError(where, { type: "server", message: plainMessage(item.message) }, { shouldFocus: !placed });
          placed = true;
        }
        if (placed) return;
      }
      setFormError(error instanceof ApiProblem && error.status !== 409 ? plainProblem(error) : problemMessage(error));
    },
  });

  const errors = form.formState.errors as FieldErrors<FormValues> & { fields?: Record<string, { message?: string }> };
  const title = localized(definition.displayName, language);
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
            language={language}
            lookups={lookups}
            current={baseline[field.name]}
            registration={form.register(`fields.${field.name}`)}
            error={errors.fields?.[field.name]?.message}
          />
        ))}
      </fieldset>
      {canWrite ? (
        <div className="rounded-md border border-slate-200 bg-slate-50 p-3">
          <fieldset className="grid items-start gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1.4fr_auto]">
            <legend className="sr-only">When this change applies</legend>
            <TextField
              label={onlyMoments ? "Date" : "Valid from"}
              type="date"
              hint={onlyMoments ? "The day it happened or is paid." : "The change applies from this day on."}
              error={errors.start?.message}
              {...form.register("start")}
            />
            {onlyMoments ? null : <TextField label="Valid until (optional)" type="date" hint="Leave empty while it lasts." error={errors.end?.message} {...form.register("end")} />}
            <TextField label="Reason (optional)" autoComplete="off" error={errors.reason?.message} {...form.register("reason")} />
            <div className="sm:pt-6">
              <Button type="submit" disabled={post.isPending}>
                {post.isPending ? "Saving…" : `Save ${sentenceName(title)}`}
              </Button>
            </div>
          </fieldset>
        </div>
      ) : null}
    </form>
  );
}
