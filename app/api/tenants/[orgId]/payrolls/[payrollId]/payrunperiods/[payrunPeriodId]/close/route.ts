import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { closePeriodOp } from "@/server/payrolls/operations";
import { closePeriod } from "@/server/workflows/close-period";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  POST: handle(closePeriodOp, async ({ ctx, params, body, receivedAt }) =>
    ok(
      await closePeriod({
        ctx,
        payrollId: params.payrollId!,
        payrunPeriodId: params.payrunPeriodId!,
        receivedAt,
        openAmounts: body.openAmounts,
      }),
    ),
  ),
});
