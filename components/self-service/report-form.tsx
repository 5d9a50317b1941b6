"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useForm, type FieldErrors, type Resolver, type ResolverResult } from "react-hook-form";
import { parseDateInput } from "@/components/format/swiss";
import { useFormat } from "@/components/format/use-format";
import { ApiProblem, apiRequest } from "@/components/forms/api";
import { FormDateField } from "@/components/forms/date-field";
import { useProblems } from "@/components/forms/use-problems";
import { validationText, type ValidationTranslator } from "@/components/forms/validation";
import { FieldInput, formPathOf, toBody, type FormValues } from "@/components/cases/case-form";
import { languageOf, localized, type CaseDefinition, type CaseWords } from "@/components/cases/labels";
import { caseFieldProblem } from "@/components/cases/messages";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { PostCaseChange } from "@/server/cases/schemas";

type Body = PostCaseChange;
type Money = { before: string; after: string; change: string };
/** The answers of POST .../cases: 201 (applied at once, or a dry run's 200) and 202 (reported, waiting for HR). */
type Applied = {
  id: string;
  status?: string;
  values: { start: string }[];
  dryRun?: true;
  periods?: {
    status: string;
    periodStart: string;
    employees: { employeeId: string; gross: Money; net: Money; payable?: Money }[];
  }[];
};
type Reported = { status: "pending"; caseChange: { id: string }; taskId: string };
type Effect = { periodStart: string; gross: Money; net: Money; payable: Money | null } | { none: true };

/**
 * Reports a change of one of the person's own cases (contract 9b). Address and correspondence
 * language apply at once (201); the rest is reported to HR (202, pending). Where a change moves the
 * next net pay (family allowances, absences), the first step asks the service for the simulated
 * effect (?dryRun=true: nothing is stored) and shows net before -> after; the second step sends it.
 */
export function ReportForm({
  orgId,
  payrollId,
  employeeId,
  definition,
  current,
  defaultStart,
  showsEffect,
  dataHref,
}: {
  orgId: string;
  payrollId: string;
  employeeId: string;
  definition: CaseDefinition;
  current: Record<string, string>;
  defaultStart: string;
  showsEffect: boolean;
  dataHref: string;
}) {
  const router = useRouter();
  const t = useTranslations("portal.report");
  const tCases = useTranslations("cases");
  const tValidation = useTranslations("forms.validation") as unknown as ValidationTranslator;
  const problems = useProblems();
  const locale = useLocale();
  const format = useFormat();
  const words: CaseWords = useMemo(
    () => ({ language: languageOf(locale), t: tCases, format }),
    [locale, tCases, format],
  );
  const [formError, setFormError] = useState<string | null>(null);
  const [effect, setEffect] = useState<Effect | null>(null);
  const [done, setDone] = useState<{ pending: boolean; start: string } | null>(null);
  const fields = definition.fields.filter((f) => !f.moment);

  const resolver: Resolver<FormValues> = async (values) => {
    const invalidDate = { type: "date", message: tCases("form.invalidDate") };
    const bad = (typed: string) => typed.trim() !== "" && parseDateInput(typed) === null;
    const errors: FieldErrors<FormValues> & { fields?: Record<string, { type: string; message: string }> } = {};
    if (bad(values.start) || !values.start.trim()) errors.start = invalidDate;
    for (const f of fields)
      if (f.valueType === "date" && bad(values.fields[f.name] ?? ""))
        errors.fields = { ...errors.fields, [f.name]: invalidDate };
    if (Object.keys(errors).length) return { values: {}, errors } as ResolverResult<FormValues>;
    const body = toBody(values, definition, employeeId, current);
    if (!body.values.length)
      return { values: {}, errors: { root: { type: "nothing", message: t("nothing") } } } as ResolverResult<FormValues>;
    const parsed = PostCaseChange.safeParse(body);
    if (parsed.success) return { values, errors: {} } as ResolverResult<FormValues>;
    for (const issue of parsed.error.issues) {
      const where = formPathOf(issue.path.join("."), body);
      const error = {
        type: "validation",
        message: where === "start" || where === "end" ? tCases("form.invalidDate") : validationText(issue, tValidation),
      };
      if (!where) errors.root = error;
      else if (where.startsWith("fields.")) errors.fields = { ...errors.fields, [where.slice(7)]: error };
      else errors[where as "start" | "end" | "reason"] = error;
    }
    return { values: {}, errors } as ResolverResult<FormValues>;
  };

  const form = useForm<FormValues>({
    resolver,
    defaultValues: {
      start: defaultStart,
      end: "",
      reason: "",
      fields: Object.fromEntries(fields.map((f) => [f.name, current[f.name] ?? ""])),
    },
  });
  const onError = (error: Error, body: Body) => {
    if (error instanceof ApiProblem && error.errors.length) {
      let placed = false;
      for (const item of error.errors) {
        const where = formPathOf(item.path, body);
        if (!where) continue;
        const valueType = where.startsWith("fields.")
          ? fields.find((f) => `fields.${f.name}` === where)?.valueType
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
  };
  const path = `/tenants/${orgId}/payrolls/${payrollId}/cases`;
  const simulate = useMutation({
    mutationFn: (body: Body) => apiRequest<Applied>(`${path}?dryRun=true`, { method: "POST", body }),
    onSuccess: ({ data }) => {
      const open = data.periods?.find((p) => p.status === "open");
      const mine = open?.employees.find((e) => e.employeeId === employeeId);
      // What is paid out (net + allowances) where the service says it; gross and net always.
      const moves = (m: Money | undefined) => !!m && m.before !== m.after;
      const changed = mine && (moves(mine.gross) || moves(mine.net) || moves(mine.payable));
      setEffect(
        open && mine && changed
          ? { periodStart: open.periodStart, gross: mine.gross, net: mine.net, payable: mine.payable ?? null }
          : { none: true },
      );
    },
    onError,
  });
  const send = useMutation({
    mutationFn: (body: Body) =>
      apiRequest<Applied | Reported>(path, { method: "POST", body, idempotencyKey: crypto.randomUUID() }),
    onSuccess: ({ data }, body) => {
      setDone({
        pending: "caseChange" in data && data.status === "pending",
        start: body.values[0]?.start ?? defaultStart,
      });
      router.refresh();
    },
    onError,
  });

  const title = localized(definition.displayName, words.language);
  if (done) {
    return (
      <div className="space-y-4" data-testid="report-done">
        <Alert tone={done.pending ? "info" : "success"} title={done.pending ? t("sentTitle") : t("savedTitle")}>
          {done.pending ? t("sentBody") : t("savedBody", { date: format.date(done.start) })}
        </Alert>
        <Link href={dataHref} className="inline-flex min-h-11 items-center font-medium text-sky-800 underline">
          {t("toData")}
        </Link>
      </div>
    );
  }
  const errors = form.formState.errors as FieldErrors<FormValues> & { fields?: Record<string, { message?: string }> };
  const busy = simulate.isPending || send.isPending;
  return (
    <form
      aria-label={title}
      noValidate
      className="space-y-4"
      // Whatever is changed after the effect was shown makes it stale: ask again before sending.
      onChange={() => setEffect(null)}
      onSubmit={form.handleSubmit((values) => {
        setFormError(null);
        const body = toBody(values, definition, employeeId, current);
        if (showsEffect && !effect) simulate.mutate(body);
        else send.mutate(body);
      })}
    >
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      {errors.root?.message ? <Alert tone="error">{errors.root.message}</Alert> : null}
      <fieldset className="grid min-w-0 gap-4">
        <legend className="sr-only">{title}</legend>
        {fields.map((field) => (
          <FieldInput
            key={field.name}
            field={field}
            definition={definition}
            words={words}
            lookups={{}}
            current={current[field.name]}
            registration={form.register(`fields.${field.name}`)}
            control={form.control}
            error={errors.fields?.[field.name]?.message}
          />
        ))}
      </fieldset>
      <FormDateField label={t("from")} hint={t("fromHint")} control={form.control} name="start" />
      <TextField
        label={t("reason")}
        hint={t("reasonHint")}
        autoComplete="off"
        error={errors.reason?.message}
        {...form.register("reason")}
      />
      {effect ? (
        <div
          data-testid="net-effect"
          className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950"
        >
          {"none" in effect ? (
            <p>{t("noEffect")}</p>
          ) : (
            <>
              <p className="font-medium">{t("effectTitle", { month: format.month(effect.periodStart) })}</p>
              <dl className="mt-1 space-y-1 tabular-nums">
                <div className="flex flex-wrap justify-between gap-x-3" data-testid="gross-before-after">
                  <dt>{t("gross")}</dt>
                  <dd className="font-semibold">
                    {format.chf(effect.gross.before)} → {format.chf(effect.gross.after)}
                  </dd>
                </div>
                <div className="flex flex-wrap justify-between gap-x-3" data-testid="net-before-after">
                  <dt>{t("net")}</dt>
                  <dd className="text-lg font-semibold">
                    {format.chf(effect.net.before)} → {format.chf(effect.net.after)}
                  </dd>
                </div>
                {effect.payable ? (
                  <div className="flex flex-wrap justify-between gap-x-3" data-testid="payable-before-after">
                    <dt>{t("payable")}</dt>
                    <dd className="text-lg font-semibold">
                      {format.chf(effect.payable.before)} → {format.chf(effect.payable.after)}
                    </dd>
                  </div>
                ) : null}
              </dl>
              <p className="mt-1 text-xs">{t("effectNote")}</p>
            </>
          )}
        </div>
      ) : null}
      <Button type="submit" className="min-h-12 w-full text-base" disabled={busy}>
        {busy ? t("working") : showsEffect && !effect ? t("check") : t("send")}
      </Button>
    </form>
  );
}
