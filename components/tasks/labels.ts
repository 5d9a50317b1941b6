import type { TaskOutput } from "@/server/tasks/schemas";

export type Task = TaskOutput;

export const TASK_FILTERS = ["open", "done", "all"] as const;
export type TaskFilter = (typeof TASK_FILTERS)[number];
/** A task's state: its key under tasks.states (and TASK_STATE_TONE). */
export function taskState(task: Pick<Task, "status" | "resolution">) {
  if (task.status === "open") return "Open";
  if (task.resolution === "approved") return "Approved";
  if (task.resolution === "rejected") return "Rejected";
  return "Done";
}

export const TASK_STATE_TONE: Record<string, string> = {
  Open: "border-amber-300 bg-amber-50 text-amber-900",
  Done: "border-slate-300 bg-slate-50 text-slate-700",
  Approved: "border-emerald-300 bg-emerald-50 text-emerald-900",
  Rejected: "border-red-300 bg-red-50 text-red-900",
};

export const tasksApiPath = (orgId: string, payrollId: string) => `/tenants/${orgId}/payrolls/${payrollId}/tasks`;

/** A value of a task's details as one line of text (strings as they are, anything else as JSON). */
export function detailText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}
