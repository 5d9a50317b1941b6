import { apiRequest, ApiProblem } from "@/components/forms/api";
import { payoutsApiPath, type Payout } from "./labels";

/** One reason a payout was refused (a blocking Payroll Control item, a missing IBAN or address, the company's bank account). */
export type PayoutProblemItem = { employeeId?: string | null; code?: string; message: string; caseName?: string | null };

/** A refused payout request, with the API's per-field errors and blocking items typed. */
export class PayoutProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors: { path: string; message: string }[],
    readonly items: PayoutProblemItem[],
  ) {
    super(detail);
    this.name = "PayoutProblem";
  }
}

function asPayoutProblem(error: unknown, action: string): never {
  if (!(error instanceof ApiProblem)) throw error;
  const items = (error.items as PayoutProblemItem[]).filter((i) => i && typeof i.message === "string");
  const detail =
    error.status === 0
      ? `The service cannot be reached. Check your connection and try again; reload the page first to see whether the ${action} went through.`
      : error.status === 401
        ? "Your session has expired. Sign in again."
        : error.status === 403
          ? "Your role does not allow payouts."
          : error.detail;
  throw new PayoutProblem(error.status, error.code, detail, error.errors, items);
}

export type CreatedPayout = { payout: Payout; paymentFile: { documentId: string; contentType: string } };

/** POST .../payouts with an Idempotency-Key: a repeat with the same key returns the first payout instead of paying again. */
export async function requestPayout(
  where: { orgId: string; payrollId: string; periodId: string },
  body: { employeeIds: string[]; amounts?: Record<string, string>; executionDate: string },
  idempotencyKey: string,
): Promise<CreatedPayout> {
  try {
    return (await apiRequest<CreatedPayout>(payoutsApiPath(where.orgId, where.payrollId, where.periodId), { method: "POST", body, idempotencyKey })).data;
  } catch (error) {
    asPayoutProblem(error, "payout");
  }
}

/** Cancels a payout (POST .../payouts/{id}) or confirms the bank processed it (POST .../payouts/{id}/processed). */
export async function changePayout(where: { orgId: string; payrollId: string; periodId: string }, payoutId: string, action: "cancel" | "processed"): Promise<Payout> {
  const path = `${payoutsApiPath(where.orgId, where.payrollId, where.periodId)}/${payoutId}${action === "processed" ? "/processed" : ""}`;
  try {
    return (await apiRequest<Payout>(path, { method: "POST" })).data;
  } catch (error) {
    asPayoutProblem(error, action === "cancel" ? "cancellation" : "confirmation");
  }
}
