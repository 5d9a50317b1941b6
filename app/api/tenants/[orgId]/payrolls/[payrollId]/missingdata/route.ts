import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { payrollMissingData } from "@/server/cases/missing-data";
import { payrollMissingDataOp } from "@/server/cases/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(payrollMissingDataOp, async ({ ctx, params, query }) =>
    ok(await payrollMissingData({ ctx, payrollId: params.payrollId!, valueDate: query.valueDate, page: query })),
  ),
});
