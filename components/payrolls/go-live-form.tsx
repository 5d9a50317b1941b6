"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { UpdatePayroll, type Payroll } from "@/server/payrolls/schemas";
import { apiRequest } from "@/components/forms/api";
import { applyProblem } from "@/components/forms/problem";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextField } from "@/components/ui/field";
import { formatDate } from "./labels";

const FIELDS = ["transmissionStartDate"] as const;

/** Go-live: sets transmissionStartDate after a confirmation, because it is one-way. */
export function GoLiveForm({ orgId, payroll, etag, openPeriodStart }: { orgId: string; payroll: Payroll; etag: string; openPeriodStart: string | null }) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const form = useForm<z.input<typeof UpdatePayroll>, unknown, UpdatePayroll>({
    resolver: zodResolver(UpdatePayroll),
    defaultValues: { transmissionStartDate: openPeriodStart ?? "" },
  });
  const goLive = useMutation({
    mutationFn: (transmissionStartDate: string) =>
      apiRequest<Payroll>(`/tenants/${orgId}/payrolls/${payroll.id}`, { method: "PUT", body: { transmissionStartDate }, ifMatch: etag }),
    onSuccess: () => {
      setConfirming(null);
      router.refresh();
    },
    onError: (error) => {
      setConfirming(null);
      setFormError(applyProblem(error, FIELDS, form.setError));
    },
  });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((input) => {
        setFormError(null);
        if (!input.transmissionStartDate) {
          form.setError("transmissionStartDate", { message: "Choose the first period to transmit." });
          return;
        }
        setConfirming(input.transmissionStartDate);
      })}
    >
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <div className="sm:max-w-xs">
        <TextField
          label="First period to transmit"
          type="date"
          hint={openPeriodStart ? `The 1st of a month, not before the open period (${formatDate(openPeriodStart)}).` : "The 1st of a month."}
          error={form.formState.errors.transmissionStartDate?.message}
          {...form.register("transmissionStartDate")}
        />
      </div>
      <Button type="submit" variant="danger">
        Go live…
      </Button>
      <ConfirmDialog
        open={confirming !== null}
        title="Go live with ELM transmission?"
        confirmLabel="Yes, go live"
        pending={goLive.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && goLive.mutate(confirming)}
      >
        <p>
          From the period starting {confirming ? formatDate(confirming) : ""}, closing a payrun period also submits it to the Swiss
          electronic payroll transmission (ELM).
        </p>
        <p className="font-semibold text-red-800">This step is one-way: it cannot be reverted, and the date cannot be moved afterwards.</p>
        <p>Close the retroactive catch-up periods before going live.</p>
      </ConfirmDialog>
    </form>
  );
}
