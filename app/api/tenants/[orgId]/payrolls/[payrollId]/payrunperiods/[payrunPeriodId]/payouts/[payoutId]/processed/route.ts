import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { markPayoutProcessed } from "@/server/payouts/change-payout";
import { markPayoutProcessedOp } from "@/server/payouts/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  POST: handle(markPayoutProcessedOp, async ({ ctx, params }) =>
    ok(
      await markPayoutProcessed({
        ctx,
        payrollId: params.payrollId!,
        payrunPeriodId: params.payrunPeriodId!,
        payoutId: params.payoutId!,
      }),
    ),
  ),
});
