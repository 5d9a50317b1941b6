"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { CreatePayroll, DocumentLanguage, type Payroll } from "@/server/payrolls/schemas";

import { apiRequest } from "@/components/forms/api";
import { useZodResolver } from "@/components/forms/zod-resolver";
import { FormDateField } from "@/components/forms/date-field";
import { useProblems } from "@/components/forms/use-problems";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { AccountingStartGuidance } from "./accounting-start-guidance";

const FIELDS = ["name", "accountingStartDate", "documentLanguage", "countryRegulation"] as const;

export type CountryChoice = { name: string; label: string };

export function CreatePayrollForm({
  orgId,
  suggestedStart,
  countries,
  nextHref,
}: {
  orgId: string;
  suggestedStart: string;
  countries: CountryChoice[];
  /** Where to continue once the payroll exists (the next onboarding step); refreshes in place when left out. */
  nextHref?: string;
}) {
  const t = useTranslations("payroll");
  const problems = useProblems();
  const [foundingMonth, setFoundingMonth] = useState("");
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof CreatePayroll>, unknown, CreatePayroll>({
    resolver: useZodResolver(CreatePayroll),
    defaultValues: { name: "", accountingStartDate: suggestedStart, documentLanguage: "de", countryRegulation: "CH" },
  });
  const create = useMutation({
    mutationFn: (input: CreatePayroll) =>
      apiRequest<Payroll>(`/tenants/${orgId}/payrolls/simple`, { method: "POST", body: input }),
    onSuccess: () => {
      if (nextHref) router.push(nextHref);
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
        create.mutate(input);
      })}
    >
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <TextField
        label={t("form.name")}
        hint={t("form.nameHint")}
        error={errors.name?.message}
        {...form.register("name")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormDateField
          label={t("form.start")}
          hint={t("form.firstOfMonth")}
          control={form.control}
          name="accountingStartDate"
        />
        <SelectField
          label={t("form.documentLanguage")}
          error={errors.documentLanguage?.message}
          {...form.register("documentLanguage")}
        >
          {DocumentLanguage.options.map((language) => (
            <option key={language} value={language}>
              {t(`documentLanguages.${language}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t("form.countryRegulation")}
          error={errors.countryRegulation?.message}
          {...form.register("countryRegulation")}
        >
          {countries.map((country) => (
            <option key={country.name} value={country.name}>
              {country.label}
            </option>
          ))}
        </SelectField>
      </div>
      <AccountingStartGuidance creating />
      <div className="flex flex-wrap items-end gap-3 text-sm">
        <Button
          variant="secondary"
          onClick={() =>
            form.setValue("accountingStartDate", `${suggestedStart.slice(0, 4)}-01-01`, { shouldValidate: true })
          }
        >
          {t("form.existingCompany", { year: suggestedStart.slice(0, 4) })}
        </Button>
        <div className="flex items-end gap-2">
          <TextField
            label={t("form.foundingMonth")}
            type="month"
            value={foundingMonth}
            onChange={(event) => setFoundingMonth(event.target.value)}
          />
          <Button
            variant="secondary"
            disabled={!/^\d{4}-\d{2}$/.test(foundingMonth)}
            onClick={() => form.setValue("accountingStartDate", `${foundingMonth}-01`, { shouldValidate: true })}
          >
            {t("form.useFoundingMonth")}
          </Button>
        </div>
      </div>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? t("form.creating") : t("form.create")}
      </Button>
    </form>
  );
}
