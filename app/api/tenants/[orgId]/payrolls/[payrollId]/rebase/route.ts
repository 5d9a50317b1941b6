import { etagOf } from "@/server/http/etag";
import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { rebasePayrollOp } from "@/server/payrolls/operations";
import { rebasePayroll } from "@/server/workflows/rebase-payroll";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  POST: handle(rebasePayrollOp, async ({ ctx, params, body, ifMatch }) => {
    const { payroll, version } = await rebasePayroll({ ctx, payrollId: params.payrollId!, input: body, ifMatch });
    return ok(payroll, etagOf({ id: payroll.id, version }));
  }),
});
