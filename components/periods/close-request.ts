import { apiRequest, ApiProblem } from "@/components/forms/api";
import { periodApiPath, type PayrunPeriod } from "./labels";

/** One item of a refused close: a blocking Payroll Control item, an unmapped wage type, missing ELM data. */
export type CloseProblemItem = {
  employeeId?: string | null;
  code?: string;
  message: string;
  wageTypeNumber?: string;
  field?: string;
  params?: Record<string, string>;
};

/** The close's problem answer, with its items typed; the screen words it from its code (components/forms/problem). */
export class CloseProblem extends Error {
  constructor(
    readonly problem: ApiProblem,
    readonly items: CloseProblemItem[],
  ) {
    super(problem.detail);
    this.name = "CloseProblem";
  }
  get status() {
    return this.problem.status;
  }
  get code() {
    return this.problem.code;
  }
}

export type OpenAmountsChoice = "carryForward" | "paidExternally";

/**
 * POST .../payrunperiods/{id}/close with the session cookie: the closed period, or a CloseProblem.
 * `attemptKey` is made once per confirmation, so a double click or a retry never closes two months.
 */
export async function requestClose(
  orgId: string,
  payrollId: string,
  periodId: string,
  openAmounts: OpenAmountsChoice,
  attemptKey: string,
): Promise<PayrunPeriod> {
  try {
    return (
      await apiRequest<PayrunPeriod>(`${periodApiPath(orgId, payrollId, periodId)}/close`, {
        method: "POST",
        body: { openAmounts },
        idempotencyKey: attemptKey,
      })
    ).data;
  } catch (error) {
    if (!(error instanceof ApiProblem)) throw error;
    const items = (error.items as CloseProblemItem[]).filter((i) => i && typeof i.message === "string");
    throw new CloseProblem(error, items);
  }
}
