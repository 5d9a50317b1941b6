import { etagOf } from "@/server/http/etag";
import { handle, resource } from "@/server/api/route";
import { ok } from "@/server/http/replies";
import { getTaskOp, updateTaskOp } from "@/server/tasks/operations";
import { getTask } from "@/server/tasks/read-tasks";
import { updateTask } from "@/server/workflows/update-task";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(getTaskOp, async ({ ctx, params }) => {
    const { task, version } = await getTask({ ctx, payrollId: params.payrollId!, taskId: params.taskId! });
    return ok(task, etagOf({ id: task.id, version }));
  }),
  PUT: handle(updateTaskOp, async ({ ctx, params, body, ifMatch }) => {
    const { task, version } = await updateTask({
      ctx,
      payrollId: params.payrollId!,
      taskId: params.taskId!,
      input: body,
      ifMatch,
    });
    return ok(task, etagOf({ id: task.id, version }));
  }),
});
