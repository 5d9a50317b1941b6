import "server-only";
import { z } from "zod";
import { inTenantOf } from "../db/tenant-scope";
import { taskKinds } from "../db/schema/tasks";
import { isDevelopmentLike } from "../env";
import { openTask } from "./open-task";

export const SandboxTask = z.object({
  tenantId: z.uuid(),
  payrollId: z.uuid(),
  title: z.string().trim().min(1).max(200),
  kind: z.enum(taskKinds).default("webhookFailing"),
  employeeId: z.uuid().optional(),
});

/**
 * Outside production only: opens a task by hand (npm run task -- open), so that a client developer
 * can try the Tasks screen and a TaskChanged delivery in a sandbox, and browser tests get one.
 * A selfServiceChange task opened this way has no reported change behind it (caseChangeId null):
 * approving or rejecting it only completes the task. Real ones come from a Self Service report
 * (POST .../cases answering 202).
 */
export async function openSandboxTask(input: z.input<typeof SandboxTask>) {
  if (!isDevelopmentLike()) throw new Error("Tasks are opened by hand only in a sandbox or development service.");
  const task = SandboxTask.parse(input);
  return (
    await inTenantOf(task.tenantId, (scope) =>
      openTask(scope, {
        payrollId: task.payrollId,
        kind: task.kind,
        title: task.title,
        employeeId: task.employeeId ?? null,
        details: { openedBy: "sandbox" },
      }),
    )
  ).task;
}
