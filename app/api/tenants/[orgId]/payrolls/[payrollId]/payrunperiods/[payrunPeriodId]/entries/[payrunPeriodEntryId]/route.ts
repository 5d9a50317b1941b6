import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { getEntryOp } from "@/server/results/operations";
import { getEntry } from "@/server/results/read-entries";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(getEntryOp, async ({ ctx, params, query }) =>
    ok(
      await getEntry({
        ctx,
        payrollId: params.payrollId!,
        payrunPeriodId: params.payrunPeriodId!,
        entryId: params.payrunPeriodEntryId!,
        explain: query.explain,
      }),
    ),
  ),
});
