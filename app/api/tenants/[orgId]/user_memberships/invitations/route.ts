import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { listInvitations } from "@/server/invitations/manage-invitations";
import { listInvitationsOp } from "@/server/invitations/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(listInvitationsOp, async ({ ctx, query }) => ok(await listInvitations({ ctx, input: query }))),
});
