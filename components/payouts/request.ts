import { apiRequest, ApiProblem } from "@/components/forms/api";
import { payoutsApiPath, type Payout } from "./labels";

/** One reason a payout was refused (a blocking Payroll Control item, a missing IBAN or address, the company's bank account). */
export type PayoutProblemItem = {
  employeeId?: string | null;
  code?: string;
  message: string;
  caseName?: string | null;
};

/** A refused payout request, with the API's per-field errors and blocking items typed; the screen words it from its code. */
export class PayoutProblem extends Error {
  constructor(
    readonly problem: ApiProblem,
    readonly items: PayoutProblemItem[],
  ) {
    super(problem.detail);
    this.name = "PayoutProblem";
  }
  get status() {
    return this.problem.status;
  }
  get code() {
    return this.problem.code;
  }
  get errors() {
    return this.problem.errors;
  }
}

function asPayoutProblem(error: unknown): never {
  if (!(error instanceof ApiProblem)) throw error;
  throw new PayoutProblem(
    error,
    (error.items as PayoutProblemItem[]).filter((i) => i && typeof i.message === "string"),
  );
}

export type CreatedPayout = { payout: Payout; paymentFile: { documentId: string; contentType: string } };

/** POST .../payouts with an Idempotency-Key: a repeat with the same key returns the first payout instead of paying again. */
export async function requestPayout(
  where: { orgId: string; payrollId: string; periodId: string },
  body: { employeeIds: string[]; amounts?: Record<string, string>; executionDate: string },
  idempotencyKey: string,
): Promise<CreatedPayout> {
  try {
    return (
      await apiRequest<CreatedPayout>(payoutsApiPath(where.orgId, where.payrollId, where.periodId), {
        method: "POST",
        body,
        idempotencyKey,
      })
    ).data;
  } catch (error) {
    asPayoutProblem(error);
  }
}

/** Cancels a payout (POST .../payouts/{id}) or confirms the bank processed it (POST .../payouts/{id}/processed). */
export async function changePayout(
  where: { orgId: string; payrollId: string; periodId: string },
  payoutId: string,
  action: "cancel" | "processed",
): Promise<Payout> {
  const path = `${payoutsApiPath(where.orgId, where.payrollId, where.periodId)}/${payoutId}${action === "processed" ? "/processed" : ""}`;
  try {
    return (await apiRequest<Payout>(path, { method: "POST" })).data;
  } catch (error) {
    asPayoutProblem(error);
  }
}
