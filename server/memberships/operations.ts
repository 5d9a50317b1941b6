import { page } from "../http/pagination";
import { operation } from "../http/operation";
import { CreateMembership, ListMembershipsQuery, Membership, UpdateMembership } from "./schemas";

export const listMembershipsOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/user_memberships",
  tag: "Memberships",
  summary: "Who has access to the tenant",
  allow: "membership.read",
  query: ListMembershipsQuery,
  response: page(Membership),
});

export const createMembershipOp = operation({
  method: "POST",
  answersEtag: true,
  path: "/tenants/{orgId}/user_memberships",
  tag: "Memberships",
  summary: "Add a member without an invitation",
  description:
    "Give access at once (no invitation) to a person who already shares a tenant with the caller (for a " +
    "system user: a member of one of its tenants). Any other userId is 404, as an unknown one; invite " +
    "everyone else by email.",
  allow: "membership.write",
  body: CreateMembership,
  response: Membership,
  status: 201,
  idempotent: true,
  problems: {
    404: ["user.not_found"],
    409: ["membership.exists"],
    422: [
      "membership.employee_required",
      "membership.payrolls_required",
      "membership.unknown_employee",
      "membership.unknown_payroll",
    ],
  },
});

export const updateMembershipOp = operation({
  method: "PUT",
  path: "/tenants/{orgId}/user_memberships/{userMembershipId}",
  tag: "Memberships",
  summary: "Change a member's role",
  description: "Change the role (and the Manager's payrolls or the Self Service employee).",
  allow: "membership.write",
  body: UpdateMembership,
  response: Membership,
  problems: {
    404: ["membership.not_found"],
    409: ["membership.last_administrator"],
    422: [
      "membership.employee_required",
      "membership.payrolls_required",
      "membership.unknown_employee",
      "membership.unknown_payroll",
    ],
  },
});

export const deleteMembershipOp = operation({
  method: "DELETE",
  path: "/tenants/{orgId}/user_memberships/{userMembershipId}",
  tag: "Memberships",
  summary: "Remove a member's access to the tenant",
  description: "Remove the member's access to the tenant at once; their identity account stays.",
  allow: "membership.write",
  status: 204,
  problems: { 404: ["membership.not_found"], 409: ["membership.last_administrator"] },
});
