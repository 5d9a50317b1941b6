import { handle, resource } from "@/server/http/route";
import { created, ok } from "@/server/http/replies";
import { createPayout } from "@/server/payouts/create-payout";
import { createPayoutOp, listPayoutsOp } from "@/server/payouts/operations";
import { listPayouts } from "@/server/payouts/read-payouts";
import { contentDisposition, wantsXml } from "@/server/payouts/http";

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: handle(listPayoutsOp, async ({ ctx, params, query }) => ok(await listPayouts({ ctx, payrollId: params.payrollId!, payrunPeriodId: params.payrunPeriodId!, input: query }))),
  POST: handle(createPayoutOp, async ({ ctx, params, body, receivedAt, request }) => {
    const { bytes, ...result } = await createPayout({ ctx, payrollId: params.payrollId!, payrunPeriodId: params.payrunPeriodId!, input: body, receivedAt });
    if (!wantsXml(request)) return created(result);
    const name = `pain001-${result.payout.executionDate}-${result.payout.id.slice(-8)}.xml`;
    return new Response(new Uint8Array(bytes), { status: 201, headers: { "content-type": "application/xml", "content-disposition": contentDisposition(name), "cache-control": "no-store" } });
  }),
});
