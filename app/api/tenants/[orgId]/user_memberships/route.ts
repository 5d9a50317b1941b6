import { etagOf } from "@/server/http/etag";
import { handle, resource } from "@/server/api/route";
import { created, ok } from "@/server/http/replies";
import { createMembership, listMemberships } from "@/server/memberships/manage-memberships";
import { createMembershipOp, listMembershipsOp } from "@/server/memberships/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(listMembershipsOp, async ({ ctx, query }) => ok(await listMemberships({ ctx, input: query }))),
  POST: handle(createMembershipOp, async ({ ctx, body }) => {
    const { membership, version } = await createMembership({ ctx, input: body });
    return created(membership, etagOf({ id: membership.id, version }));
  }),
});
