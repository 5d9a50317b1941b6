import "server-only";
import { events } from "../db/schema";
import type { TenantScope } from "../db/tenant-scope";
import { newId } from "../ids";
import { scheduleWebhookDispatch, subscribedWebhooks } from "../webhooks/dispatch";

/** Event types of interface section 6, with the payload fields the interface names. */
export type EventPayloads = {
  CaseChangeAdded: { payrollId: string; caseChangeId: string; employeeId: string | null; caseName: string };
  PayrunPeriodClosed: { payrollId: string; payrunPeriodId: string; periodStart: string; periodEnd: string };
  PayrunPeriodFinalized: { payrollId: string; payrunPeriodId: string; periodStart: string; periodEnd: string };
  PayoutCreated: { payrollId: string; payrunPeriodId: string; payoutId: string };
  PayoutCancellationRequested: { payrollId: string; payrunPeriodId: string; payoutId: string };
  /** The interface names payrollId and taskId; kind, status and resolution say what changed. */
  TaskChanged: {
    payrollId: string;
    taskId: string;
    kind: string;
    status: "open" | "done";
    resolution: "approved" | "rejected" | null;
  };
};

/**
 * Records an event in the caller's transaction: it exists exactly when what it reports was committed,
 * and so does the job that delivers it to the tenant's webhooks (server/webhooks/dispatch.ts).
 */
export async function recordEvent<T extends keyof EventPayloads>(
  scope: TenantScope,
  type: T,
  payload: EventPayloads[T],
) {
  // The event and the webhooks that want it, asked at once (pipelined on one connection).
  const [event, subscribed] = await Promise.all([
    scope.insert(events, { id: newId(), type, payload }),
    subscribedWebhooks(scope, type),
  ]);
  await scheduleWebhookDispatch(scope, event, subscribed);
  return event;
}
