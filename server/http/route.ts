import "server-only";
import type { z } from "zod";
import { authenticate } from "../auth/authenticate";
import { tenantAccess } from "../auth/access";
import { assertGlobalPermission, assertTenantPermission, isKnownPermission, isTenantPermission, type TenantPermission } from "../auth/permissions";
import { callerKey, type Ctx, type TenantCtx } from "../context";
import { BadRequest, MethodNotAllowed, NotFound, Unauthenticated } from "../errors";
import { isUuid } from "../ids";
import { requestHash, runOncePerKey } from "./idempotency";
import { HTTP_METHODS, type HttpMethod, type Operation } from "./operation";
import { toProblem } from "./problem";
import { invalidFromZod } from "./zod-errors";

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
  ctx: CtxOf<O>;
  params: Record<string, string>;
  query: Infer<O["query"]>;
  body: Infer<O["body"]>;
  ifMatch: string | null;
};

export type Reply = { status?: number; body?: unknown; headers?: Record<string, string>; etag?: string };

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
};

function checkParams(params: Record<string, string | string[]>): Record<string, string> {
  const checked: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const text = Array.isArray(value) ? value.join("/") : value;
    const resource = PARAM_RESOURCE[name];
    if (resource && !isUuid(text)) throw new NotFound(resource);
    checked[name] = text;
  }
  return checked;
}

function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    out[key] = all.length === 1 ? all[0]! : all;
  }
  return out;
}

async function readBody(request: Request, op: Operation): Promise<unknown> {
  const text = await request.text();
  const type = request.headers.get("content-type") ?? "";
  if (op.form && type.startsWith("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequest("request.malformed_json", "The request body is not valid JSON.");
  }
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
export function handle<const O extends Operation>(op: O, run: (input: HandlerInput<O>) => Promise<Reply | Response>): RouteHandler {
  if (!isKnownPermission(op.allow)) {
    // A route without an entry in the authorization table is never served.
    throw new Error(`${op.method} ${op.path}: permission "${op.allow}" is not in server/auth/permissions.ts`);
  }
  const handler: RouteHandler = async (request, context) => {
    try {
      const caller = await authenticate(request);
      if (op.allow !== "public" && !caller) throw new Unauthenticated();
      const params = checkParams((await context.params) ?? {});
      let ctx: Ctx | TenantCtx | null = caller ? { caller } : null;
      if (isTenantPermission(op.allow)) {
        const tenantId = params.orgId ?? params.tenantId;
        if (!tenantId || !caller) throw new NotFound("tenant");
        const access = await tenantAccess(caller, tenantId);
        if (!access) throw new NotFound("tenant");
        assertTenantPermission(op.allow, access);
        ctx = { caller, tenantId, access };
      } else {
        assertGlobalPermission(op.allow, caller);
      }
      const url = new URL(request.url);
      let query: unknown = undefined;
      if (op.query) {
        const parsed = op.query.safeParse(queryObject(url));
        if (!parsed.success) throw invalidFromZod(parsed.error, "query");
        query = parsed.data;
      }
      const rawBody = op.body ? await readBody(request.clone(), op) : undefined;
      let body: unknown = undefined;
      if (op.body) {
        const parsed = op.body.safeParse(rawBody);
        if (!parsed.success) throw invalidFromZod(parsed.error);
        body = parsed.data;
      }
      const execute = async () =>
        toResponse(
          await run({ request, ctx: ctx as CtxOf<O>, params, query: query as Infer<O["query"]>, body: body as Infer<O["body"]>, ifMatch: request.headers.get("if-match") }),
          op,
        );
      const key = request.headers.get("idempotency-key");
      if (op.idempotent && key && caller) {
        const hash = requestHash(request.method, url.pathname, JSON.stringify(rawBody ?? null));
        return await runOncePerKey(callerKey(caller), key, hash, async () => execute().catch(toProblem));
      }
      return await execute();
    } catch (error) {
      return toProblem(error);
    }
  };
  handler.operation = op;
  return handler;
}

/**
 * All methods of one path. Methods without a handler answer 405 with `Allow`, as problem+json.
 * Use as `export const { GET, POST, PUT, PATCH, DELETE } = resource({ GET: handle(...) })`.
 */
export function resource(handlers: Partial<Record<HttpMethod, RouteHandler>>): Record<HttpMethod, RouteHandler> {
  const allow = HTTP_METHODS.filter((m) => handlers[m]);
  const notAllowed: RouteHandler = async () => toProblem(new MethodNotAllowed(allow));
  return Object.fromEntries(HTTP_METHODS.map((m) => [m, handlers[m] ?? notAllowed])) as Record<HttpMethod, RouteHandler>;
}

