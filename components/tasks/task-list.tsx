"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { apiRequest, ApiProblem } from "@/components/forms/api";
import { formatInstant } from "@/components/periods/labels";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { detailText, TASK_KIND_LABEL, TASK_STATE_TONE, taskStateLabel, tasksApiPath, type Task } from "./labels";

type Action = { task: Task; resolution: "approved" | "rejected" | null };

/** Details worth showing a person, in this order, with their labels. */
const DETAIL_LABELS: [string, string][] = [
  ["caseName", "Case"],
  ["before", "Before"],
  ["after", "After"],
  ["reason", "Employee's reason"],
  ["payloadUrl", "Address"],
  ["resolutionReason", "Reason given"],
];

function problemText(error: unknown) {
  if (!(error instanceof ApiProblem)) return "Something went wrong.";
  if (error.status === 0) return "The service cannot be reached. Check your connection and try again.";
  if (error.status === 401) return "Your session has expired. Sign in again.";
  if (error.status === 403) return "Your role does not allow completing tasks.";
  if (error.status === 409) return "This task was already completed by someone else.";
  return error.errors.length ? error.errors.map((e) => e.message).join(" ") : error.detail;
}

/**
 * The payroll's tasks: what each is about, whom it concerns and when it came; open ones are marked
 * done, an employee's reported change is approved or rejected (with a reason for the employee).
 */
export function TaskList({ orgId, payrollId, tasks, names, canWrite }: { orgId: string; payrollId: string; tasks: Task[]; names: Record<string, string>; canWrite: boolean }) {
  const router = useRouter();
  const [action, setAction] = useState<Action | null>(null);
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<{ taskId: string; code: string; message: string } | null>(null);
  const [refreshing, startRefresh] = useTransition();
  const complete = useMutation({
    mutationFn: (a: Action & { reason: string }) =>
      apiRequest<Task>(`${tasksApiPath(orgId, payrollId)}/${a.task.id}`, {
        method: "PUT",
        body: { status: "done", ...(a.resolution ? { resolution: a.resolution } : {}), ...(a.reason.trim() ? { reason: a.reason.trim() } : {}) },
      }),
    onSuccess: () => {
      setAction(null);
      setReason("");
      setProblem(null);
      startRefresh(() => router.refresh());
    },
    onError: (error, a) => {
      setAction(null);
      setProblem({ taskId: a.task.id, code: error instanceof ApiProblem ? error.code : "unknown", message: problemText(error) });
      if (error instanceof ApiProblem && error.status === 409) startRefresh(() => router.refresh());
    },
  });
  const working = complete.isPending || refreshing;

  if (!tasks.length) return <p className="text-sm text-slate-600">No tasks here.</p>;

  return (
    <>
      <ul className="divide-y divide-slate-100" aria-label="Tasks">
        {tasks.map((task) => {
          const state = taskStateLabel(task);
          const details = DETAIL_LABELS.filter(([key]) => detailText(task.details[key]) !== "");
          return (
            <li key={task.id} data-testid="task" data-task-id={task.id} data-kind={task.kind} data-status={task.status} className="py-3">
              <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
                <span data-testid="task-state" className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium ${TASK_STATE_TONE[state]}`}>
                  {state}
                </span>
                <span data-testid="task-title" className="text-sm font-medium text-slate-900">
                  {task.title}
                </span>
                <span className="text-xs text-slate-500">{TASK_KIND_LABEL[task.kind]}</span>
              </div>
              <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
                {task.employeeId ? <span data-testid="task-employee">{names[task.employeeId] ?? task.employeeId}</span> : null}
                <span>Created {formatInstant(task.createdAt, "short")}</span>
                {task.status === "done" && task.completedBy ? (
                  <span>
                    Completed {formatInstant(task.updatedAt, "short")} by {task.completedBy.name}
                  </span>
                ) : null}
              </div>
              {details.length ? (
                <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-xs">
                  {details.map(([key, label]) => (
                    <div key={key} className="contents">
                      <dt className="text-slate-500">{label}</dt>
                      <dd className="break-all text-slate-800">{detailText(task.details[key])}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {canWrite && task.status === "open" ? (
                <div className="mt-2 flex flex-wrap gap-2">
                  {task.kind === "selfServiceChange" ? (
                    <>
                      <Button variant="secondary" className="px-2.5 py-1" disabled={working} onClick={() => setAction({ task, resolution: "approved" })}>
                        Approve
                      </Button>
                      <Button variant="secondary" className="px-2.5 py-1 text-red-800" disabled={working} onClick={() => setAction({ task, resolution: "rejected" })}>
                        Reject
                      </Button>
                    </>
                  ) : (
                    <Button variant="secondary" className="px-2.5 py-1" disabled={working} onClick={() => setAction({ task, resolution: null })}>
                      Mark done
                    </Button>
                  )}
                </div>
              ) : null}
              {problem?.taskId === task.id ? (
                <div className="mt-2">
                  <Alert tone="error">
                    <span data-testid="task-problem" data-code={problem.code}>
                      {problem.message}
                    </span>
                  </Alert>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={action !== null}
        title={action?.resolution === "approved" ? "Approve this change?" : action?.resolution === "rejected" ? "Reject this change?" : "Mark this task done?"}
        confirmLabel={action?.resolution === "approved" ? "Approve" : action?.resolution === "rejected" ? "Reject" : "Mark done"}
        pending={complete.isPending}
        onCancel={() => {
          if (complete.isPending) return;
          setAction(null);
          setReason("");
        }}
        onConfirm={() => {
          if (action) complete.mutate({ ...action, reason });
        }}
      >
        {action ? (
          <>
            <p className="font-medium">{action.task.title}</p>
            {action.resolution === "rejected" ? (
              <div className="space-y-1">
                <label htmlFor="task-reject-reason" className="block text-sm font-medium text-slate-800">
                  Reason (shown to the employee)
                </label>
                <textarea
                  id="task-reject-reason"
                  value={reason}
                  maxLength={2000}
                  rows={3}
                  onChange={(event) => setReason(event.target.value)}
                  className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-xs focus:outline-2 focus:outline-sky-600"
                />
              </div>
            ) : action.resolution === "approved" ? (
              <p>Records your approval of the change the employee reported.</p>
            ) : (
              <p>The task moves to the done list.</p>
            )}
          </>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
