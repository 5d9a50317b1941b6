import { apiRequest, ApiProblem } from "@/components/forms/api";
import { periodApiPath, type PayrunPeriod } from "./labels";

/** One item of a refused close: a blocking Payroll Control item, an unmapped wage type, missing ELM data. */
export type CloseProblemItem = { employeeId?: string | null; code?: string; message: string; wageTypeNumber?: string; field?: string };

/** The close's problem answer, with its items typed. */
export class CloseProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly items: CloseProblemItem[],
  ) {
    super(detail);
    this.name = "CloseProblem";
  }
}

export type OpenAmountsChoice = "carryForward" | "paidExternally";

/**
 * POST .../payrunperiods/{id}/close with the session cookie: the closed period, or a CloseProblem.
 * `attemptKey` is made once per confirmation, so a double click or a retry never closes two months.
 */
export async function requestClose(orgId: string, payrollId: string, periodId: string, openAmounts: OpenAmountsChoice, attemptKey: string): Promise<PayrunPeriod> {
  try {
    return (await apiRequest<PayrunPeriod>(`${periodApiPath(orgId, payrollId, periodId)}/close`, { method: "POST", body: { openAmounts }, idempotencyKey: attemptKey })).data;
  } catch (error) {
    if (!(error instanceof ApiProblem)) throw error;
    const items = (error.items as CloseProblemItem[]).filter((i) => i && typeof i.message === "string");
    const detail =
      error.status === 0
        ? "The service cannot be reached. Check your connection and try again; reload the page first to see whether the period was closed."
        : error.status === 401
          ? "Your session has expired. Sign in again."
          : error.status === 403
            ? "Your role does not allow closing periods."
            : error.detail;
    throw new CloseProblem(error.status, error.code, detail, items);
  }
}
