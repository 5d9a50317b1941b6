import { etagOf } from "@/server/http/etag";
import { handle, resource } from "@/server/api/route";
import { noContent, ok } from "@/server/http/replies";
import { deleteMembership, updateMembership } from "@/server/memberships/manage-memberships";
import { deleteMembershipOp, updateMembershipOp } from "@/server/memberships/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  PUT: handle(updateMembershipOp, async ({ ctx, params, body, ifMatch }) => {
    const { membership, version } = await updateMembership({
      ctx,
      membershipId: params.userMembershipId!,
      input: body,
      ifMatch,
    });
    return ok(membership, etagOf({ id: membership.id, version }));
  }),
  DELETE: handle(deleteMembershipOp, async ({ ctx, params }) => {
    await deleteMembership({ ctx, membershipId: params.userMembershipId! });
    return noContent();
  }),
});
