"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { DocumentLanguage, UpdatePayroll, type Payroll } from "@/server/payrolls/schemas";

import { apiRequest } from "@/components/forms/api";
import { useZodResolver } from "@/components/forms/zod-resolver";
import { useProblems } from "@/components/forms/use-problems";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";

const FIELDS = ["name", "documentLanguage"] as const;

/** Name and document language: changeable at any time. */
export function PayrollSettingsForm({
  orgId,
  payroll,
  etag,
  canUpdate,
}: {
  orgId: string;
  payroll: Payroll;
  etag: string;
  canUpdate: boolean;
}) {
  const t = useTranslations("payroll");
  const problems = useProblems();
  const tUi = useTranslations("ui");
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<z.input<typeof UpdatePayroll>, unknown, UpdatePayroll>({
    resolver: useZodResolver(UpdatePayroll),
    defaultValues: { name: payroll.name, documentLanguage: payroll.documentLanguage },
  });
  const update = useMutation({
    mutationFn: (input: UpdatePayroll) =>
      apiRequest<Payroll>(`/tenants/${orgId}/payrolls/${payroll.id}`, {
        method: "PUT",
        body: { name: input.name, documentLanguage: input.documentLanguage },
        ifMatch: etag,
      }),
    onSuccess: ({ data }) => {
      setSaved(true);
      form.reset({ name: data.name, documentLanguage: data.documentLanguage });
      router.refresh();
    },
    onError: (error) => setFormError(problems.apply(error, FIELDS, form.setError)),
  });
  const errors = form.formState.errors;
  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={form.handleSubmit((input) => {
        setFormError(null);
        setSaved(false);
        update.mutate(input);
      })}
    >
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      {saved && !form.formState.isDirty ? <Alert tone="success">{t("form.saved")}</Alert> : null}
      <fieldset disabled={!canUpdate} className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("form.name")}
          hint={t("form.nameHint")}
          error={errors.name?.message}
          {...form.register("name")}
        />
        <SelectField
          label={t("form.documentLanguage")}
          hint={t("form.documentLanguageHint")}
          error={errors.documentLanguage?.message}
          {...form.register("documentLanguage")}
        >
          {DocumentLanguage.options.map((language) => (
            <option key={language} value={language}>
              {t(`documentLanguages.${language}`)}
            </option>
          ))}
        </SelectField>
      </fieldset>
      {canUpdate ? (
        <Button type="submit" disabled={update.isPending || !form.formState.isDirty}>
          {update.isPending ? tUi("saving") : t("form.save")}
        </Button>
      ) : (
        <p className="text-sm text-slate-500">{t("form.onlyAdmin")}</p>
      )}
    </form>
  );
}
