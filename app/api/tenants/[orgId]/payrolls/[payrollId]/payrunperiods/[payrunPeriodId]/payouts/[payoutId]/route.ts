import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { cancelPayout } from "@/server/payouts/change-payout";
import { cancelPayoutOp, getPayoutOp } from "@/server/payouts/operations";
import { getPayout } from "@/server/payouts/read-payouts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(getPayoutOp, async ({ ctx, params }) =>
    ok(
      await getPayout({
        ctx,
        payrollId: params.payrollId!,
        payrunPeriodId: params.payrunPeriodId!,
        payoutId: params.payoutId!,
      }),
    ),
  ),
  POST: handle(cancelPayoutOp, async ({ ctx, params }) =>
    ok(
      await cancelPayout({
        ctx,
        payrollId: params.payrollId!,
        payrunPeriodId: params.payrunPeriodId!,
        payoutId: params.payoutId!,
      }),
    ),
  ),
});
