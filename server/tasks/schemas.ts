import { z } from "zod";
import { taskKinds, taskResolutions, taskStatuses, type tasks } from "../db/schema/tasks";
import { PageQuery } from "../http/pagination";
import { multiLine } from "../http/text";

export const Task = z
  .object({
    id: z.uuid(),
    payrollId: z.uuid(),
    employeeId: z.uuid().nullable(),
    kind: z
      .enum(taskKinds)
      .describe(
        "selfServiceChange: an employee's reported change waiting for HR; webhookFailing: a webhook whose deliveries keep failing.",
      ),
    status: z.enum(taskStatuses),
    resolution: z
      .enum(taskResolutions)
      .nullable()
      .describe("How a selfServiceChange task was decided; null otherwise."),
    title: z.string(),
    caseChangeId: z.uuid().nullable(),
    details: z
      .record(z.string(), z.unknown())
      .describe(
        "What the kind needs: webhookId and payloadUrl of a failing webhook; a change's before and after; resolutionReason once decided with a reason.",
      ),
    createdAt: z.string(),
    updatedAt: z.string(),
    completedBy: z.object({ kind: z.enum(["system", "person"]), id: z.string(), name: z.string() }).nullable(),
  })
  .meta({ id: "Task" });
export type TaskOutput = z.infer<typeof Task>;

export const ListTasksQuery = PageQuery.extend({
  status: z.enum(taskStatuses, { error: "Use open or done." }).optional().describe("open or done; without it, both."),
  employeeId: z.uuid("An employee id (UUID).").optional().describe("Only the tasks about this employee."),
});
export type ListTasksQuery = z.infer<typeof ListTasksQuery>;

export const UpdateTask = z
  .object({
    status: z.literal("done", { error: 'A task can only be completed: status "done".' }),
    resolution: z
      .enum(taskResolutions, { error: "Use approved or rejected." })
      .optional()
      .describe("Required for a selfServiceChange task; not given for other kinds."),
    reason: multiLine({ max: 2000 })
      .optional()
      .describe("Why (shown to the employee when a change is rejected); stored in details.resolutionReason."),
  })
  .strict();
export type UpdateTask = z.infer<typeof UpdateTask>;

export function toTask(row: typeof tasks.$inferSelect): TaskOutput {
  return {
    id: row.id,
    payrollId: row.payrollId,
    employeeId: row.employeeId,
    kind: row.kind,
    status: row.status,
    resolution: row.resolution,
    title: row.title,
    caseChangeId: row.caseChangeId,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedBy: row.completedBy,
  };
}
