import { page } from "../http/pagination";
import { operation } from "../http/operation";
import { ListTasksQuery, Task, UpdateTask } from "./schemas";

const TASKS = "/tenants/{orgId}/payrolls/{payrollId}/tasks";

export const listTasksOp = operation({
  method: "GET",
  path: TASKS,
  tag: "Tasks",
  summary: "List the payroll's tasks",
  description:
    "The payroll's tasks, newest first; `status` (open or done) and `employeeId` filter. Administrators and the payroll's Managers.",
  allow: "task.read",
  query: ListTasksQuery,
  response: page(Task),
  problems: { 404: ["payroll.not_found"] },
});

export const getTaskOp = operation({
  method: "GET",
  path: `${TASKS}/{taskId}`,
  tag: "Tasks",
  summary: "One task (with ETag)",
  allow: "task.read",
  response: Task,
  problems: { 404: ["payroll.not_found", "task.not_found"] },
});

export const updateTaskOp = operation({
  method: "PUT",
  path: `${TASKS}/{taskId}`,
  tag: "Tasks",
  summary: "Complete a task",
  description:
    'Complete a task: `{ status: "done" }`, for a selfServiceChange task with `resolution` "approved" or ' +
    '"rejected" (and an optional `reason`). Records TaskChanged. 409 task.done when it is already done; ' +
    "422 names status or resolution; If-Match supported (412).",
  allow: "task.write",
  body: UpdateTask,
  response: Task,
  problems: {
    404: ["payroll.not_found", "task.not_found"],
    409: ["case.before_accounting_start", "case.change_not_pending", "task.done"],
  },
});
