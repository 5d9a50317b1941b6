import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { listCaseChangesOp } from "@/server/cases/operations";
import { listCaseChanges } from "@/server/cases/read-cases";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(listCaseChangesOp, async ({ ctx, params, query }) =>
    ok(await listCaseChanges({ ctx, payrollId: params.payrollId!, input: query })),
  ),
});
