"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Cell, HeaderCell, Table, TableBody, TableHead } from "@/components/ui/table";
import type { Invitation } from "@/server/invitations/schemas";
import { apiRequest } from "@/components/forms/api";
import { useProblems } from "@/components/forms/use-problems";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useFormat } from "@/components/format/use-format";
import { CopyField } from "@/components/ui/copy-field";
import { scopeLabel, type Option } from "./labels";

/** Pending invitations: the link to pass on, and a way to withdraw it. */
export function InvitationsTable({
  orgId,
  invitations,
  payrolls,
  employees,
  canWrite,
}: {
  orgId: string;
  invitations: Invitation[];
  payrolls: readonly Option[];
  employees: readonly Option[];
  canWrite: boolean;
}) {
  const t = useTranslations("people");
  const problems = useProblems();
  const tScope = useTranslations("people.scope");
  const tRoles = useTranslations("common.roles");
  const format = useFormat();
  const router = useRouter();
  const [withdrawing, setWithdrawing] = useState<Invitation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const withdraw = useMutation({
    mutationFn: (invitation: Invitation) =>
      apiRequest<null>(`/tenants/${orgId}/user_memberships/invitations/${invitation.id}`, { method: "DELETE" }),
    onSuccess: () => {
      setWithdrawing(null);
      router.refresh();
    },
    onError: (problem) => {
      setWithdrawing(null);
      setError(problems.message(problem));
      router.refresh();
    },
  });
  if (invitations.length === 0) return <p className="text-sm text-slate-500">{t("noInvitations")}</p>;
  return (
    <div className="space-y-3">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        {/* Fixed columns sharing the card's width: the link sits under its address, the actions never scroll away. */}
        <Table className="w-full min-w-[36rem] table-fixed" caption={t("pendingInvitations")}>
          <colgroup>
            <col />
            <col className="w-[22%]" />
            <col className="w-36" />
            {canWrite ? <col className="w-28" /> : null}
          </colgroup>
          <TableHead>
            <tr>
              <HeaderCell size="roomy">{t("columns.emailAndLink")}</HeaderCell>
              <HeaderCell size="roomy">{t("columns.role")}</HeaderCell>
              <HeaderCell size="roomy">{t("columns.expires")}</HeaderCell>
              {canWrite ? (
                <HeaderCell size="roomy">
                  <span className="sr-only">{t("columns.actions")}</span>
                </HeaderCell>
              ) : null}
            </tr>
          </TableHead>
          <TableBody>
            {invitations.map((invitation) => (
              <tr key={invitation.id}>
                <Cell size="roomy">
                  <span className="mb-2 block break-words font-medium text-slate-900">{invitation.email}</span>
                  <CopyField
                    value={invitation.url}
                    label={t("invitationLinkFor", { email: invitation.email })}
                    copyLabel={t("copyLink")}
                  />
                </Cell>
                <Cell size="roomy">
                  <span className="block">{tRoles(invitation.role)}</span>
                  <span className="block text-xs text-slate-500">
                    {scopeLabel(invitation, payrolls, employees, tScope)}
                  </span>
                </Cell>
                <Cell size="roomy" className="text-slate-600">
                  {format.instant(invitation.expiresAt)}
                </Cell>
                {canWrite ? (
                  <Cell size="roomy" numeric>
                    <Button
                      variant="ghost"
                      className="px-2.5 py-1 text-xs text-red-700"
                      onClick={() => {
                        setError(null);
                        setWithdrawing(invitation);
                      }}
                    >
                      {t("withdraw")}
                    </Button>
                  </Cell>
                ) : null}
              </tr>
            ))}
          </TableBody>
        </Table>
      </div>
      <ConfirmDialog
        open={withdrawing !== null}
        title={t("withdrawTitle")}
        confirmLabel={t("withdrawConfirm")}
        pending={withdraw.isPending}
        onCancel={() => setWithdrawing(null)}
        onConfirm={() => withdrawing && withdraw.mutate(withdrawing)}
      >
        <p>
          {t.rich("withdrawBody", { email: withdrawing?.email ?? "", strong: (chunks) => <strong>{chunks}</strong> })}
        </p>
      </ConfirmDialog>
    </div>
  );
}
