import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { employeeMissingData } from "@/server/cases/missing-data";
import { employeeMissingDataOp } from "@/server/cases/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(employeeMissingDataOp, async ({ ctx, params, query }) =>
    ok(
      await employeeMissingData({
        ctx,
        payrollId: params.payrollId!,
        employeeId: params.employeeId!,
        valueDate: query.valueDate,
        page: query,
      }),
    ),
  ),
});
