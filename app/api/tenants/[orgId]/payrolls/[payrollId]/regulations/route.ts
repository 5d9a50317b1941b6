import { etagOf } from "@/server/http/etag";
import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { readPayrollRegulations } from "@/server/payrolls/regulations";
import { updatePayrollRegulations } from "@/server/workflows/assign-regulations";
import { getPayrollRegulationsOp, updatePayrollRegulationsOp } from "@/server/regulations/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(getPayrollRegulationsOp, async ({ ctx, params }) => {
    const { regulations, id, version } = await readPayrollRegulations({ ctx, payrollId: params.payrollId! });
    return ok(regulations, etagOf({ id, version }));
  }),
  PUT: handle(updatePayrollRegulationsOp, async ({ ctx, params, body, ifMatch }) => {
    const { regulations, id, version } = await updatePayrollRegulations({
      ctx,
      payrollId: params.payrollId!,
      input: body,
      ifMatch,
    });
    return ok(regulations, etagOf({ id, version }));
  }),
});
