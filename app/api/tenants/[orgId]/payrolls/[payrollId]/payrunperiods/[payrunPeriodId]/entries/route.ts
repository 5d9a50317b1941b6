import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { listEntriesOp } from "@/server/results/operations";
import { listEntries } from "@/server/results/read-entries";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(listEntriesOp, async ({ ctx, params, query }) =>
    ok(await listEntries({ ctx, payrollId: params.payrollId!, payrunPeriodId: params.payrunPeriodId!, page: query })),
  ),
});
