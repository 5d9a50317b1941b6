import { handle, resource } from "@/server/http/route";
import { ok } from "@/server/http/replies";
import { updateCurrentUser } from "@/server/users/current-user";
import { updateUserOp } from "@/server/users/operations";

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  PUT: handle(updateUserOp, async ({ ctx, params, body }) => ok(await updateCurrentUser({ caller: ctx.caller, userId: params.userId!, input: body }))),
});
