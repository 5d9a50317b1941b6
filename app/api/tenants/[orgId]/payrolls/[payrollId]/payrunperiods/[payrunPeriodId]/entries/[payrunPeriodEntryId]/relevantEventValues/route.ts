import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { relevantEventValuesOp } from "@/server/results/operations";
import { relevantEventValues } from "@/server/results/read-entries";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(relevantEventValuesOp, async ({ ctx, params, query }) =>
    ok(
      await relevantEventValues({
        ctx,
        payrollId: params.payrollId!,
        payrunPeriodId: params.payrunPeriodId!,
        entryId: params.payrunPeriodEntryId!,
        page: query,
      }),
    ),
  ),
});
