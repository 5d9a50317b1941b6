import { handle, resource } from "@/server/api/route";
import { noContent } from "@/server/http/replies";
import { withdrawInvitation } from "@/server/invitations/manage-invitations";
import { withdrawInvitationOp } from "@/server/invitations/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  DELETE: handle(withdrawInvitationOp, async ({ ctx, params }) => {
    await withdrawInvitation({ ctx, invitationId: params.invitationId! });
    return noContent();
  }),
});
