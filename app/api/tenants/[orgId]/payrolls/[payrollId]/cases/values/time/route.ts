import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { valuesInTimeOp } from "@/server/cases/operations";
import { valuesInTime } from "@/server/cases/read-cases";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(valuesInTimeOp, async ({ ctx, params, query }) =>
    ok(await valuesInTime({ ctx, payrollId: params.payrollId!, input: query, page: query })),
  ),
});
