import { etagOf } from "@/server/http/etag";
import { handle, resource } from "@/server/api/route";
import { created, ok } from "@/server/http/replies";
import { createEmployee } from "@/server/workflows/create-employee";
import { listEmployees } from "@/server/employees/list-employees";
import { createEmployeeOp, listEmployeesOp } from "@/server/employees/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(listEmployeesOp, async ({ ctx, query }) => ok(await listEmployees({ ctx, input: query }))),
  POST: handle(createEmployeeOp, async ({ ctx, body }) => {
    const { employee, version } = await createEmployee({ ctx, input: body });
    return created(employee, etagOf({ id: employee.id, version }));
  }),
});
