import { Forbidden } from "@/server/errors";
import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { etagOf } from "@/server/http/etag";
import { readCurrentUser } from "@/server/users/current-user";
import { createUserOp, getCurrentUserOp } from "@/server/users/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(getCurrentUserOp, async ({ ctx }) => {
    const { user, version } = await readCurrentUser({ caller: ctx.caller });
    return ok(user, etagOf({ id: user.id, version }));
  }),
  POST: handle(createUserOp, async () => {
    throw new Forbidden(
      "Users are created when a person signs in or accepts an invitation.",
      "users.create_not_supported",
    );
  }),
});
