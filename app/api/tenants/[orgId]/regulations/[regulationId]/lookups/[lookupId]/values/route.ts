import { etagOf } from "@/server/http/etag";
import { handle, resource } from "@/server/api/route";
import { created } from "@/server/http/replies";
import { createLookupValue } from "@/server/lookups/create-lookup-value";
import { createLookupValueOp } from "@/server/lookups/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  POST: handle(createLookupValueOp, async ({ ctx, params, body }) => {
    const { value, version } = await createLookupValue({
      ctx,
      regulationId: params.regulationId!,
      lookupId: params.lookupId!,
      input: body,
    });
    return created(value, etagOf({ id: value.id, version }));
  }),
});
