import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { getTenant } from "@/server/tenants/get-tenant";
import { getTenantOp } from "@/server/tenants/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(getTenantOp, async ({ ctx }) => ok(await getTenant({ ctx }))),
});
