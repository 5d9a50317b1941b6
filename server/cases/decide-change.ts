import "server-only";
import { and, eq } from "drizzle-orm";
import { caseChanges, caseValues, payrolls } from "../db/schema";
import { Conflict } from "../errors";
import { recordEvent } from "../events/record-event";
import { recordAndRecalculate } from "../results/recalculate";
import { storedRegulations } from "../regulations/store";
import { actorOf, onTaskCompleted } from "../tasks/completions";

/**
 * Deciding an employee's reported change (contract 9b), in the task completion's transaction:
 * approved, its values enter case_values as of their reported start, recorded now (the approval
 * is when the service takes them as known), the employee's results are recalculated (a back-dated
 * start books retro lines like any change) and CaseChangeAdded is recorded; rejected, nothing is
 * applied and HR's reason, when given (the console asks for one), is kept for the employee. A selfServiceChange task opened by
 * hand without a change (sandbox) has nothing to apply and is simply completed.
 */
onTaskCompleted("selfServiceChange", async (scope, ctx, task, resolution, { reason }) => {
  if (!task.caseChangeId) return;
  const change = await scope.lock(
    caseChanges,
    and(eq(caseChanges.id, task.caseChangeId), eq(caseChanges.payrollId, task.payrollId))!,
  );
  if (!change || change.status !== "pending") {
    throw new Conflict(
      "case.change_not_pending",
      `The change of this task is ${change ? change.status : "gone"}; only a pending change can be decided.`,
    );
  }
  const now = new Date();
  const decision = { decidedAt: now, decidedBy: actorOf(ctx.caller), decisionReason: reason };
  if (resolution !== "approved") {
    await scope.update(caseChanges, { status: "rejected", ...decision }, eq(caseChanges.id, change.id));
    return;
  }

  const payroll = await scope.first(payrolls, eq(payrolls.id, change.payrollId));
  if (!payroll) throw new Error(`decide-change: payroll ${change.payrollId} of change ${change.id} not found`);
  const reported = change.reportedValues ?? [];
  if (reported.some((v) => v.start < payroll.accountingStartDate)) {
    throw new Conflict(
      "case.before_accounting_start",
      `The change starts before the payroll's accounting start date (${payroll.accountingStartDate}), which moved since it was reported; reject it.`,
    );
  }
  // Recorded (and decided) at the time the payroll's results lock gives (basis.ts), not at this process's clock.
  await recordAndRecalculate(
    scope,
    await scope.sharedTables((tx) => storedRegulations(tx)),
    payroll,
    { employees: change.employeeId ? [change.employeeId] : undefined, from: reported.map((v) => v.start).sort()[0] },
    async ({ recorded }) => {
      await scope.insertMany(
        caseValues,
        reported.map((v) => ({
          id: v.id,
          caseChangeId: change.id,
          payrollId: change.payrollId,
          employeeId: change.employeeId,
          caseName: change.caseName,
          fieldName: v.fieldName,
          value: v.value,
          start: v.start,
          end: v.end,
          createdAt: recorded,
        })),
      );
      await scope.update(
        caseChanges,
        { status: "approved", ...decision, decidedAt: recorded },
        eq(caseChanges.id, change.id),
      );
      await recordEvent(scope, "CaseChangeAdded", {
        payrollId: change.payrollId,
        caseChangeId: change.id,
        employeeId: change.employeeId,
        caseName: change.caseName,
      });
    },
  );
});
