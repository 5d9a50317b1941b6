import { documentDisposition } from "@/server/documents/content-disposition";
import { getDocumentOp } from "@/server/documents/operations";
import { getDocument } from "@/server/documents/read-documents";
import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(getDocumentOp, async ({ ctx, params, query }) => {
    const { meta, bytes } = await getDocument({
      ctx,
      payrollId: params.payrollId!,
      payrunPeriodId: params.payrunPeriodId!,
      documentId: params.documentId!,
      metadataOnly: query.format === "json",
    });
    if (!bytes) return ok(meta);
    return new Response(new Uint8Array(bytes), {
      headers: {
        "content-type": meta.contentType,
        "content-disposition": documentDisposition(meta.name, meta.contentType),
        "content-length": String(bytes.length),
        "cache-control": "private, no-store",
      },
    });
  }),
});
