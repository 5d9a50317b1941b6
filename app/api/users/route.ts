import { Forbidden } from "@/server/errors";
import { handle, resource } from "@/server/http/route";
import { ok } from "@/server/http/replies";
import { getCurrentUser } from "@/server/users/current-user";
import { createUserOp, getCurrentUserOp } from "@/server/users/operations";

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: handle(getCurrentUserOp, async ({ ctx }) => ok(await getCurrentUser({ caller: ctx.caller }))),
  POST: handle(createUserOp, async () => {
    throw new Forbidden("Users are created when a person signs in or accepts an invitation.", "users.create_not_supported");
  }),
});
