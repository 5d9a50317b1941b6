"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm, type Control, type UseFormRegister } from "react-hook-form";
import type { z } from "zod";
import { Invite, type Invitation } from "@/server/invitations/schemas";
import { apiRequest } from "@/components/forms/api";
import { useZodResolver } from "@/components/forms/zod-resolver";
import { useProblems } from "@/components/forms/use-problems";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { useFormat } from "@/components/format/use-format";
import { CopyField } from "@/components/ui/copy-field";
import type { Option } from "./labels";
import { RoleFields, roleLinks, type RoleValues } from "./role-fields";

const FIELDS = ["email", "role", "payrollIds", "employeeId"] as const;

/**
 * Invites an email address; the service sends no email (yet), so the link is shown to pass on. With
 * selfServiceFor (from an employee's page) it starts as a Self Service invitation for that record:
 * the one-time link that brings an employee without an account into the portal.
 */
export function InviteForm({
  orgId,
  payrolls,
  employees,
  selfServiceFor,
}: {
  orgId: string;
  payrolls: readonly Option[];
  employees: readonly Option[];
  selfServiceFor?: string;
}) {
  const t = useTranslations("people");
  const problems = useProblems();
  const tRoles = useTranslations("common.roles");
  const format = useFormat();
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<Invitation | null>(null);
  // With one payroll (the usual case), a Manager gets it unless unticked.
  const defaults: z.input<typeof Invite> = selfServiceFor
    ? { email: "", role: "SelfService", payrollIds: [], employeeId: selfServiceFor }
    : { email: "", role: "Manager", payrollIds: payrolls.length === 1 ? [payrolls[0]!.id] : [], employeeId: undefined };
  const form = useForm<z.input<typeof Invite>, unknown, Invite>({
    resolver: useZodResolver(Invite),
    defaultValues: defaults,
  });
  const invite = useMutation({
    mutationFn: (input: Invite) =>
      apiRequest<Invitation>(`/tenants/${orgId}/user_memberships/invite`, { method: "POST", body: roleLinks(input) }),
    onSuccess: ({ data }) => {
      setSent(data);
      form.reset(defaults);
      router.refresh();
    },
    onError: (error) => setFormError(problems.apply(error, FIELDS, form.setError)),
  });
  const errors = form.formState.errors;
  return (
    <form
      noValidate
      aria-label={t("inviteTitle")}
      className="space-y-5"
      onSubmit={form.handleSubmit((input) => {
        setFormError(null);
        setSent(null);
        invite.mutate(input);
      })}
    >
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      {sent ? (
        <Alert tone="success" title={t("invitationCreated", { email: sent.email })}>
          <p className="mb-2">
            {t("sendLink", { role: tRoles(sent.role), date: format.instant(sent.expiresAt), email: sent.email })}
          </p>
          <CopyField
            value={sent.url}
            label={t("newInvitationLinkFor", { email: sent.email })}
            copyLabel={t("copyLink")}
          />
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("email")}
          type="email"
          autoComplete="off"
          hint={t("emailHint")}
          error={errors.email?.message}
          {...form.register("email")}
        />
        <div className="space-y-4">
          <RoleFields
            control={form.control as unknown as Control<RoleValues>}
            register={form.register as unknown as UseFormRegister<RoleValues>}
            errors={errors}
            payrolls={payrolls}
            employees={employees}
          />
        </div>
      </div>
      <Button type="submit" disabled={invite.isPending}>
        {invite.isPending ? t("creating") : t("createInvitation")}
      </Button>
    </form>
  );
}
