"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { AssignRegulations, type AvailableRegulations, type PayrollRegulations } from "@/server/regulations/schemas";
import { apiRequest } from "@/components/forms/api";
import { useZodResolver } from "@/components/forms/zod-resolver";
import { useProblems } from "@/components/forms/use-problems";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { displayName } from "./display-name";

type Country = z.infer<typeof AvailableRegulations>["items"][number];
const FIELDS = ["countryRegulation", "industries", "accountingDocument", "accountingData"] as const;

/**
 * The payroll's regulations by exact name from the catalog. The country is fixed; industries already
 * assigned stay (they can only be added); the accounting template and the chart can be replaced.
 */
export function RegulationsForm({
  orgId,
  payrollId,
  country,
  assigned,
  canUpdate,
  submitLabel,
  nextHref,
}: {
  orgId: string;
  payrollId: string;
  country: Country;
  assigned: PayrollRegulations;
  canUpdate: boolean;
  submitLabel?: string;
  /** Where to go after saving (the next onboarding step); stays on the page when left out. */
  nextHref?: string;
}) {
  const t = useTranslations("regulations.form");
  const problems = useProblems();
  const tUi = useTranslations("ui");
  const tSection = useTranslations("regulations");
  const locale = useLocale();
  const localized = (name: Parameters<typeof displayName>[0], fallback: string) =>
    displayName(name, locale) || fallback;
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<z.input<typeof AssignRegulations>, unknown, AssignRegulations>({
    resolver: useZodResolver(AssignRegulations),
    defaultValues: {
      countryRegulation: assigned.countryRegulation,
      industries: assigned.industries,
      accountingDocument: assigned.accountingDocument ?? country.accountingDocument[0]?.name ?? "",
      accountingData: assigned.accountingData ?? country.accountingData[0]?.name ?? "",
    },
  });
  const save = useMutation({
    mutationFn: (input: AssignRegulations) =>
      apiRequest<PayrollRegulations>(`/tenants/${orgId}/payrolls/${payrollId}/regulations`, {
        method: "PUT",
        body: input,
      }),
    onSuccess: ({ data }) => {
      setSaved(true);
      form.reset({
        countryRegulation: data.countryRegulation,
        industries: data.industries,
        accountingDocument: data.accountingDocument ?? "",
        accountingData: data.accountingData ?? "",
      });
      if (nextHref) router.push(nextHref);
      router.refresh();
    },
    onError: (error) => setFormError(problems.apply(error, FIELDS, form.setError)),
  });
  const industries = useWatch({ control: form.control, name: "industries" }) ?? [];
  const errors = form.formState.errors;
  const chosenChart = useWatch({ control: form.control, name: "accountingData" });
  const chartChanges = chosenChart !== assigned.accountingData && assigned.accountingData !== null;

  return (
    <form
      noValidate
      aria-label={t("label")}
      className="space-y-5"
      onSubmit={form.handleSubmit((input) => {
        setFormError(null);
        setSaved(false);
        save.mutate({ ...input, industries: [...new Set([...assigned.industries, ...(input.industries ?? [])])] });
      })}
    >
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      {saved && !form.formState.isDirty && !nextHref ? <Alert tone="success">{t("saved")}</Alert> : null}
      <fieldset disabled={!canUpdate} className="min-w-0 space-y-5">
        <div className="text-sm">
          <p className="font-medium text-slate-800">{t("countryRegulation")}</p>
          <p className="text-slate-700">
            {t("countrySet", { name: localized(country.displayName, country.name), code: country.name })}
          </p>
        </div>
        <div role="group" aria-labelledby="industries-label" className="space-y-2">
          <p id="industries-label" className="text-sm font-medium text-slate-800">
            {t("industries")}
          </p>
          <p className="text-xs text-slate-500">{t("industriesHint")}</p>
          {country.industries.length === 0 ? <p className="text-sm text-slate-500">{t("noIndustries")}</p> : null}
          {country.industries.map((industry) => {
            const fixed = assigned.industries.includes(industry.name);
            const checked = industries.includes(industry.name);
            return (
              <label key={industry.name} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={fixed}
                  onChange={(event) =>
                    form.setValue(
                      "industries",
                      event.target.checked
                        ? [...industries, industry.name]
                        : industries.filter((n) => n !== industry.name),
                      { shouldDirty: true },
                    )
                  }
                />
                {localized(industry.displayName, industry.name)}{" "}
                <span className="text-xs text-slate-500">({industry.name})</span>
                {fixed ? (
                  <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-600">{t("fixed")}</span>
                ) : null}
              </label>
            );
          })}
          {errors.industries ? (
            <p role="alert" className="text-xs font-medium text-red-700">
              {errors.industries.message ?? t("checkIndustries")}
            </p>
          ) : null}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={tSection("accountingDocument")}
            hint={tSection("replaceable")}
            error={errors.accountingDocument?.message}
            {...form.register("accountingDocument")}
          >
            {country.accountingDocument.map((r) => (
              <option key={r.name} value={r.name}>
                {localized(r.displayName, r.name)} ({r.name})
              </option>
            ))}
          </SelectField>
          <SelectField
            label={tSection("chartOfAccounts")}
            hint={tSection("replaceable")}
            error={errors.accountingData?.message}
            {...form.register("accountingData")}
          >
            {country.accountingData.map((r) => (
              <option key={r.name} value={r.name}>
                {localized(r.displayName, r.name)} ({r.name})
              </option>
            ))}
          </SelectField>
        </div>
        {chartChanges ? (
          <Alert tone="warning" title={t("replacingChart")}>
            {t("replacingChartBody")}
          </Alert>
        ) : null}
      </fieldset>
      {canUpdate ? (
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? tUi("saving") : (submitLabel ?? t("save"))}
        </Button>
      ) : (
        <p className="text-sm text-slate-500">{t("onlyAdmin")}</p>
      )}
    </form>
  );
}
