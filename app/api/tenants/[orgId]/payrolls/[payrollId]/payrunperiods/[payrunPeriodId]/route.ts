import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { getPeriodOp } from "@/server/payrolls/operations";
import { getPayrunPeriod } from "@/server/periods/list-periods";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(getPeriodOp, async ({ ctx, params }) =>
    ok(await getPayrunPeriod({ ctx, payrollId: params.payrollId!, payrunPeriodId: params.payrunPeriodId! })),
  ),
});
