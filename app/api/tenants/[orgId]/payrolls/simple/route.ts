import { etagOf } from "@/server/http/etag";
import { handle, resource } from "@/server/api/route";
import { created } from "@/server/http/replies";
import { createPayroll } from "@/server/workflows/create-payroll";
import { createPayrollOp } from "@/server/payrolls/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  POST: handle(createPayrollOp, async ({ ctx, body }) => {
    const { payroll, version } = await createPayroll({ ctx, input: body });
    return created(payroll, etagOf({ id: payroll.id, version }));
  }),
});
