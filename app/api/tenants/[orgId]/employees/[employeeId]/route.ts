import { etagOf } from "@/server/http/etag";
import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { getEmployee } from "@/server/employees/get-employee";
import { getEmployeeOp, updateEmployeeOp } from "@/server/employees/operations";
import { updateEmployee } from "@/server/employees/update-employee";

// No DELETE: employees cannot be deleted, so DELETE answers 405 with Allow: GET, PUT.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(getEmployeeOp, async ({ ctx, params }) => {
    const { employee, version } = await getEmployee({ ctx, employeeId: params.employeeId! });
    return ok(employee, etagOf({ id: employee.id, version }));
  }),
  PUT: handle(updateEmployeeOp, async ({ ctx, params, body, ifMatch }) => {
    const { employee, version } = await updateEmployee({ ctx, employeeId: params.employeeId!, input: body, ifMatch });
    return ok(employee, etagOf({ id: employee.id, version }));
  }),
});
