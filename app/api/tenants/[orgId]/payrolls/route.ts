import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { listPayrolls } from "@/server/payrolls/get-payroll";
import { listPayrollsOp } from "@/server/payrolls/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(listPayrollsOp, async ({ ctx, query }) => ok(await listPayrolls({ ctx, input: query }))),
});
