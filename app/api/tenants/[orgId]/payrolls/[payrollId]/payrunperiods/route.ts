import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { listPeriodsOp } from "@/server/payrolls/operations";
import { listPayrunPeriods } from "@/server/periods/list-periods";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(listPeriodsOp, async ({ ctx, params, query }) =>
    ok(await listPayrunPeriods({ ctx, payrollId: params.payrollId!, page: query })),
  ),
});
