import { handle, resource } from "@/server/http/route";
import { ok } from "@/server/http/replies";
import { getPayrollRegulations, updatePayrollRegulations } from "@/server/regulations/assignment";
import { getPayrollRegulationsOp, updatePayrollRegulationsOp } from "@/server/regulations/operations";

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: handle(getPayrollRegulationsOp, async ({ ctx, params }) => ok(await getPayrollRegulations({ ctx, payrollId: params.payrollId! }))),
  PUT: handle(updatePayrollRegulationsOp, async ({ ctx, params, body }) => ok(await updatePayrollRegulations({ ctx, payrollId: params.payrollId!, input: body }))),
});
