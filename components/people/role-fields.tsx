"use client";

import { useTranslations } from "next-intl";
import { Controller, useWatch, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import type { Role } from "@/server/context";
import { SelectField } from "@/components/ui/field";
import { ROLES, type Option } from "./labels";

/** The part of the invite and change-role forms that both share. */
export type RoleValues = { role?: string; payrollIds?: string[]; employeeId?: string | null };

/** The body for the API: a Manager's payrolls or the Self Service employee, nothing of another role. */
export function roleLinks<T extends { role: Role; payrollIds?: string[]; employeeId?: string | null }>(input: T) {
  const { payrollIds, employeeId, ...rest } = input;
  return {
    ...rest,
    ...(input.role === "Manager" ? { payrollIds: payrollIds ?? [] } : {}),
    ...(input.role === "SelfService" ? { employeeId: employeeId ?? null } : {}),
  };
}

function PayrollCheckboxes({
  options,
  value,
  onChange,
  error,
}: {
  options: readonly Option[];
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const t = useTranslations("people");
  return (
    <fieldset className="space-y-1" aria-invalid={error ? true : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">{t("payrolls")}</legend>
      {options.length === 0 ? <p className="text-xs text-slate-500">{t("noPayrollYet")}</p> : null}
      {options.map((option) => (
        <label key={option.id} className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-300"
            checked={value.includes(option.id)}
            onChange={(event) =>
              onChange(event.target.checked ? [...value, option.id] : value.filter((id) => id !== option.id))
            }
          />
          {option.label}
        </label>
      ))}
      {error ? (
        <p role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : (
        <p className="text-xs text-slate-500">{t("payrollsHint")}</p>
      )}
    </fieldset>
  );
}

export function RoleFields({
  control,
  register,
  errors,
  payrolls,
  employees,
}: {
  control: Control<RoleValues>;
  register: UseFormRegister<RoleValues>;
  errors: FieldErrors<RoleValues>;
  payrolls: readonly Option[];
  employees: readonly Option[];
}) {
  const t = useTranslations("people");
  const tRoles = useTranslations("common.roles");
  const role = useWatch({ control, name: "role" }) as Role | undefined;
  return (
    <>
      <SelectField
        label={t("role")}
        hint={role ? t(`roleHints.${role}`) : undefined}
        error={errors.role?.message}
        {...register("role")}
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {tRoles(r)}
          </option>
        ))}
      </SelectField>
      {role === "Manager" ? (
        <Controller
          control={control}
          name="payrollIds"
          render={({ field, fieldState }) => (
            <PayrollCheckboxes
              options={payrolls}
              value={field.value ?? []}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
      ) : null}
      {role === "SelfService" ? (
        <SelectField
          label={t("employee")}
          hint={t("employeeHint")}
          error={errors.employeeId?.message}
          {...register("employeeId", { setValueAs: (value: string | null | undefined) => value || null })}
        >
          <option value="">{t("chooseEmployee")}</option>
          {employees.map((employee) => (
            <option key={employee.id} value={employee.id}>
              {employee.label}
            </option>
          ))}
        </SelectField>
      ) : null}
    </>
  );
}
