import { handle, resource } from "@/server/api/route";
import { created } from "@/server/http/replies";
import { inviteMember } from "@/server/invitations/manage-invitations";
import { inviteOp } from "@/server/invitations/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  POST: handle(inviteOp, async ({ ctx, body }) => created(await inviteMember({ ctx, input: body }))),
});
