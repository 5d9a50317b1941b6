import { etagOf } from "@/server/http/etag";
import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { getEmployee } from "@/server/employees/get-employee";
import { getPayrollEmployeeOp } from "@/server/employees/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(getPayrollEmployeeOp, async ({ ctx, params }) => {
    const { employee, version } = await getEmployee({
      ctx,
      employeeId: params.employeeId!,
      payrollId: params.payrollId!,
    });
    return ok(employee, etagOf({ id: employee.id, version }));
  }),
});
