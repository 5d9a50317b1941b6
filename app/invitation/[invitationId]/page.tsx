import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { AcceptInvitation } from "@/components/invitations/accept-invitation";
import { AutoSignIn } from "@/components/invitations/auto-sign-in";
import { SwitchAccountButton } from "@/components/invitations/switch-account-button";
import { ROLE_HINT, ROLE_LABEL, formatInstant } from "@/components/people/labels";
import { Providers } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { consoleCaller, consoleTenantCtx } from "@/server/auth/console-session";
import { NotFound } from "@/server/errors";
import { isUuid } from "@/server/ids";
import { getInvitation } from "@/server/invitations/accept-invitation";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Invitation" };

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-md space-y-6 rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
        <div>
          <p className="text-sm font-medium text-slate-500">Swiss payroll</p>
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
  if (!caller) {
    return (
      <Frame title="You are invited">
        <p className="text-sm text-slate-700">Sign in with the email address the invitation was sent to; you come back here to accept it.</p>
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
      Signed in as <span className="font-medium text-slate-700">{caller.email}</span>
    </p>
  );

  if (!invitation) {
    // The service does not tell an invitation sent to someone else from one that does not exist.
    return (
      <Frame title="Invitation not found">
        <Alert tone="warning">
          There is no invitation at this link for <strong>{caller.email}</strong>. Either the link is incomplete, or the invitation was sent to another email address: then
          sign in with that address.
        </Alert>
        <div className="flex flex-wrap gap-2">
          <SwitchAccountButton returnTo={self} />
          <ButtonLink variant="ghost" href="/">
            Go to the console
          </ButtonLink>
        </div>
        {signedInAs}
      </Frame>
    );
  }

  const tenantName = invitation.tenantName ?? "the company";
  const forSomeoneElse = invitation.email !== caller.email.toLowerCase();
  const member = await consoleTenantCtx(invitation.tenantId);
  const details = (
    <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-2 text-sm">
      <dt className="text-slate-500">Company</dt>
      <dd className="font-semibold text-slate-900" data-testid="invitation-tenant">
        {tenantName}
      </dd>
      <dt className="text-slate-500">Role</dt>
      <dd className="text-slate-900">
        <span className="font-medium" data-testid="invitation-role">
          {ROLE_LABEL[invitation.role]}
        </span>
        <span className="block text-xs text-slate-500">{ROLE_HINT[invitation.role]}</span>
      </dd>
      <dt className="text-slate-500">Invited</dt>
      <dd className="text-slate-900" data-testid="invitation-email">
        {invitation.email}
      </dd>
      <dt className="text-slate-500">Valid until</dt>
      <dd className="text-slate-900">{formatInstant(invitation.expiresAt)}</dd>
    </dl>
  );
  const openTenant = member ? (
    <ButtonLink className="w-full" href={`/tenants/${invitation.tenantId}`}>
      Open {tenantName}
    </ButtonLink>
  ) : null;

  if (invitation.status === "accepted") {
    return (
      <Frame title="Invitation already accepted">
        <Alert tone="info">This invitation to {tenantName} has already been accepted; the link cannot be used again.</Alert>
        {openTenant ?? <p className="text-sm text-slate-700">If you need access, ask an administrator of {tenantName} for a new invitation.</p>}
        {signedInAs}
      </Frame>
    );
  }
  if (invitation.status === "withdrawn" || invitation.status === "expired") {
    return (
      <Frame title={invitation.status === "withdrawn" ? "Invitation withdrawn" : "Invitation expired"}>
        <Alert tone="warning">
          {invitation.status === "withdrawn"
            ? `${tenantName} has withdrawn this invitation.`
            : `This invitation expired on ${formatInstant(invitation.expiresAt)}.`}{" "}
          Ask an administrator of {tenantName} for a new one.
        </Alert>
        {openTenant}
        {signedInAs}
      </Frame>
    );
  }

  return (
    <Frame title={`Join ${tenantName}`}>
      {details}
      {forSomeoneElse ? (
        <>
          <Alert tone="warning" title="This invitation is for another email address">
            You are signed in as <strong>{caller.email}</strong>, but the invitation was sent to <strong>{invitation.email}</strong>. Only that person can accept it.
          </Alert>
          <SwitchAccountButton returnTo={self} email={invitation.email} />
        </>
      ) : member ? (
        <>
          <Alert tone="info">You are already a member of {tenantName}.</Alert>
          {openTenant}
        </>
      ) : (
        <AcceptInvitation invitationId={invitation.id} tenantId={invitation.tenantId} email={invitation.email} />
      )}
      {signedInAs}
      <p className="text-xs text-slate-500">
        Not expecting this? Ignore it, or <Link className="underline" href="/">go to the console</Link>.
      </p>
    </Frame>
  );
}
