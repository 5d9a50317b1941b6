import { listDocumentsOp } from "@/server/documents/operations";
import { listDocuments } from "@/server/documents/read-documents";
import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(listDocumentsOp, async ({ ctx, params, query }) =>
    ok(
      await listDocuments({
        ctx,
        payrollId: params.payrollId!,
        payrunPeriodId: params.payrunPeriodId!,
        input: query,
        page: query,
      }),
    ),
  ),
});
