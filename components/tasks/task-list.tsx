"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { apiRequest, ApiProblem } from "@/components/forms/api";
import { useFormat } from "@/components/format/use-format";
import { useProblems } from "@/components/forms/use-problems";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { CaseDefinition } from "@/components/cases/labels";
import { ChangeDetailsView, useChangeCaseName } from "./change-details";
import { detailText, TASK_STATE_TONE, taskState, tasksApiPath, type Task } from "./labels";

type Action = { task: Task; resolution: "approved" | "rejected" | null };

/** Details worth showing a person, in this order; their labels are tasks.details.* (a reported change shows its own view). */
const DETAIL_KEYS = ["caseName", "before", "after", "reason", "payloadUrl", "resolutionReason"] as const;

type Translate = (key: string) => string;

/** A task's problem in the person's language: the tasks' own words for 403 and 409, else by the problem's code (never the English detail). */
function problemText(error: unknown, t: Translate, problems: ReturnType<typeof useProblems>) {
  if (error instanceof ApiProblem && error.status === 403) return t("problems.forbidden");
  if (error instanceof ApiProblem && error.status === 409) return t("problems.conflict");
  return problems.message(error);
}

/**
 * The payroll's tasks: what each is about, whom it concerns and when it came; open ones are marked
 * done, an employee's reported change is approved or rejected (with a reason for the employee).
 */
export function TaskList({
  orgId,
  payrollId,
  tasks,
  names,
  cases,
  canWrite,
}: {
  orgId: string;
  payrollId: string;
  tasks: Task[];
  names: Record<string, string>;
  /** The payroll's cases (display names of the cases and fields a reported change names). */
  cases: CaseDefinition[];
  canWrite: boolean;
}) {
  const t = useTranslations("tasks");
  const caseNameOf = useChangeCaseName(cases);
  // The API's title is English: the screen names every task in the person's language from its kind and details.
  const titleOf = (task: Task) => {
    if (task.kind === "webhookFailing")
      return typeof task.details.payloadUrl === "string"
        ? t("titles.webhookFailing", { url: task.details.payloadUrl })
        : t("titles.webhookFailingAny");
    const caseName = caseNameOf(task);
    return caseName ? t("titles.selfServiceChange", { case: caseName }) : t("titles.selfServiceChangeAny");
  };
  const isReportedChange = (task: Task) =>
    task.kind === "selfServiceChange" &&
    typeof task.details.caseName === "string" &&
    typeof task.details.after === "object";
  const problems = useProblems();
  const format = useFormat();
  const router = useRouter();
  const [action, setAction] = useState<Action | null>(null);
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<{ taskId: string; code: string; message: string } | null>(null);
  const [refreshing, startRefresh] = useTransition();
  const complete = useMutation({
    mutationFn: (a: Action & { reason: string }) =>
      apiRequest<Task>(`${tasksApiPath(orgId, payrollId)}/${a.task.id}`, {
        method: "PUT",
        body: {
          status: "done",
          ...(a.resolution ? { resolution: a.resolution } : {}),
          ...(a.reason.trim() ? { reason: a.reason.trim() } : {}),
        },
      }),
    onSuccess: () => {
      setAction(null);
      setReason("");
      setProblem(null);
      startRefresh(() => router.refresh());
    },
    onError: (error, a) => {
      setAction(null);
      setProblem({
        taskId: a.task.id,
        code: error instanceof ApiProblem ? error.code : "unknown",
        message: problemText(error, t, problems),
      });
      if (error instanceof ApiProblem && error.status === 409) startRefresh(() => router.refresh());
    },
  });
  const working = complete.isPending || refreshing;

  if (!tasks.length) return <p className="text-sm text-slate-600">{t("none")}</p>;

  return (
    <>
      <ul className="divide-y divide-slate-100" aria-label={t("list")}>
        {tasks.map((task) => {
          const state = taskState(task);
          const reported = isReportedChange(task);
          const details = DETAIL_KEYS.filter(
            (key) => (reported ? key === "resolutionReason" : true) && detailText(task.details[key]) !== "",
          );
          return (
            <li
              key={task.id}
              data-testid="task"
              data-task-id={task.id}
              data-kind={task.kind}
              data-status={task.status}
              className="py-3"
            >
              <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
                <span
                  data-testid="task-state"
                  className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium ${TASK_STATE_TONE[state]}`}
                >
                  {t(`states.${state}`)}
                </span>
                <span data-testid="task-title" className="text-sm font-medium text-slate-900">
                  {titleOf(task)}
                </span>
                <span className="text-xs text-slate-500">{t(`kinds.${task.kind}`)}</span>
              </div>
              <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
                {task.employeeId ? (
                  <span data-testid="task-employee">{names[task.employeeId] ?? task.employeeId}</span>
                ) : null}
                <span>{t("created", { date: format.instant(task.createdAt) })}</span>
                {task.status === "done" && task.completedBy ? (
                  <span>{t("completed", { date: format.instant(task.updatedAt), name: task.completedBy.name })}</span>
                ) : null}
              </div>
              {reported ? <ChangeDetailsView task={task} cases={cases} /> : null}
              {details.length ? (
                <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-xs">
                  {details.map((key) => (
                    <div key={key} className="contents">
                      <dt className="text-slate-500">{t(`details.${key}`)}</dt>
                      <dd className="break-all text-slate-800">{detailText(task.details[key])}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {canWrite && task.status === "open" ? (
                <div className="mt-2 flex flex-wrap gap-2">
                  {task.kind === "selfServiceChange" ? (
                    <>
                      <Button
                        variant="secondary"
                        className="px-2.5 py-1"
                        disabled={working}
                        onClick={() => setAction({ task, resolution: "approved" })}
                      >
                        {t("approve")}
                      </Button>
                      <Button
                        variant="secondary"
                        className="px-2.5 py-1 text-red-800"
                        disabled={working}
                        onClick={() => setAction({ task, resolution: "rejected" })}
                      >
                        {t("reject")}
                      </Button>
                    </>
                  ) : (
                    <Button
                      variant="secondary"
                      className="px-2.5 py-1"
                      disabled={working}
                      onClick={() => setAction({ task, resolution: null })}
                    >
                      {t("markDone")}
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
        title={
          action?.resolution === "approved"
            ? t("approveTitle")
            : action?.resolution === "rejected"
              ? t("rejectTitle")
              : t("markDoneTitle")
        }
        confirmLabel={
          action?.resolution === "approved"
            ? t("approve")
            : action?.resolution === "rejected"
              ? t("reject")
              : t("markDone")
        }
        pending={complete.isPending}
        confirmDisabled={action?.resolution === "rejected" && !reason.trim()}
        onCancel={() => {
          if (complete.isPending) return;
          setAction(null);
          setReason("");
        }}
        onConfirm={() => {
          if (!action || (action.resolution === "rejected" && !reason.trim())) return;
          complete.mutate({ ...action, reason });
        }}
      >
        {action ? (
          <>
            <p className="font-medium">{titleOf(action.task)}</p>
            {action.resolution === "rejected" ? (
              <div className="space-y-1">
                <label htmlFor="task-reject-reason" className="block text-sm font-medium text-slate-800">
                  {t("rejectReason")}
                </label>
                <textarea
                  id="task-reject-reason"
                  required
                  aria-describedby="task-reject-reason-hint"
                  value={reason}
                  maxLength={2000}
                  rows={3}
                  onChange={(event) => setReason(event.target.value)}
                  className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-xs focus:outline-2 focus:outline-sky-600"
                />
                <p id="task-reject-reason-hint" className="text-xs text-slate-500">
                  {t("rejectReasonHint")}
                </p>
              </div>
            ) : action.resolution === "approved" ? (
              <p>{t("approveBody")}</p>
            ) : (
              <p>{t("markDoneBody")}</p>
            )}
          </>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
