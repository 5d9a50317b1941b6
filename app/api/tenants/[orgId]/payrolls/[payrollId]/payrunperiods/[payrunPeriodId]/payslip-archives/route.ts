import { requestPayslipArchiveOp } from "@/server/documents/operations";
import { requestPayslipArchive } from "@/server/documents/payslip-archive";
import { handle, resource } from "@/server/api/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  POST: handle(requestPayslipArchiveOp, async ({ ctx, params }) => {
    const { archive, payrunPeriodId } = await requestPayslipArchive({
      ctx,
      payrollId: params.payrollId!,
      payrunPeriodId: params.payrunPeriodId!,
    });
    const location = `/api/tenants/${params.orgId}/payrolls/${params.payrollId}/payrunperiods/${payrunPeriodId}/payslip-archives/${archive.id}`;
    return { status: 202, body: archive, headers: { location } };
  }),
});
