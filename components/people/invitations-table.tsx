"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { Invitation } from "@/server/invitations/schemas";
import { apiRequest } from "@/components/forms/api";
import { problemMessage } from "@/components/forms/problem";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyLink } from "./copy-link";
import { ROLE_LABEL, formatInstant, scopeLabel, type Option } from "./labels";

/** Pending invitations: the link to pass on, and a way to withdraw it. */
export function InvitationsTable({ orgId, invitations, payrolls, employees, canWrite }: { orgId: string; invitations: Invitation[]; payrolls: readonly Option[]; employees: readonly Option[]; canWrite: boolean }) {
  const router = useRouter();
  const [withdrawing, setWithdrawing] = useState<Invitation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const withdraw = useMutation({
    mutationFn: (invitation: Invitation) => apiRequest<null>(`/tenants/${orgId}/user_memberships/invitations/${invitation.id}`, { method: "DELETE" }),
    onSuccess: () => {
      setWithdrawing(null);
      router.refresh();
    },
    onError: (problem) => {
      setWithdrawing(null);
      setError(problemMessage(problem));
      router.refresh();
    },
  });
  if (invitations.length === 0) return <p className="text-sm text-slate-500">No pending invitations.</p>;
  return (
    <div className="space-y-3">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        {/* Fixed columns sharing the card's width: the link sits under its address, the actions never scroll away. */}
        <table className="w-full min-w-[36rem] table-fixed divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Pending invitations</caption>
          <colgroup>
            <col />
            <col className="w-[22%]" />
            <col className="w-36" />
            {canWrite ? <col className="w-28" /> : null}
          </colgroup>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">Email and link</th>
              <th scope="col" className="px-4 py-3">Role</th>
              <th scope="col" className="px-4 py-3">Expires</th>
              {canWrite ? (
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {invitations.map((invitation) => (
              <tr key={invitation.id}>
                <td className="px-4 py-3">
                  <span className="mb-2 block break-words font-medium text-slate-900">{invitation.email}</span>
                  <CopyLink url={invitation.url} label={`Invitation link for ${invitation.email}`} />
                </td>
                <td className="px-4 py-3">
                  <span className="block">{ROLE_LABEL[invitation.role]}</span>
                  <span className="block text-xs text-slate-500">{scopeLabel(invitation, payrolls, employees)}</span>
                </td>
                <td className="px-4 py-3 text-slate-600">{formatInstant(invitation.expiresAt)}</td>
                {canWrite ? (
                  <td className="px-4 py-3 text-right">
                    <Button variant="ghost" className="px-2.5 py-1 text-xs text-red-700" onClick={() => {
                        setError(null);
                        setWithdrawing(invitation);
                      }}>
                      Withdraw
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={withdrawing !== null}
        title="Withdraw the invitation?"
        confirmLabel="Withdraw invitation"
        pending={withdraw.isPending}
        onCancel={() => setWithdrawing(null)}
        onConfirm={() => withdrawing && withdraw.mutate(withdrawing)}
      >
        <p>
          The link sent to <strong>{withdrawing?.email}</strong> stops working. You can invite the address again later.
        </p>
      </ConfirmDialog>
    </div>
  );
}
