import "server-only";
import { eq } from "drizzle-orm";
import { callerKey, type TenantCtx } from "../context";
import { caseChanges, type ReportedValue } from "../db/schema";
import type { TenantScope } from "../db/tenant-scope";
import { newId } from "../ids";
import type { CaseDefinition } from "../regulations/catalog";
import { openTask } from "../tasks/open-task";
import { valueInForce } from "../bitemporal/in-force";
import { valuesOf } from "./read-cases";
import type { CaseChangeReported } from "./schemas";
import { toCaseChange } from "./to-output";

type Reported = { fieldName: string; value: string; start: string; end: string | null };

/**
 * Records a Self Service report that waits for HR (contract 9b): the change is pending, its values
 * stay on the change (never in case_values, so no value in force, result, missing data or document
 * sees them), and a selfServiceChange task carries what was in force before and what was reported.
 * Runs in the caller's transaction; records TaskChanged with the task, no CaseChangeAdded (nothing
 * was added to the case data yet).
 */
export async function reportChange(
  scope: TenantScope,
  ctx: TenantCtx,
  {
    payrollId,
    employee,
    definition,
    reason,
    values,
  }: {
    payrollId: string;
    employee: { id: string; firstName: string; lastName: string };
    definition: CaseDefinition;
    reason: string | null;
    values: Reported[];
  },
): Promise<CaseChangeReported> {
  const reportedValues: ReportedValue[] = values.map((v) => ({
    id: newId(),
    fieldName: v.fieldName,
    value: v.value,
    start: v.start,
    end: v.end,
  }));
  const change = await scope.insert(caseChanges, {
    id: newId(),
    payrollId,
    employeeId: employee.id,
    caseName: definition.name,
    reason,
    createdBy: callerKey(ctx.caller),
    createdByName: ctx.caller.name,
    status: "pending",
    reportedValues,
  });

  // Before: what is in force at each value's start (as recorded now); after: what was reported.
  const history = await valuesOf(scope, payrollId, employee.id, [...new Set(values.map((v) => v.fieldName))]);
  const before: Record<string, string | null> = {};
  const after: Record<string, string> = {};
  for (const v of reportedValues) {
    before[v.fieldName] =
      valueInForce(
        history.filter((h) => h.fieldName === v.fieldName),
        v.start,
      )?.value ?? null;
    after[v.fieldName] = v.value;
  }
  const start = reportedValues.map((v) => v.start).sort()[0]!;
  const ends = reportedValues.map((v) => v.end);
  const end = ends.every((e) => e !== null) ? (ends as string[]).sort().at(-1)! : null;
  const name = `${employee.firstName} ${employee.lastName}`.trim();

  const { task } = await openTask(scope, {
    payrollId,
    kind: "selfServiceChange",
    title: `${definition.displayName.en} change reported by ${name}`,
    employeeId: employee.id,
    caseChangeId: change.id,
    subject: change.id,
    details: { caseName: definition.name, start, end, reason, before, after },
  });
  const [withTask] = await scope.update(caseChanges, { taskId: task.id }, eq(caseChanges.id, change.id));
  return { status: "pending", caseChange: toCaseChange(withTask!, []), taskId: task.id };
}
