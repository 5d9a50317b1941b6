import { handle, resource } from "@/server/api/route";
import { created, ok } from "@/server/http/replies";
import { createTenant } from "@/server/tenants/create-tenant";
import { listTenants } from "@/server/tenants/list-tenants";
import { createTenantOp, listTenantsOp } from "@/server/tenants/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(listTenantsOp, async ({ ctx, query }) => ok(await listTenants({ ctx, input: query }))),
  POST: handle(createTenantOp, async ({ ctx, body }) => created(await createTenant({ ctx, input: body }))),
});
