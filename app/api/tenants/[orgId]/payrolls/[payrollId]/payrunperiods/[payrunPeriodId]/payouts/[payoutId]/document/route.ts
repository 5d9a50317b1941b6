import { handle, resource } from "@/server/api/route";
import { attachmentDisposition } from "@/server/documents/content-disposition";
import { getPayoutDocumentOp } from "@/server/payouts/operations";
import { getPayoutDocument } from "@/server/payouts/read-payouts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(getPayoutDocumentOp, async ({ ctx, params }) => {
    const doc = await getPayoutDocument({
      ctx,
      payrollId: params.payrollId!,
      payrunPeriodId: params.payrunPeriodId!,
      payoutId: params.payoutId!,
    });
    return new Response(new Uint8Array(doc.bytes), {
      headers: {
        "content-type": doc.contentType,
        "content-disposition": attachmentDisposition(doc.name),
        "content-length": String(doc.bytes.length),
        "cache-control": "private, no-store",
      },
    });
  }),
});
