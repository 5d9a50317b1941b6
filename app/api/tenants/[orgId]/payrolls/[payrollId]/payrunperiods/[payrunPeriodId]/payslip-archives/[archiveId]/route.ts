import { getPayslipArchiveOp } from "@/server/documents/operations";
import { getPayslipArchive } from "@/server/documents/payslip-archive";
import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(getPayslipArchiveOp, async ({ ctx, params }) =>
    ok(
      await getPayslipArchive({
        ctx,
        payrollId: params.payrollId!,
        payrunPeriodId: params.payrunPeriodId!,
        archiveId: params.archiveId!,
      }),
    ),
  ),
});
