import { periodApiPath, type PayrunPeriod } from "./labels";

/** One item of a refused close: a blocking Payroll Control item, an unmapped wage type, missing ELM data. */
export type CloseProblemItem = { employeeId?: string | null; code?: string; message: string; wageTypeNumber?: string; field?: string };

/** The close's problem answer, with the items the generic API helper does not keep. */
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

/** POST .../payrunperiods/{id}/close with the session cookie: the closed period, or a CloseProblem. */
export async function requestClose(orgId: string, payrollId: string, periodId: string): Promise<PayrunPeriod> {
  let response: Response;
  try {
    response = await fetch(`/api${periodApiPath(orgId, payrollId, periodId)}/close`, { method: "POST", headers: { accept: "application/json" }, credentials: "same-origin" });
  } catch {
    throw new CloseProblem(0, "network", "The service cannot be reached. Check your connection and try again; reload the page first to see whether the period was closed.", []);
  }
  const text = await response.text();
  let payload: unknown = null;
  try {
    payload = text ? JSON.parse(text) : null;
  } catch {
    payload = null;
  }
  if (!response.ok) {
    const problem = (payload ?? {}) as { code?: string; detail?: string; title?: string; items?: unknown };
    const items = Array.isArray(problem.items) ? (problem.items as CloseProblemItem[]).filter((i) => i && typeof i.message === "string") : [];
    const detail =
      response.status === 401 ? "Your session has expired. Sign in again." : response.status === 403 ? "Your role does not allow closing periods." : (problem.detail ?? problem.title ?? `The request failed (${response.status}).`);
    throw new CloseProblem(response.status, problem.code ?? `http.${response.status}`, detail, items);
  }
  return payload as PayrunPeriod;
}
