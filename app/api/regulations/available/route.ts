import { handle, resource } from "@/server/http/route";
import { ok } from "@/server/http/replies";
import { availableRegulations } from "@/server/regulations/assignment";
import { availableRegulationsOp } from "@/server/regulations/operations";

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: handle(availableRegulationsOp, async ({ query }) => ok(await availableRegulations(query))),
});
