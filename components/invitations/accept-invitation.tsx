"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { Membership } from "@/server/memberships/schemas";
import { ApiProblem, apiRequest } from "@/components/forms/api";
import { problemMessage } from "@/components/forms/problem";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SwitchAccountButton } from "./switch-account-button";

const TITLES: Record<string, string> = {
  "invitation.email_mismatch": "This invitation is for another email address",
  "invitation.email_unverified": "Your email address is not verified",
  "invitation.already_accepted": "Already accepted",
  "invitation.withdrawn": "Invitation withdrawn",
  "invitation.expired": "Invitation expired",
  "membership.exists": "You are already a member",
  "invitation.not_found": "Invitation not found",
};

/** Accepts with the signed-in person's own session, then opens the tenant at the role's starting page. */
export function AcceptInvitation({ invitationId, tenantId, email }: { invitationId: string; tenantId: string; email: string }) {
  const router = useRouter();
  const accept = useMutation({
    mutationFn: () => apiRequest<Membership>(`/user_membership_invitations/${invitationId}`, { method: "POST" }),
    onSuccess: () => {
      router.push(`/tenants/${tenantId}`);
      router.refresh();
    },
  });
  const code = accept.error instanceof ApiProblem ? accept.error.code : null;
  return (
    <div className="space-y-4">
      {accept.error ? (
        <Alert tone="error" title={(code && TITLES[code]) ?? "The invitation could not be accepted"}>
          <p>{problemMessage(accept.error)}</p>
          {code === "membership.exists" ? (
            <p className="mt-2">
              <Link className="underline" href={`/tenants/${tenantId}`}>
                Open the tenant
              </Link>
            </p>
          ) : null}
        </Alert>
      ) : null}
      {code === "invitation.email_mismatch" ? (
        <SwitchAccountButton returnTo={`/invitation/${invitationId}`} email={email} />
      ) : accept.isSuccess ? (
        <p className="text-sm text-slate-700">Accepted. Opening the tenant…</p>
      ) : (
        <Button className="w-full" disabled={accept.isPending || code !== null} onClick={() => accept.mutate()}>
          {accept.isPending ? "Accepting…" : "Accept invitation"}
        </Button>
      )}
    </div>
  );
}
