import { etagOf } from "@/server/http/etag";
import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { mapWageType } from "@/server/lookups/map-wage-type";
import { mapWageTypeOp } from "@/server/lookups/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  PUT: handle(mapWageTypeOp, async ({ ctx, params, body, ifMatch }) => {
    const mapped = await mapWageType({
      ctx,
      payrollId: params.payrollId!,
      wageTypeNumber: params.wageTypeNumber!,
      input: body,
      ifMatch,
    });
    return ok(mapped.accounts, etagOf(mapped));
  }),
});
