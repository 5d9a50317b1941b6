import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { acceptInvitation, getInvitation } from "@/server/invitations/accept-invitation";
import { acceptInvitationOp, getInvitationOp } from "@/server/invitations/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(getInvitationOp, async ({ ctx, params }) =>
    ok(await getInvitation({ caller: ctx.caller, invitationId: params.invitationId! })),
  ),
  POST: handle(acceptInvitationOp, async ({ ctx, params }) =>
    ok(await acceptInvitation({ caller: ctx.caller, invitationId: params.invitationId! })),
  ),
});
