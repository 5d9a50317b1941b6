import { getOpenApiOp } from "@/server/docs/operations";
import { openApiDocument } from "@/server/docs/openapi";
import { handle, resource } from "@/server/api/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(getOpenApiOp, async () => ({ body: openApiDocument() })),
});
