import { handle, resource } from "@/server/api/route";
import { created, ok } from "@/server/http/replies";
import { listCasesOp, postCaseChangeOp } from "@/server/cases/operations";
import { postCaseChange } from "@/server/cases/post-case-change";
import { listCases } from "@/server/cases/read-cases";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(listCasesOp, async ({ ctx, params, query }) =>
    ok(await listCases({ ctx, payrollId: params.payrollId!, input: query, page: query })),
  ),
  POST: handle(postCaseChangeOp, async ({ ctx, params, body, query }) => {
    const result = await postCaseChange({ ctx, payrollId: params.payrollId!, input: body, dryRun: query.dryRun });
    if ("caseChange" in result) return { status: 202, body: result };
    return query.dryRun ? ok(result) : created(result);
  }),
});
