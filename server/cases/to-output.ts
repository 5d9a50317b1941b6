import type { caseChanges, caseValues } from "../db/schema";
import type { CaseChange } from "./schemas";

const creatorOf = (createdBy: string, name: string): CaseChange["createdBy"] => {
  const [kind, id] = createdBy.split(":") as ["system" | "person", string];
  return { kind, id, name };
};

/**
 * A change as the API shows it. Its values are those recorded in case_values; a change not (yet)
 * applied shows what was reported (kept on the change, with the ids its values get on approval).
 */
export function toCaseChange(
  change: typeof caseChanges.$inferSelect,
  values: (typeof caseValues.$inferSelect)[],
): CaseChange {
  const shown = values.length
    ? values.map((v) => ({ id: v.id, caseFieldName: v.fieldName, value: v.value, start: v.start, end: v.end }))
    : (change.reportedValues ?? []).map((v) => ({
        id: v.id,
        caseFieldName: v.fieldName,
        value: v.value,
        start: v.start,
        end: v.end,
      }));
  const decided = (change.status === "approved" || change.status === "rejected") && change.decidedAt;
  return {
    id: change.id,
    caseName: change.caseName,
    employeeId: change.employeeId,
    reason: change.reason,
    createdAt: change.createdAt.toISOString(),
    createdBy: creatorOf(change.createdBy, change.createdByName),
    values: shown,
    status: change.status,
    taskId: change.taskId,
    decision: decided
      ? {
          resolution: change.status as "approved" | "rejected",
          reason: change.decisionReason,
          decidedAt: change.decidedAt!.toISOString(),
          decidedBy: change.decidedBy?.name ?? "",
        }
      : null,
  };
}
