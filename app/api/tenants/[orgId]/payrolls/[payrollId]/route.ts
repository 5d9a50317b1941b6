import { etagOf } from "@/server/http/etag";
import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { getPayroll } from "@/server/payrolls/get-payroll";
import { getPayrollOp, updatePayrollOp } from "@/server/payrolls/operations";
import { updatePayroll } from "@/server/payrolls/update-payroll";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(getPayrollOp, async ({ ctx, params }) => {
    const { payroll, version } = await getPayroll({ ctx, payrollId: params.payrollId! });
    return ok(payroll, etagOf({ id: payroll.id, version }));
  }),
  PUT: handle(updatePayrollOp, async ({ ctx, params, body, ifMatch }) => {
    const { payroll, version } = await updatePayroll({ ctx, payrollId: params.payrollId!, input: body, ifMatch });
    return ok(payroll, etagOf({ id: payroll.id, version }));
  }),
});
