import { handle, resource } from "@/server/api/route";
import { committedUnderKey } from "@/server/http/idempotency";
import { created, ok } from "@/server/http/replies";
import { readCommittedPayout } from "@/server/payouts/committed-payout";
import { createPayout } from "@/server/payouts/create-payout";
import { createPayoutOp, listPayoutsOp } from "@/server/payouts/operations";
import { listPayouts } from "@/server/payouts/read-payouts";
import { attachmentDisposition } from "@/server/documents/content-disposition";
import { wantsXml } from "@/server/payouts/http";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(listPayoutsOp, async ({ ctx, params, query }) =>
    ok(await listPayouts({ ctx, payrollId: params.payrollId!, payrunPeriodId: params.payrunPeriodId!, input: query })),
  ),
  POST: handle(createPayoutOp, async ({ ctx, params, body, receivedAt, request }) => {
    // A retry of a payout whose process died after the commit answers with that payout (server/http/idempotency.ts).
    const committed = committedUnderKey();
    const { bytes, ...result } = committed
      ? await readCommittedPayout({ ctx, payrollId: params.payrollId!, payoutId: committed })
      : await createPayout({
          ctx,
          payrollId: params.payrollId!,
          payrunPeriodId: params.payrunPeriodId!,
          input: body,
          receivedAt,
        });
    if (!wantsXml(request)) return created(result);
    const name = `pain001-${result.payout.executionDate}-${result.payout.id.slice(-8)}.xml`;
    return new Response(new Uint8Array(bytes), {
      status: 201,
      headers: {
        "content-type": "application/xml",
        "content-disposition": attachmentDisposition(name),
        "cache-control": "no-store",
      },
    });
  }),
});
