"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { UpdatePayroll, type Payroll } from "@/server/payrolls/schemas";
import { apiRequest } from "@/components/forms/api";
import { useZodResolver } from "@/components/forms/zod-resolver";
import { FormDateField } from "@/components/forms/date-field";
import { useProblems } from "@/components/forms/use-problems";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useFormat } from "@/components/format/use-format";

const FIELDS = ["transmissionStartDate"] as const;

/** Go-live: sets transmissionStartDate after a confirmation, because it is one-way. */
export function GoLiveForm({
  orgId,
  payroll,
  etag,
  openPeriodStart,
}: {
  orgId: string;
  payroll: Payroll;
  etag: string;
  openPeriodStart: string | null;
}) {
  const t = useTranslations("payroll.goLive");
  const problems = useProblems();
  const tForm = useTranslations("payroll.form");
  const format = useFormat();
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const form = useForm<z.input<typeof UpdatePayroll>, unknown, UpdatePayroll>({
    resolver: useZodResolver(UpdatePayroll),
    defaultValues: { transmissionStartDate: openPeriodStart ?? "" },
  });
  const goLive = useMutation({
    mutationFn: (transmissionStartDate: string) =>
      apiRequest<Payroll>(`/tenants/${orgId}/payrolls/${payroll.id}`, {
        method: "PUT",
        body: { transmissionStartDate },
        ifMatch: etag,
      }),
    onSuccess: () => {
      setConfirming(null);
      router.refresh();
    },
    onError: (error) => {
      setConfirming(null);
      setFormError(problems.apply(error, FIELDS, form.setError));
    },
  });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((input) => {
        setFormError(null);
        if (!input.transmissionStartDate) {
          form.setError("transmissionStartDate", { message: t("choosePeriod") });
          return;
        }
        setConfirming(input.transmissionStartDate);
      })}
    >
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <div className="sm:max-w-xs">
        <FormDateField
          label={t("firstPeriod")}
          hint={openPeriodStart ? t("notBeforeOpen", { date: format.date(openPeriodStart) }) : tForm("firstOfMonth")}
          control={form.control}
          name="transmissionStartDate"
        />
      </div>
      <Button type="submit" variant="danger">
        {t("button")}
      </Button>
      <ConfirmDialog
        open={confirming !== null}
        title={t("confirmTitle")}
        confirmLabel={t("confirm")}
        pending={goLive.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && goLive.mutate(confirming)}
      >
        <p>{t("fromPeriod", { date: confirming ? format.date(confirming) : "" })}</p>
        <p className="font-semibold text-red-800">{t("oneWay")}</p>
        <p>{t("closeCatchUp")}</p>
      </ConfirmDialog>
    </form>
  );
}
