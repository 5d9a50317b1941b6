"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, type FieldErrors, type UseFormRegister } from "react-hook-form";
import type { z } from "zod";
import { CreateEmployee, UpdateEmployee, type Employee } from "@/server/employees/schemas";
import { apiRequest } from "@/components/forms/api";
import { useZodResolver } from "@/components/forms/zod-resolver";
import { useProblems } from "@/components/forms/use-problems";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";

type EmployeeValues = { identifier?: string; firstName?: string; lastName?: string };
const FIELDS = ["identifier", "firstName", "lastName"] as const;

function EmployeeFields({
  register,
  errors,
}: {
  register: UseFormRegister<EmployeeValues>;
  errors: FieldErrors<EmployeeValues>;
}) {
  const t = useTranslations("employees.form");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2 sm:max-w-xs">
        <TextField
          label={t("identifier")}
          hint={t("identifierHint")}
          autoComplete="off"
          error={errors.identifier?.message}
          {...register("identifier")}
        />
      </div>
      <TextField
        label={t("firstName")}
        autoComplete="off"
        error={errors.firstName?.message}
        {...register("firstName")}
      />
      <TextField label={t("lastName")} autoComplete="off" error={errors.lastName?.message} {...register("lastName")} />
    </div>
  );
}

export function CreateEmployeeForm({ orgId }: { orgId: string }) {
  const router = useRouter();
  const t = useTranslations("employees.form");
  const problems = useProblems();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof CreateEmployee>, unknown, CreateEmployee>({
    resolver: useZodResolver(CreateEmployee),
    defaultValues: { identifier: "", firstName: "", lastName: "" },
  });
  const create = useMutation({
    mutationFn: (input: CreateEmployee) =>
      apiRequest<Employee>(`/tenants/${orgId}/employees`, { method: "POST", body: input }),
    onSuccess: ({ data }) => {
      router.push(`/tenants/${orgId}/employees?created=${encodeURIComponent(data.identifier)}`);
      router.refresh();
    },
    onError: (error) => setFormError(problems.apply(error, FIELDS, form.setError, form.getValues())),
  });
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
      <EmployeeFields
        register={form.register as unknown as UseFormRegister<EmployeeValues>}
        errors={form.formState.errors}
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t("creating") : t("create")}
        </Button>
        <ButtonLink variant="secondary" href={`/tenants/${orgId}/employees`}>
          {t("cancel")}
        </ButtonLink>
      </div>
    </form>
  );
}

export function EditEmployeeForm({
  orgId,
  employee,
  etag,
  canWrite,
  backHref,
}: {
  orgId: string;
  employee: Employee;
  etag: string;
  canWrite: boolean;
  /** null for Self Service: their own record is all they have. */
  backHref: string | null;
}) {
  const router = useRouter();
  const t = useTranslations("employees.form");
  const problems = useProblems();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof UpdateEmployee>, unknown, UpdateEmployee>({
    resolver: useZodResolver(UpdateEmployee),
    defaultValues: { identifier: employee.identifier, firstName: employee.firstName, lastName: employee.lastName },
  });
  const update = useMutation({
    mutationFn: (input: UpdateEmployee) =>
      apiRequest<Employee>(`/tenants/${orgId}/employees/${employee.id}`, { method: "PUT", body: input, ifMatch: etag }),
    onSuccess: () => {
      router.push(backHref ?? `/tenants/${orgId}`);
      router.refresh();
    },
    onError: (error) => setFormError(problems.apply(error, FIELDS, form.setError, form.getValues())),
  });
  return (
    <form
      aria-label={t("record")}
      noValidate
      className="space-y-5"
      onSubmit={form.handleSubmit((input) => {
        setFormError(null);
        update.mutate(input);
      })}
    >
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <fieldset disabled={!canWrite} className="min-w-0">
        <EmployeeFields
          register={form.register as unknown as UseFormRegister<EmployeeValues>}
          errors={form.formState.errors}
        />
      </fieldset>
      <div className="flex gap-2">
        {canWrite ? (
          <Button type="submit" disabled={update.isPending || !form.formState.isDirty}>
            {update.isPending ? t("saving") : t("save")}
          </Button>
        ) : null}
        {backHref ? (
          <ButtonLink variant="secondary" href={backHref}>
            {t("back")}
          </ButtonLink>
        ) : null}
      </div>
    </form>
  );
}
