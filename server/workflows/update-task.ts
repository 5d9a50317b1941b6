import "server-only";
import { eq, sql } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { tasks, type TaskKind } from "../db/schema";
import { inTenant } from "../db/tenant-scope";
import { Conflict, Invalid } from "../errors";
import { recordEvent } from "../events/record-event";
import { checkIfMatch } from "../http/etag";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import { actorOf, completionOf } from "../tasks/completions";
import { findTask } from "../tasks/read-tasks";
import { toTask, type UpdateTask } from "../tasks/schemas";
// What deciding an employee's reported change does (registers the selfServiceChange completion).
import "../cases/decide-change";

export { onTaskCompleted, type TaskCompletion } from "../tasks/completions";

/** Kinds whose tasks are decided (approved or rejected), not only done. */
const DECIDED: ReadonlySet<TaskKind> = new Set(["selfServiceChange"]);

/**
 * Completes a task (contract 9a: `{ status: "done", resolution? }`): a selfServiceChange task needs
 * a resolution, other kinds take none. A done task stays done (409 task.done). If-Match supported.
 * Records TaskChanged in the same transaction.
 */
export async function updateTask({
  ctx,
  payrollId,
  taskId,
  input,
  ifMatch,
}: {
  ctx: TenantCtx;
  payrollId: string;
  taskId: string;
  input: UpdateTask;
  ifMatch: string | null;
}) {
  return inTenant(ctx, async (scope) => {
    await findVisiblePayroll(scope, ctx, payrollId);
    const current = await findTask(scope, payrollId, taskId, { lock: true });
    checkIfMatch(ifMatch, current);
    if (current.status === "done") {
      throw new Conflict(
        "task.done",
        `The task was completed${current.resolution ? ` (${current.resolution})` : ""} on ${current.updatedAt.toISOString()}; a done task cannot be changed.`,
      );
    }
    const decided = DECIDED.has(current.kind);
    if (decided && !input.resolution)
      throw Invalid.field(
        "resolution",
        `A ${current.kind} task is approved or rejected: give resolution "approved" or "rejected".`,
      );
    if (!decided && input.resolution)
      throw Invalid.field("resolution", `A ${current.kind} task is only marked done; it takes no resolution.`);
    const resolution = input.resolution ?? null;
    await completionOf(current.kind)?.(scope, ctx, current, resolution, { reason: input.reason ?? null });
    const now = new Date();
    const [row] = await scope.update(
      tasks,
      {
        status: "done",
        resolution,
        details: input.reason ? { ...current.details, resolutionReason: input.reason } : current.details,
        completedAt: now,
        completedBy: actorOf(ctx.caller),
        updatedAt: now,
        version: sql`${tasks.version} + 1`,
      },
      eq(tasks.id, current.id),
    );
    await recordEvent(scope, "TaskChanged", {
      payrollId: row!.payrollId,
      taskId: row!.id,
      kind: row!.kind,
      status: row!.status,
      resolution: row!.resolution,
    });
    return { task: toTask(row!), version: row!.version };
  });
}
