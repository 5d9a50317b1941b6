import "server-only";
import { and, eq } from "drizzle-orm";
import type { Caller } from "../context";
import { getDb } from "../db/client";
import { invitations, memberships, tenants, users } from "../db/schema";
import { TenantScope, isUniqueViolation } from "../db/tenant-scope";
import type { Tx } from "../db/client";
import { env } from "../env";
import { Conflict, Forbidden, NotFound } from "../errors";
import { newId } from "../ids";
import { tenantAccess } from "../auth/access";
import { toMembership } from "../memberships/schemas";
import { statusOf, toInvitation } from "./schemas";

type Person = Extract<Caller, { kind: "person" }>;

/**
 * An invitation is not reached through its tenant: the invitee is not a member yet. It is visible
 * to the invitee (same email) and to the tenant's administrators; to anyone else it does not exist.
 */
export async function getInvitation({ caller, invitationId }: { caller: Caller; invitationId: string }) {
  const db = await getDb();
  const [found] = await db
    .select({ invitation: invitations, tenantName: tenants.name })
    .from(invitations)
    .innerJoin(tenants, eq(tenants.id, invitations.tenantId))
    .where(eq(invitations.id, invitationId))
    .limit(1);
  if (!found) throw new NotFound("invitation");
  const isInvitee = caller.kind === "person" && found.invitation.email === caller.email.toLowerCase();
  if (!isInvitee) {
    const access = await tenantAccess(caller, found.invitation.tenantId);
    if (!access || access.role !== "Administrator") throw new NotFound("invitation");
  }
  return toInvitation(found.invitation, env().PUBLIC_URL, found.tenantName);
}

/**
 * Accepts with the invitee's own sign-in: the verified email must be the invited one. To anyone but the
 * invitee and the tenant's Administrators the invitation does not exist (404, as an unknown id).
 */
export async function acceptInvitation({ caller, invitationId }: { caller: Person; invitationId: string }) {
  const db = await getDb();
  try {
    return await db.transaction(async (transaction) => {
      const tx = transaction as Tx;
      const [invitation] = await tx
        .select()
        .from(invitations)
        .where(eq(invitations.id, invitationId))
        .for("update")
        .limit(1);
      if (!invitation) throw new NotFound("invitation");
      const [user] = await tx.select().from(users).where(eq(users.id, caller.userId)).limit(1);
      if (!user || user.email !== invitation.email) {
        // The tenant's Administrators know the invitation: they are told it is not theirs to accept.
        const [administrator] = await tx
          .select({ id: memberships.id })
          .from(memberships)
          .where(
            and(
              eq(memberships.tenantId, invitation.tenantId),
              eq(memberships.userId, caller.userId),
              eq(memberships.role, "Administrator"),
            ),
          )
          .limit(1);
        if (!administrator) throw new NotFound("invitation");
        throw new Forbidden(
          "This invitation was sent to another email address; sign in as the invited person.",
          "invitation.email_mismatch",
        );
      }
      if (!user.emailVerified)
        throw new Forbidden(
          "Your identity provider has not verified your email address.",
          "invitation.email_unverified",
        );
      const status = statusOf(invitation);
      if (status === "accepted")
        throw new Conflict("invitation.already_accepted", "This invitation has already been accepted.");
      if (status === "withdrawn") throw new Conflict("invitation.withdrawn", "This invitation was withdrawn.");
      if (status === "expired")
        throw new Conflict("invitation.expired", "This invitation has expired; ask for a new one.");
      const scope = await TenantScope.entered(tx, invitation.tenantId);
      if (await scope.first(memberships, eq(memberships.userId, user.id))) {
        throw new Conflict("membership.exists", "You are already a member of this tenant.");
      }
      const membership = await scope.insert(memberships, {
        id: newId(),
        userId: user.id,
        role: invitation.role,
        payrollIds: invitation.payrollIds,
        employeeId: invitation.employeeId,
      });
      await tx
        .update(invitations)
        .set({ status: "accepted", acceptedByUserId: user.id, acceptedAt: new Date() })
        .where(and(eq(invitations.id, invitation.id), eq(invitations.status, "pending")));
      return toMembership(membership, user);
    });
  } catch (error) {
    if (isUniqueViolation(error, "memberships_tenant_user_key"))
      throw new Conflict("membership.exists", "You are already a member of this tenant.");
    throw error;
  }
}
