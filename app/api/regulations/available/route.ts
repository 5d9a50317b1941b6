import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { availableRegulations } from "@/server/regulations/available";
import { availableRegulationsOp } from "@/server/regulations/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(availableRegulationsOp, async ({ query }) => ok(await availableRegulations(query))),
});
