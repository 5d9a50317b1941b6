import { handle, resource } from "@/server/http/route";
import { noContent, ok } from "@/server/http/replies";
import { deleteMembership, updateMembership } from "@/server/memberships/manage-memberships";
import { deleteMembershipOp, updateMembershipOp } from "@/server/memberships/operations";

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  PUT: handle(updateMembershipOp, async ({ ctx, params, body }) => ok(await updateMembership({ ctx, membershipId: params.userMembershipId!, input: body }))),
  DELETE: handle(deleteMembershipOp, async ({ ctx, params }) => {
    await deleteMembership({ ctx, membershipId: params.userMembershipId! });
    return noContent();
  }),
});
