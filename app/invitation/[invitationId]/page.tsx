import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { AcceptInvitation } from "@/components/invitations/accept-invitation";
import { AutoSignIn } from "@/components/invitations/auto-sign-in";
import { SwitchAccountButton } from "@/components/invitations/switch-account-button";
import { getFormat } from "@/components/format/server";
import { Providers } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { consoleCaller, consoleHome, consoleTenantCtx } from "@/server/auth/console-session";
import { NotFound } from "@/server/errors";
import { isUuid } from "@/server/ids";
import { getInvitation } from "@/server/invitations/accept-invitation";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.invitation");
  return { title: t("metaTitle") };
}

async function Frame({ title, children }: { title: string; children: ReactNode }) {
  const t = await getTranslations("auth");
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-md space-y-6 rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
        <div>
          <p className="text-sm font-medium text-slate-500">{t("brand")}</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight">{title}</h1>
        </div>
        <Providers>{children}</Providers>
      </div>
    </main>
  );
}

/**
 * The link in an invitation. Outside the console: the invitee is not a member yet. Without a session
 * it goes to the identity provider and back here; with one, it shows the invitation to accept.
 */
export default async function InvitationPage({ params }: { params: Promise<{ invitationId: string }> }) {
  const { invitationId } = await params;
  const self = `/invitation/${invitationId}`;
  const caller = await consoleCaller();
  const t = await getTranslations("auth.invitation");
  const tRoles = await getTranslations("common.roles");
  const tHints = await getTranslations("people.roleHints");
  const format = await getFormat();
  if (!caller) {
    return (
      <Frame title={t("invitedTitle")}>
        <p className="text-sm text-slate-700">{t("invitedBody")}</p>
        <AutoSignIn callbackUrl={self} />
      </Frame>
    );
  }

  const invitation = isUuid(invitationId)
    ? await getInvitation({ caller, invitationId }).catch((error: unknown) => {
        if (error instanceof NotFound) return null;
        throw error;
      })
    : null;

  const signedInAs = (
    <p className="text-xs text-slate-500">
      {t.rich("signedInAs", {
        email: caller.email,
        strong: (chunks) => <span className="font-medium text-slate-700">{chunks}</span>,
      })}
    </p>
  );

  if (!invitation) {
    // The service does not tell an invitation sent to someone else from one that does not exist.
    return (
      <Frame title={t("notFoundTitle")}>
        <Alert tone="warning">
          {t.rich("notFoundBody", { email: caller.email, strong: (chunks) => <strong>{chunks}</strong> })}
        </Alert>
        <div className="flex flex-wrap gap-2">
          <SwitchAccountButton returnTo={self} />
          <ButtonLink variant="ghost" href="/">
            {t("goToConsole")}
          </ButtonLink>
        </div>
        {signedInAs}
      </Frame>
    );
  }

  const tenantName = invitation.tenantName ?? t("theCompany");
  const forSomeoneElse = invitation.email !== caller.email.toLowerCase();
  const member = await consoleTenantCtx(invitation.tenantId);
  const details = (
    <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-2 text-sm">
      <dt className="text-slate-500">{t("company")}</dt>
      <dd className="font-semibold text-slate-900" data-testid="invitation-tenant">
        {tenantName}
      </dd>
      <dt className="text-slate-500">{t("role")}</dt>
      <dd className="text-slate-900">
        <span className="font-medium" data-testid="invitation-role">
          {tRoles(invitation.role)}
        </span>
        <span className="block text-xs text-slate-500">{tHints(invitation.role)}</span>
      </dd>
      <dt className="text-slate-500">{t("invited")}</dt>
      <dd className="text-slate-900" data-testid="invitation-email">
        {invitation.email}
      </dd>
      <dt className="text-slate-500">{t("validUntil")}</dt>
      <dd className="text-slate-900">{format.instant(invitation.expiresAt)}</dd>
    </dl>
  );
  // Self Service opens their portal; the other roles the tenant's console.
  const home = consoleHome(
    member ?? {
      tenantId: invitation.tenantId,
      access: { tenantId: invitation.tenantId, role: invitation.role, payrollIds: [], employeeId: null },
    },
  );
  const openTenant = member ? (
    <ButtonLink className="w-full" href={home}>
      {t("open", { tenant: tenantName })}
    </ButtonLink>
  ) : null;

  if (invitation.status === "accepted") {
    return (
      <Frame title={t("acceptedTitle")}>
        <Alert tone="info">{t("acceptedBody", { tenant: tenantName })}</Alert>
        {openTenant ?? <p className="text-sm text-slate-700">{t("acceptedAskAdmin", { tenant: tenantName })}</p>}
        {signedInAs}
      </Frame>
    );
  }
  if (invitation.status === "withdrawn" || invitation.status === "expired") {
    return (
      <Frame title={invitation.status === "withdrawn" ? t("withdrawnTitle") : t("expiredTitle")}>
        <Alert tone="warning">
          {invitation.status === "withdrawn"
            ? t("withdrawnBody", { tenant: tenantName })
            : t("expiredBody", { date: format.instant(invitation.expiresAt) })}{" "}
          {t("askNew", { tenant: tenantName })}
        </Alert>
        {openTenant}
        {signedInAs}
      </Frame>
    );
  }

  return (
    <Frame title={t("joinTitle", { tenant: tenantName })}>
      {details}
      {forSomeoneElse ? (
        <>
          <Alert tone="warning" title={t("otherAddressTitle")}>
            {t.rich("otherAddressBody", {
              email: caller.email,
              invited: invitation.email,
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
          </Alert>
          <SwitchAccountButton returnTo={self} email={invitation.email} />
        </>
      ) : member ? (
        <>
          <Alert tone="info">{t("alreadyMember", { tenant: tenantName })}</Alert>
          {openTenant}
        </>
      ) : (
        <AcceptInvitation
          invitationId={invitation.id}
          tenantId={invitation.tenantId}
          email={invitation.email}
          home={home}
        />
      )}
      {signedInAs}
      <p className="text-xs text-slate-500">
        {t.rich("notExpecting", {
          link: (chunks) => (
            <Link className="underline" href="/">
              {chunks}
            </Link>
          ),
        })}
      </p>
    </Frame>
  );
}
