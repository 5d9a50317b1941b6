"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import type { Membership } from "@/server/memberships/schemas";
import { ApiProblem, apiRequest } from "@/components/forms/api";
import { useProblems } from "@/components/forms/use-problems";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SwitchAccountButton } from "./switch-account-button";

/** Problem codes with a title of their own: the key under auth.invitation.problems. */
const TITLES: Record<string, string> = {
  "invitation.email_mismatch": "emailMismatch",
  "invitation.email_unverified": "emailUnverified",
  "invitation.already_accepted": "alreadyAccepted",
  "invitation.withdrawn": "withdrawn",
  "invitation.expired": "expired",
  "membership.exists": "membershipExists",
  "invitation.not_found": "notFound",
};

/**
 * Accepts with the signed-in person's own session, then opens the role's starting page: the tenant's
 * console, or for Self Service their portal (`home`).
 */
export function AcceptInvitation({
  invitationId,
  tenantId,
  email,
  home,
}: {
  invitationId: string;
  tenantId: string;
  email: string;
  home?: string;
}) {
  const start = home ?? `/tenants/${tenantId}`;
  const t = useTranslations("auth.invitation");
  const problems = useProblems();
  const router = useRouter();
  const accept = useMutation({
    mutationFn: () => apiRequest<Membership>(`/user_membership_invitations/${invitationId}`, { method: "POST" }),
    onSuccess: () => {
      router.push(start);
      router.refresh();
    },
  });
  const code = accept.error instanceof ApiProblem ? accept.error.code : null;
  return (
    <div className="space-y-4">
      {accept.error ? (
        <Alert tone="error" title={t(`problems.${(code && TITLES[code]) || "other"}`)}>
          <p>{problems.message(accept.error)}</p>
          {code === "membership.exists" ? (
            <p className="mt-2">
              <Link className="underline" href={start}>
                {t("openTenant")}
              </Link>
            </p>
          ) : null}
        </Alert>
      ) : null}
      {code === "invitation.email_mismatch" ? (
        <SwitchAccountButton returnTo={`/invitation/${invitationId}`} email={email} />
      ) : accept.isSuccess ? (
        <p className="text-sm text-slate-700">{t("acceptedOpening")}</p>
      ) : (
        <Button className="w-full" disabled={accept.isPending || code !== null} onClick={() => accept.mutate()}>
          {accept.isPending ? t("accepting") : t("accept")}
        </Button>
      )}
    </div>
  );
}
