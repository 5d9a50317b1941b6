"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { CreatePayroll, DocumentLanguage, type Payroll } from "@/server/payrolls/schemas";

import { apiRequest } from "@/components/forms/api";
import { applyProblem } from "@/components/forms/problem";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { AccountingStartGuidance } from "./accounting-start-guidance";
import { DOCUMENT_LANGUAGE_LABELS } from "./labels";

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
  const [foundingMonth, setFoundingMonth] = useState("");
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof CreatePayroll>, unknown, CreatePayroll>({
    resolver: zodResolver(CreatePayroll),
    defaultValues: { name: "", accountingStartDate: suggestedStart, documentLanguage: "de", countryRegulation: "CH" },
  });
  const create = useMutation({
    mutationFn: (input: CreatePayroll) => apiRequest<Payroll>(`/tenants/${orgId}/payrolls/simple`, { method: "POST", body: input }),
    onSuccess: () => {
      if (nextHref) router.push(nextHref);
      router.refresh();
    },
    onError: (error) => setFormError(applyProblem(error, FIELDS, form.setError)),
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
      <TextField label="Payroll name" hint="As in the commercial register; it is sent with the ELM transmission." error={errors.name?.message} {...form.register("name")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Accounting start date" type="date" hint="The 1st of a month." error={errors.accountingStartDate?.message} {...form.register("accountingStartDate")} />
        <SelectField label="Document language" error={errors.documentLanguage?.message} {...form.register("documentLanguage")}>
          {DocumentLanguage.options.map((language) => (
            <option key={language} value={language}>
              {DOCUMENT_LANGUAGE_LABELS[language]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Country regulation" error={errors.countryRegulation?.message} {...form.register("countryRegulation")}>
          {countries.map((country) => (
            <option key={country.name} value={country.name}>
              {country.label}
            </option>
          ))}
        </SelectField>
      </div>
      <AccountingStartGuidance creating />
      <div className="flex flex-wrap items-end gap-3 text-sm">
        <Button variant="secondary" onClick={() => form.setValue("accountingStartDate", `${suggestedStart.slice(0, 4)}-01-01`, { shouldValidate: true })}>
          Existing company: 1 January {suggestedStart.slice(0, 4)}
        </Button>
        <div className="flex items-end gap-2">
          <TextField label="Founding month (new company)" type="month" value={foundingMonth} onChange={(event) => setFoundingMonth(event.target.value)} />
          <Button
            variant="secondary"
            disabled={!/^\d{4}-\d{2}$/.test(foundingMonth)}
            onClick={() => form.setValue("accountingStartDate", `${foundingMonth}-01`, { shouldValidate: true })}
          >
            Use the 1st of the founding month
          </Button>
        </div>
      </div>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? "Creating…" : "Create payroll"}
      </Button>
    </form>
  );
}
