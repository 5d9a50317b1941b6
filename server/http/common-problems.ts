import { isTenantPermission } from "../permissions";
import { honoursIdempotencyKey, honoursIfMatch, type Operation } from "./operation";

/**
 * The problems the route wrapper (server/api/route.ts) and the proxy answer for an operation,
 * derived from the operation's own definition: authentication, tenant access and role, the path,
 * the query and body rules, Idempotency-Key and If-Match. Each operation adds its own in
 * `problems`; `problemsOf` is the union the OpenAPI document lists.
 */
export function commonProblems(op: Operation): Map<number, Set<string>> {
  const problems = new Map<number, Set<string>>();
  const add = (status: number, ...codes: string[]) => {
    const set = problems.get(status) ?? new Set<string>();
    codes.forEach((code) => set.add(code));
    problems.set(status, set);
  };
  // A bearer token that does not verify is refused even where no authentication is needed.
  // So is one whose identity provider cannot be reached to verify it.
  add(401, "auth.invalid_token", "auth.issuer_unavailable");
  if (op.allow !== "public") add(401, "auth.unauthenticated");
  if (isTenantPermission(op.allow)) {
    add(404, "tenant.not_found");
    add(403, "auth.forbidden");
  }
  if (/\{(?!orgId\})\w+\}/.test(op.path)) add(404, "request.not_found");
  // proxy.ts, before any route: a path whose percent-encoding does not decode.
  if (op.path.includes("{")) add(400, "request.malformed_path");
  if (op.method !== "GET" && op.allow !== "public") add(403, "request.cross_origin");
  if (op.query) add(422, "validation.failed");
  if (op.body) {
    add(400, "request.malformed_json", "request.malformed_body");
    add(413, "request.too_large");
    add(415, "request.unsupported_media_type");
    add(422, "validation.failed");
  }
  if (honoursIdempotencyKey(op)) {
    add(409, "idempotency.in_progress");
    add(422, "idempotency.key_invalid", "idempotency.key_reused");
  }
  if (honoursIfMatch(op)) add(412, "request.precondition_failed");
  return problems;
}

/** Every problem an operation can answer: status -> codes, sorted. */
export function problemsOf(op: Operation): Map<number, string[]> {
  const all = commonProblems(op);
  for (const [status, codes] of Object.entries(op.problems ?? {})) {
    const set = all.get(Number(status)) ?? new Set<string>();
    (codes ?? []).forEach((code) => set.add(code));
    all.set(Number(status), set);
  }
  return new Map([...all].sort(([a], [b]) => a - b).map(([status, codes]) => [status, [...codes].sort()]));
}
