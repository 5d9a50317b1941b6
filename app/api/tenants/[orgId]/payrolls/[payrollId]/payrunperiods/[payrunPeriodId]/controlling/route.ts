import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { controllingOp } from "@/server/results/operations";
import { controlForApi, controlling } from "@/server/results/read-entries";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(controllingOp, async ({ ctx, params, query }) =>
    ok(
      controlForApi(
        await controlling({ ctx, payrollId: params.payrollId!, payrunPeriodId: params.payrunPeriodId!, page: query }),
      ),
    ),
  ),
});
