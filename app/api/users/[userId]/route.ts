import { etagOf } from "@/server/http/etag";
import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { updateCurrentUser } from "@/server/users/current-user";
import { updateUserOp } from "@/server/users/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  PUT: handle(updateUserOp, async ({ ctx, params, body, ifMatch }) => {
    const { user, version } = await updateCurrentUser({
      caller: ctx.caller,
      userId: params.userId!,
      input: body,
      ifMatch,
    });
    return ok(user, etagOf({ id: user.id, version }));
  }),
});
