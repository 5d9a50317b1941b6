import { ServiceError, Invalid, MethodNotAllowed } from "../errors";

const STATUS: Record<ServiceError["kind"], number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  invalid: 422,
};

const TITLE: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  412: "Precondition Failed",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  500: "Internal Server Error",
};

/** A problem's `type`: its code's section of the API reference's problem list (/docs/api/problems). */
export const problemType = (code: string) => `/docs/api/problems#${code}`;

export function problemResponse(
  status: number,
  code: string,
  detail: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const body = { type: problemType(code), title: TITLE[status] ?? "Error", status, detail, code, ...extra };
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/problem+json", "cache-control": "no-store", ...headers },
  });
}

/** Maps any error to RFC 9457 problem details. Only a bug becomes a 500. */
export function toProblem(error: unknown): Response {
  if (error instanceof ServiceError) {
    const status = STATUS[error.kind];
    const extra: Record<string, unknown> = { ...error.extra };
    if (error instanceof Invalid) extra.errors = error.errors;
    const headers: Record<string, string> = {};
    if (error instanceof MethodNotAllowed) headers.allow = error.allow.join(", ");
    if (status === 401) headers["www-authenticate"] = 'Bearer realm="payroll"';
    return problemResponse(status, error.code, error.message, extra, headers);
  }
  console.error("Unhandled error", error);
  return problemResponse(500, "internal", "An unexpected error occurred. It has been logged.");
}
