import { page } from "../http/pagination";
import { operation } from "../http/operation";
import { Membership } from "../memberships/schemas";
import { Invitation, Invite, ListInvitationsQuery } from "./schemas";

export const inviteOp = operation({
  method: "POST",
  path: "/tenants/{orgId}/user_memberships/invite",
  tag: "Invitations",
  summary: "Invite a person by email",
  description:
    "Invite an email address with a role (and payrolls for a Manager, the employee for Self Service). Valid 14 days.",
  allow: "membership.write",
  body: Invite,
  response: Invitation,
  status: 201,
  idempotent: true,
  problems: {
    422: [
      "membership.employee_required",
      "membership.payrolls_required",
      "membership.unknown_employee",
      "membership.unknown_payroll",
    ],
  },
});

export const listInvitationsOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/user_memberships/invitations",
  tag: "Invitations",
  summary: "Pending invitations (status= for others)",
  allow: "membership.read",
  query: ListInvitationsQuery,
  response: page(Invitation),
});

export const withdrawInvitationOp = operation({
  method: "DELETE",
  path: "/tenants/{orgId}/user_memberships/invitations/{invitationId}",
  tag: "Invitations",
  summary: "Withdraw a pending invitation",
  allow: "membership.write",
  status: 204,
  problems: { 404: ["invitation.not_found"], 409: ["invitation.already_accepted"] },
});

export const getInvitationOp = operation({
  method: "GET",
  path: "/user_membership_invitations/{invitationId}",
  tag: "Invitations",
  summary: "Get an invitation",
  description:
    "The invitation, for the invitee (same email) or the tenant's Administrators (the tenant's system user among them); 404 to anyone else.",
  allow: "authenticated",
  response: Invitation,
  problems: { 404: ["invitation.not_found"] },
});

export const acceptInvitationOp = operation({
  method: "POST",
  path: "/user_membership_invitations/{invitationId}",
  tag: "Invitations",
  summary: "Accept an invitation",
  description:
    "Accept with the invitee's own token: creates the membership. 404 to everyone but the invitee and the tenant's Administrators (an Administrator gets 403: not theirs to accept).",
  allow: "person",
  response: Membership,
  problems: {
    403: ["auth.forbidden", "invitation.email_mismatch", "invitation.email_unverified"],
    404: ["invitation.not_found"],
    409: ["invitation.already_accepted", "invitation.expired", "invitation.withdrawn", "membership.exists"],
  },
});
