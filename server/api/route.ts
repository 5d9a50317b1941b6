import "server-only";
import type { z } from "zod";
import { authenticateFor } from "../auth/authenticate";
import { tenantAccess } from "../auth/access";
import {
  assertGlobalPermission,
  assertTenantPermission,
  isKnownPermission,
  isTenantPermission,
  type TenantPermission,
} from "../permissions";
import { callerKey, type Ctx, type TenantCtx } from "../context";
import { env } from "../env";
import {
  BadRequest,
  Forbidden,
  Invalid,
  MethodNotAllowed,
  NotFound,
  PayloadTooLarge,
  Unauthenticated,
  UnsupportedMediaType,
} from "../errors";
import { isUuid } from "../ids";
import { testHooks } from "../testing/hooks";
import { requestHash, runOncePerKey } from "../http/idempotency";
import { HTTP_METHODS, honoursIdempotencyKey, type HttpMethod, type Operation } from "../http/operation";
import { toProblem } from "../http/problem";
import { firstForbiddenText, textProblem } from "../http/text";
import { invalidFromZod } from "../http/zod-errors";
import type { Reply } from "../http/replies";

export type { Reply };

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;
type PersonCtx = { caller: Extract<Ctx["caller"], { kind: "person" }> };
type CtxOf<O extends Operation> = O["allow"] extends TenantPermission
  ? TenantCtx
  : O["allow"] extends "public"
    ? Ctx | null
    : O["allow"] extends "person"
      ? PersonCtx
      : Ctx;

export type HandlerInput<O extends Operation> = {
  request: Request;
  /** When the request arrived, before anything waited: what "now" meant to the caller. */
  receivedAt: Date;
  ctx: CtxOf<O>;
  params: Record<string, string>;
  query: Infer<O["query"]>;
  body: Infer<O["body"]>;
  ifMatch: string | null;
};

export type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type RouteHandler = ((request: Request, context: RouteContext) => Promise<Response>) & { operation?: Operation };

/** Path parameters are identifiers; anything else names a resource that cannot exist. */
const PARAM_RESOURCE: Record<string, string> = {
  orgId: "tenant",
  tenantId: "tenant",
  payrollId: "payroll",
  employeeId: "employee",
  userId: "user",
  userMembershipId: "membership",
  invitationId: "invitation",
  documentId: "document",
  webhookId: "webhook",
  messageId: "webhook_message",
  archiveId: "payslip_archive",
};

function checkParams(params: Record<string, string | string[]>): Record<string, string> {
  const checked: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const text = Array.isArray(value) ? value.join("/") : value;
    const resource = PARAM_RESOURCE[name];
    if (resource && !isUuid(text)) throw new NotFound(resource);
    // No resource is named with control characters; such a name cannot exist.
    if (textProblem(text, { singleLine: true })) throw new NotFound(resource ?? "resource", "request.not_found");
    checked[name] = text;
  }
  return checked;
}

/** Built with own keys (fromEntries): `?__proto__=a&__proto__=b` is a key the text rule refuses, not a prototype. */
function queryObject(url: URL): Record<string, string | string[]> {
  return Object.fromEntries(
    [...new Set(url.searchParams.keys())].map((key) => {
      const all = url.searchParams.getAll(key);
      return [key, all.length === 1 ? all[0]! : all];
    }),
  );
}

/** The largest request body any operation accepts. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The body as text, refused past MAX_BODY_BYTES without reading further, and only as UTF-8. */
async function readText(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new PayloadTooLarge(MAX_BODY_BYTES);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      // Not awaited: cancelling one branch of a cloned (teed) body settles only when the other is done too.
      void reader.cancel().catch(() => {});
      throw new PayloadTooLarge(MAX_BODY_BYTES);
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new BadRequest("request.malformed_body", "The request body is not valid UTF-8.");
  }
}

const isJsonType = (type: string) => /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type);
const FORM_TYPE = "application/x-www-form-urlencoded";

/** The raw body text and its parsed value; JSON only (or a form, where the operation takes one). */
async function readBody(request: Request, op: Operation): Promise<{ text: string; value: unknown }> {
  const text = await readText(request);
  if (!text.trim()) return { text, value: {} };
  const type = (request.headers.get("content-type") ?? "").trim();
  if (op.form && type.toLowerCase().startsWith(FORM_TYPE)) {
    return { text, value: Object.fromEntries(new URLSearchParams(text)) };
  }
  if (!isJsonType(type))
    throw new UnsupportedMediaType(op.form ? ["application/json", FORM_TYPE] : ["application/json"]);
  try {
    return { text, value: JSON.parse(text) };
  } catch {
    throw new BadRequest("request.malformed_json", "The request body is not valid JSON.");
  }
}

/** Text the service refuses wherever it appears (control and bidi characters, too deep a nesting). */
function assertAcceptableText(value: unknown, prefix: string) {
  const finding = firstForbiddenText(value, prefix);
  if (finding) throw new Invalid([finding], "validation.failed");
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A browser session cookie is sent with cross-site requests too; a change made with one must come
 * from the service's own pages, shown by `Origin` or `Sec-Fetch-Site` (contract 9d). Browsers send
 * Origin with every fetch or form that writes, same-origin ones included, so a cookie-authenticated
 * write with neither header was not made by our pages: it is refused too, rather than trusted as
 * "not a browser". Bearer tokens are not sent by browsers on their own; Basic credentials are (and
 * authenticate nothing here, so such a request is the cookie's).
 */
function assertSameOrigin(request: Request, caller: Ctx["caller"] | null) {
  if (
    SAFE_METHODS.has(request.method) ||
    caller?.kind !== "person" ||
    /^Bearer\s/i.test(request.headers.get("authorization") ?? "")
  )
    return;
  const origin = request.headers.get("origin");
  const fetchSite = request.headers.get("sec-fetch-site");
  if (origin !== null) {
    if (ownOrigins(request).has(origin)) return;
  } else if (fetchSite === "same-origin" || fetchSite === "none") {
    return; // a browser that says the request is its own page's (or the person's own doing)
  }
  throw new Forbidden(
    "Changes made with a browser session must come from this service's own pages (Origin or Sec-Fetch-Site).",
    "request.cross_origin",
  );
}

function ownOrigins(request: Request): Set<string> {
  const origins = new Set<string>([new URL(request.url).origin, new URL(env().PUBLIC_URL).origin]);
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (host) {
    const proto = request.headers.get("x-forwarded-proto") ?? new URL(request.url).protocol.replace(":", "");
    origins.add(`${proto}://${host}`);
  }
  return origins;
}

function toResponse(reply: Reply | Response, op: Operation): Response {
  if (reply instanceof Response) return reply;
  const status = reply.status ?? op.status ?? 200;
  const headers: Record<string, string> = { "cache-control": "no-store", ...reply.headers };
  if (reply.etag) headers.etag = reply.etag;
  if (status === 204 || reply.body === undefined) return new Response(null, { status, headers });
  headers["content-type"] ??= "application/json";
  return new Response(JSON.stringify(reply.body), { status, headers });
}

/**
 * Wraps one operation: authenticates, resolves the tenant (404 when the caller cannot see it),
 * authorizes against the permission table, parses query and body with the operation's schemas,
 * applies Idempotency-Key, and maps every error to problem+json.
 */
export function handle<const O extends Operation>(
  op: O,
  run: (input: HandlerInput<O>) => Promise<Reply | Response>,
): RouteHandler {
  if (!isKnownPermission(op.allow)) {
    // A route without an entry in the authorization table is never served.
    throw new Error(`${op.method} ${op.path}: permission "${op.allow}" is not in server/permissions.ts`);
  }
  const answer: RouteHandler = async (request, context) => {
    const receivedAt = new Date();
    try {
      const rawParams = (await context.params) ?? {};
      const named = rawParams.orgId ?? rawParams.tenantId;
      // A system user's token and its access to the tenant are read in one query (server/auth/authenticate.ts).
      const authenticated = await authenticateFor(
        request,
        isTenantPermission(op.allow) && typeof named === "string" && isUuid(named) ? named : null,
      );
      const caller = authenticated.caller;
      if (op.allow !== "public" && !caller) throw new Unauthenticated();
      assertSameOrigin(request, caller);
      const params = checkParams(rawParams);
      let ctx: Ctx | TenantCtx | null = caller ? { caller } : null;
      if (isTenantPermission(op.allow)) {
        const tenantId = params.orgId ?? params.tenantId;
        if (!tenantId || !caller) throw new NotFound("tenant");
        const access =
          authenticated.access !== undefined && tenantId === named
            ? authenticated.access
            : await tenantAccess(caller, tenantId);
        if (!access) throw new NotFound("tenant");
        assertTenantPermission(op.allow, access);
        ctx = { caller, tenantId, access };
      } else {
        assertGlobalPermission(op.allow, caller);
      }
      const url = new URL(request.url);
      let query: unknown = undefined;
      if (op.query) {
        const raw = queryObject(url);
        assertAcceptableText(raw, "");
        const parsed = op.query.safeParse(raw);
        if (!parsed.success) throw invalidFromZod(parsed.error, "query");
        query = parsed.data;
      }
      const raw = op.body ? await readBody(request.clone(), op) : undefined;
      let body: unknown = undefined;
      if (op.body) {
        assertAcceptableText(raw!.value, "");
        const parsed = op.body.safeParse(raw!.value);
        if (!parsed.success) throw invalidFromZod(parsed.error);
        body = parsed.data;
      }
      const execute = async () =>
        toResponse(
          await run({
            request,
            receivedAt,
            ctx: ctx as CtxOf<O>,
            params,
            query: query as Infer<O["query"]>,
            body: body as Infer<O["body"]>,
            ifMatch: request.headers.get("if-match"),
          }),
          op,
        );
      const key = request.headers.get("idempotency-key");
      if (honoursIdempotencyKey(op) && key && caller) {
        const hash = requestHash(request.method, url.pathname, raw?.text ?? "");
        return await runOncePerKey(callerKey(caller), key, hash, async () => execute().catch(toProblem));
      }
      return await execute();
    } catch (error) {
      return toProblem(error);
    }
  };
  const handler: RouteHandler = (request, context) =>
    testHooks.aroundAnswer
      ? testHooks.aroundAnswer(op, request, () => answer(request, context))
      : answer(request, context);
  handler.operation = op;
  return handler;
}

/**
 * All methods of one path. Methods without a handler answer 405 with `Allow`, as problem+json, and
 * OPTIONS answers 204 with the same `Allow` (Next's own OPTIONS would list every exported method).
 * Use as `export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({ GET: handle(...) })`.
 */
export function resource(
  handlers: Partial<Record<HttpMethod, RouteHandler>>,
): Record<HttpMethod | "OPTIONS", RouteHandler> {
  const allow = HTTP_METHODS.filter((m) => handlers[m]);
  const notAllowed: RouteHandler = async (request) => toProblem(new MethodNotAllowed(allow, request.method));
  const allowHeader = [...allow, ...(allow.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  const options: RouteHandler = async () => new Response(null, { status: 204, headers: { allow: allowHeader } });
  return {
    ...(Object.fromEntries(HTTP_METHODS.map((m) => [m, handlers[m] ?? notAllowed])) as Record<
      HttpMethod,
      RouteHandler
    >),
    OPTIONS: options,
  };
}
