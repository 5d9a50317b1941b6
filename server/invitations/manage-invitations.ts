import "server-only";
import { and, asc, eq, gt, lte, type SQL } from "drizzle-orm";
import { callerKey, type TenantCtx, type Verb } from "../context";
import { invitations } from "../db/schema";
import { inTenant } from "../db/tenant-scope";
import { env } from "../env";
import { Conflict, NotFound } from "../errors";
import { decodeCursor, toPage } from "../http/pagination";
import { newId } from "../ids";
import { checkRoleLinks } from "../memberships/role-links";
import { INVITATION_DAYS, toInvitation, type Invite, type ListInvitationsQuery } from "./schemas";

/** Invites an email address into the tenant with a role; the link is valid for 14 days. */
export async function inviteMember({ ctx, input }: Verb<Invite>) {
  return inTenant(ctx, async (scope) => {
    const links = await checkRoleLinks(scope, input);
    const row = await scope.insert(invitations, {
      id: newId(),
      email: input.email.trim().toLowerCase(),
      role: input.role,
      ...links,
      invitedBy: callerKey(ctx.caller),
      expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
    });
    return toInvitation(row, env().PUBLIC_URL);
  });
}

export async function listInvitations({ ctx, input }: Verb<ListInvitationsQuery>) {
  const after = decodeCursor(input.cursor);
  const now = new Date();
  const byStatus: Record<ListInvitationsQuery["status"], SQL | undefined> = {
    pending: and(eq(invitations.status, "pending"), gt(invitations.expiresAt, now)),
    expired: and(eq(invitations.status, "pending"), lte(invitations.expiresAt, now)),
    accepted: eq(invitations.status, "accepted"),
    withdrawn: eq(invitations.status, "withdrawn"),
    all: undefined,
  };
  return inTenant(ctx, async (scope) => {
    const rows = await scope.rows(
      invitations,
      and(byStatus[input.status], after ? gt(invitations.id, after) : undefined),
      {
        orderBy: [asc(invitations.id)],
        limit: input.limit + 1,
      },
    );
    return toPage(rows, input.limit, (row) => toInvitation(row, env().PUBLIC_URL));
  });
}

/** Withdraws a pending invitation; an accepted one is the membership now (remove that instead). */
export async function withdrawInvitation({ ctx, invitationId }: { ctx: TenantCtx; invitationId: string }) {
  return inTenant(ctx, async (scope) => {
    const current = await scope.lock(invitations, eq(invitations.id, invitationId));
    if (!current) throw new NotFound("invitation");
    if (current.status === "accepted")
      throw new Conflict("invitation.already_accepted", "The invitation was accepted; remove the membership instead.");
    if (current.status === "pending")
      await scope.update(invitations, { status: "withdrawn" }, eq(invitations.id, invitationId));
  });
}
