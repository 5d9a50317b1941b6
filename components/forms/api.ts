/** The console's calls to the documented API (/api/...), authenticated by the session cookie. */

export type FieldProblem = { path: string; message: string };

/** An RFC 9457 problem answer of the API. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors: FieldProblem[],
    /** The problem's `items` where it lists them (e.g. what blocks a period's close). */
    readonly items: unknown[] = [],
  ) {
    super(detail);
    this.name = "ApiProblem";
  }
}

export type ApiResult<T> = { data: T; etag: string | null };

export async function apiRequest<T>(
  path: string,
  {
    method = "GET",
    body,
    ifMatch,
    idempotencyKey,
  }: {
    method?: "GET" | "POST" | "PUT" | "DELETE";
    body?: unknown;
    ifMatch?: string | null;
    /** Makes a retried or doubled POST harmless. */ idempotencyKey?: string;
  } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (ifMatch) headers["if-match"] = ifMatch;
  if (idempotencyKey) headers["idempotency-key"] = idempotencyKey;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiProblem(0, "network", "The service cannot be reached. Check your connection and try again.", []);
  }
  const text = await response.text();
  let payload: unknown = null;
  try {
    payload = text ? JSON.parse(text) : null;
  } catch {
    payload = null;
  }
  if (!response.ok) {
    const problem = (payload ?? {}) as {
      code?: string;
      detail?: string;
      title?: string;
      errors?: FieldProblem[];
      items?: unknown;
    };
    throw new ApiProblem(
      response.status,
      problem.code ?? `http.${response.status}`,
      problem.detail ?? problem.title ?? `The request failed (${response.status}).`,
      Array.isArray(problem.errors) ? problem.errors : [],
      Array.isArray(problem.items) ? problem.items : [],
    );
  }
  return { data: payload as T, etag: response.headers.get("etag") };
}
