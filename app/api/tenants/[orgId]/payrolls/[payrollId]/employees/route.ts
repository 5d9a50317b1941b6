import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { listEmployees } from "@/server/employees/list-employees";
import { listPayrollEmployeesOp } from "@/server/employees/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(listPayrollEmployeesOp, async ({ ctx, params, query }) =>
    ok(await listEmployees({ ctx, input: query, payrollId: params.payrollId! })),
  ),
});
