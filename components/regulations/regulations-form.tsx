"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { AssignRegulations, type AvailableRegulations, type PayrollRegulations } from "@/server/regulations/schemas";
import { apiRequest } from "@/components/forms/api";
import { applyProblem } from "@/components/forms/problem";
import { localized, type Language } from "@/components/cases/labels";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";

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
  language,
  canUpdate,
  submitLabel = "Save regulations",
  nextHref,
}: {
  orgId: string;
  payrollId: string;
  country: Country;
  assigned: PayrollRegulations;
  language: Language;
  canUpdate: boolean;
  submitLabel?: string;
  /** Where to go after saving (the next onboarding step); stays on the page when left out. */
  nextHref?: string;
}) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<z.input<typeof AssignRegulations>, unknown, AssignRegulations>({
    resolver: zodResolver(AssignRegulations),
    defaultValues: {
      countryRegulation: assigned.countryRegulation,
      industries: assigned.industries,
      accountingDocument: assigned.accountingDocument ?? country.accountingDocument[0]?.name ?? "",
      accountingData: assigned.accountingData ?? country.accountingData[0]?.name ?? "",
    },
  });
  const save = useMutation({
    mutationFn: (input: AssignRegulations) => apiRequest<PayrollRegulations>(`/tenants/${orgId}/payrolls/${payrollId}/regulations`, { method: "PUT", body: input }),
    onSuccess: ({ data }) => {
      setSaved(true);
      form.reset({ countryRegulation: data.countryRegulation, industries: data.industries, accountingDocument: data.accountingDocument ?? "", accountingData: data.accountingData ?? "" });
      if (nextHref) router.push(nextHref);
      router.refresh();
    },
    onError: (error) => setFormError(applyProblem(error, FIELDS, form.setError)),
  });
  const industries = useWatch({ control: form.control, name: "industries" }) ?? [];
  const errors = form.formState.errors;
  const chosenChart = useWatch({ control: form.control, name: "accountingData" });
  const chartChanges = chosenChart !== assigned.accountingData && assigned.accountingData !== null;

  return (
    <form
      noValidate
      aria-label="Regulations"
      className="space-y-5"
      onSubmit={form.handleSubmit((input) => {
        setFormError(null);
        setSaved(false);
        save.mutate({ ...input, industries: [...new Set([...assigned.industries, ...input.industries])] });
      })}
    >
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      {saved && !form.formState.isDirty && !nextHref ? <Alert tone="success">Regulations saved.</Alert> : null}
      <fieldset disabled={!canUpdate} className="min-w-0 space-y-5">
        <div className="text-sm">
          <p className="font-medium text-slate-800">Country regulation</p>
          <p className="text-slate-700">
            {localized(country.displayName, language)} ({country.name}) — set when the payroll was created; it is never swapped or removed.
          </p>
        </div>
        <div role="group" aria-labelledby="industries-label" className="space-y-2">
          <p id="industries-label" className="text-sm font-medium text-slate-800">
            Industries
          </p>
          <p className="text-xs text-slate-500">Industry regulations add cases and wage types of their own. They can be added at any time but never removed.</p>
          {country.industries.length === 0 ? <p className="text-sm text-slate-500">The country offers no industry regulations.</p> : null}
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
                    form.setValue("industries", event.target.checked ? [...industries, industry.name] : industries.filter((n) => n !== industry.name), { shouldDirty: true })
                  }
                />
                {localized(industry.displayName, language)} <span className="text-xs text-slate-500">({industry.name})</span>
                {fixed ? <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-600">assigned · cannot be removed</span> : null}
              </label>
            );
          })}
          {errors.industries ? (
            <p role="alert" className="text-xs font-medium text-red-700">
              {errors.industries.message ?? "Check the industries."}
            </p>
          ) : null}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Accounting document template" hint="Replaceable at any time; effective from the open period." error={errors.accountingDocument?.message} {...form.register("accountingDocument")}>
            {country.accountingDocument.map((r) => (
              <option key={r.name} value={r.name}>
                {localized(r.displayName, language)} ({r.name})
              </option>
            ))}
          </SelectField>
          <SelectField label="Chart of accounts" hint="Replaceable at any time; effective from the open period." error={errors.accountingData?.message} {...form.register("accountingData")}>
            {country.accountingData.map((r) => (
              <option key={r.name} value={r.name}>
                {localized(r.displayName, language)} ({r.name})
              </option>
            ))}
          </SelectField>
        </div>
        {chartChanges ? (
          <Alert tone="warning" title="Replacing the chart of accounts">
            The payroll gets the accounts of the new chart, and the wage type mapping starts again from that chart&apos;s defaults.
          </Alert>
        ) : null}
      </fieldset>
      {canUpdate ? (
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : submitLabel}
        </Button>
      ) : (
        <p className="text-sm text-slate-500">Only an Administrator can change the regulations.</p>
      )}
    </form>
  );
}
