import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { listLookupSets } from "@/server/lookups/list-lookup-sets";
import { listLookupSetsOp } from "@/server/lookups/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(listLookupSetsOp, async ({ ctx, params, query }) =>
    ok(await listLookupSets({ ctx, regulationId: params.regulationId!, payrollId: query.payrollId, page: query })),
  ),
});
