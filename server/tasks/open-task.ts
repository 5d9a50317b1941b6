import "server-only";
import { and, eq } from "drizzle-orm";
import { employees, payrolls, tasks, type TaskKind } from "../db/schema";
import type { TenantScope } from "../db/tenant-scope";
import { recordEvent } from "../events/record-event";
import { newId } from "../ids";
import { toTask, type TaskOutput } from "./schemas";

export type OpenTask = {
  payrollId: string;
  kind: TaskKind;
  title: string;
  employeeId?: string | null;
  caseChangeId?: string | null;
  /** What the task is about (a webhook id, a case change id): at most one open task per payroll, kind and subject. */
  subject?: string | null;
  details?: Record<string, unknown>;
};

/**
 * Opens a task for the people of a payroll, in the caller's transaction (used by other domains:
 * the webhook delivery that gives up, a Self Service change waiting for HR), and records
 * TaskChanged with it. With a subject that already has an open task of this kind, nothing is opened
 * and that task is returned (`created: false`).
 */
export async function openTask(scope: TenantScope, input: OpenTask): Promise<{ task: TaskOutput; created: boolean }> {
  const payroll = await scope.first(payrolls, eq(payrolls.id, input.payrollId));
  if (!payroll) throw new Error(`openTask: payroll ${input.payrollId} is not of tenant ${scope.tenantId}`);
  if (input.employeeId && !(await scope.first(employees, eq(employees.id, input.employeeId)))) {
    throw new Error(`openTask: employee ${input.employeeId} is not of tenant ${scope.tenantId}`);
  }
  const subject = input.subject ?? null;
  const [row] = await scope
    .insertInto(tasks)
    .values({
      id: newId(),
      payrollId: input.payrollId,
      employeeId: input.employeeId ?? null,
      kind: input.kind,
      title: input.title,
      caseChangeId: input.caseChangeId ?? null,
      subject,
      details: input.details ?? {},
    })
    // The partial unique index tasks_open_subject_key: a concurrent twin waits, then does nothing.
    .onConflictDoNothing()
    .returning();
  if (!row) {
    const existing = await scope.first(
      tasks,
      and(
        eq(tasks.payrollId, input.payrollId),
        eq(tasks.kind, input.kind),
        eq(tasks.subject, subject!),
        eq(tasks.status, "open"),
      ),
    );
    if (!existing) throw new Error("openTask: an open task of this subject was neither inserted nor found");
    return { task: toTask(existing), created: false };
  }
  await recordEvent(scope, "TaskChanged", {
    payrollId: row.payrollId,
    taskId: row.id,
    kind: row.kind,
    status: row.status,
    resolution: row.resolution,
  });
  return { task: toTask(row), created: true };
}
