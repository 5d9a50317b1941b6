import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { listTasksOp } from "@/server/tasks/operations";
import { listTasks } from "@/server/tasks/read-tasks";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(listTasksOp, async ({ ctx, params, query }) =>
    ok(await listTasks({ ctx, payrollId: params.payrollId!, input: query })),
  ),
});
