"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { UpdateUser, type User } from "@/server/users/schemas";
import { apiRequest } from "@/components/forms/api";
import { useZodResolver } from "@/components/forms/zod-resolver";
import { useProblems } from "@/components/forms/use-problems";
import { LOCALES, localeOfCulture } from "@/i18n/locales";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";

const FIELDS = ["culture"] as const;

export function CultureForm({ user }: { user: User }) {
  const t = useTranslations("account");
  const problems = useProblems();
  const tUi = useTranslations("ui");
  const tLanguages = useTranslations("common.languages");
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // A culture stored before the four were the only choice (contract 9c) shows as the one the console speaks for it.
  const current = localeOfCulture(user.culture);
  const form = useForm<z.input<typeof UpdateUser>, unknown, UpdateUser>({
    resolver: useZodResolver(UpdateUser),
    defaultValues: { culture: current },
  });
  const update = useMutation({
    mutationFn: (input: UpdateUser) => apiRequest<User>(`/users/${user.id}`, { method: "PUT", body: input }),
    onSuccess: ({ data }) => {
      setSaved(true);
      form.reset({ culture: localeOfCulture(data.culture) });
      router.refresh();
    },
    onError: (error) => setFormError(problems.apply(error, FIELDS, form.setError)),
  });
  // defaultValue also renders the server HTML with the stored culture selected, before hydration hands the field to the form.
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
      {saved && !form.formState.isDirty ? <Alert tone="success">{t("saved")}</Alert> : null}
      <div className="sm:max-w-xs">
        <SelectField
          label={t("language")}
          hint={t("languageHint")}
          error={form.formState.errors.culture?.message}
          defaultValue={current}
          {...form.register("culture")}
        >
          {LOCALES.map((culture) => (
            <option key={culture} value={culture}>
              {tLanguages(culture)}
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" disabled={update.isPending || !form.formState.isDirty}>
        {update.isPending ? tUi("saving") : tUi("save")}
      </Button>
    </form>
  );
}
