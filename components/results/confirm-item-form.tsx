"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { CaseChange, PostCaseChange } from "@/server/cases/schemas";
import { apiRequest } from "@/components/forms/api";
import { caseProblem } from "@/components/cases/messages";
import { useProblems } from "@/components/forms/use-problems";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";

type FormValues = { reason: string };

/**
 * Confirms a Payroll Control item: posts a ControlConfirmation (cluster P) case for the employee with
 * ControlCode = the item's code, valid from the open period's start, and the reason given.
 */
export function ConfirmItemForm({
  orgId,
  payrollId,
  employeeId,
  code,
  title,
  periodStart,
}: {
  orgId: string;
  payrollId: string;
  employeeId: string;
  code: string;
  title: string;
  periodStart: string;
}) {
  const router = useRouter();
  const t = useTranslations("payslip.confirm");
  const problems = useProblems();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<FormValues>({ defaultValues: { reason: "" } });
  const post = useMutation({
    mutationFn: (body: PostCaseChange) =>
      apiRequest<CaseChange>(`/tenants/${orgId}/payrolls/${payrollId}/cases`, { method: "POST", body }),
    onSuccess: () => router.refresh(),
    onError: (e) => setError(caseProblem(e, problems.t)),
  });
  return (
    <form
      aria-label={t("label", { title })}
      noValidate
      className="mt-2 flex flex-wrap items-end gap-2"
      onSubmit={form.handleSubmit(({ reason }) => {
        setError(null);
        const comment = reason.trim();
        post.mutate({
          caseName: "ControlConfirmation",
          employeeId,
          reason: comment || undefined,
          values: [
            { caseFieldName: "ControlCode", value: code, start: periodStart },
            ...(comment ? [{ caseFieldName: "ControlComment", value: comment, start: periodStart }] : []),
          ],
        });
      })}
    >
      <div className="min-w-48 flex-1">
        <TextField
          label={t("reason")}
          autoComplete="off"
          placeholder={t("placeholder")}
          error={form.formState.errors.reason?.message}
          {...form.register("reason", {
            required: t("reasonRequired"),
            maxLength: { value: 1000, message: t("tooLong", { max: 1000 }) },
          })}
        />
      </div>
      <Button type="submit" variant="secondary" disabled={post.isPending || post.isSuccess}>
        {post.isPending ? t("confirming") : post.isSuccess ? t("confirmed") : t("confirm")}
      </Button>
      {error ? (
        <div className="w-full">
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
    </form>
  );
}
