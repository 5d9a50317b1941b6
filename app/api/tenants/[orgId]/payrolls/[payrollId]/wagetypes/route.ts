import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { listWageTypes } from "@/server/lookups/list-wage-types";
import { listWageTypesOp } from "@/server/lookups/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(listWageTypesOp, async ({ ctx, params, query }) =>
    ok(await listWageTypes({ ctx, payrollId: params.payrollId!, page: query })),
  ),
});
