import { etagOf } from "@/server/http/etag";
import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { deleteLookupValue } from "@/server/lookups/delete-lookup-value";
import { deleteLookupValueOp, updateLookupValueOp } from "@/server/lookups/operations";
import { updateLookupValue } from "@/server/lookups/update-lookup-value";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  PUT: handle(updateLookupValueOp, async ({ ctx, params, body, ifMatch }) => {
    const ids = {
      regulationId: params.regulationId!,
      lookupId: params.lookupId!,
      lookupValueId: params.lookupValueId!,
    };
    const { value, version } = await updateLookupValue({ ctx, ...ids, input: body, ifMatch });
    return ok(value, etagOf({ id: value.id, version }));
  }),
  DELETE: handle(deleteLookupValueOp, async ({ ctx, params }) =>
    ok(
      await deleteLookupValue({
        ctx,
        regulationId: params.regulationId!,
        lookupId: params.lookupId!,
        lookupValueId: params.lookupValueId!,
      }),
    ),
  ),
});
