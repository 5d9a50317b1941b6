import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { listLookupValues } from "@/server/lookups/list-lookup-values";
import { listLookupValuesOp } from "@/server/lookups/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(listLookupValuesOp, async ({ ctx, params, query }) =>
    ok(await listLookupValues({ ctx, payrollId: params.payrollId!, input: query })),
  ),
});
