import http from "node:http";
import https from "node:https";
import type { Duplex } from "node:stream";
import { MethodNotAllowed } from "../errors";
import { HTTP_METHODS, type Operation } from "../http/operation";
import { problemResponse, toProblem } from "../http/problem";

/**
 * Requests with a method that Next.js does not dispatch, answered before Next sees them.
 *
 * Next hands app routes (and proxy.ts) a WHATWG Request, which cannot be built for TRACE or TRACK:
 * `new Request(url, { method: "TRACE" })` throws, and Next answered a plain-text 500. Any other method
 * outside its list (PROPFIND, MKCOL, QUERY ...) got a bodyless 400 from Next, and one that Node's
 * HTTP parser does not know (FOO, lower-case get) a bodyless 400 from Node itself. No code of ours
 * runs for such a request inside Next, so the HTTP server answers it: 405 problem+json with the
 * path's `Allow`, the method named (contract section 3: 405 with `Allow`).
 */

/** The methods Next.js dispatches (next/dist/server/web/http.js HTTP_METHODS); every other one is ours to answer. */
const NEXT_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"]);

export const isMethodNextServes = (method: string | undefined) => method !== undefined && NEXT_METHODS.has(method);

type Template = { path: string; segments: (string | null)[]; methods: string[] };

function templatesOf(operations: Operation[]): Template[] {
  const byPath = new Map<string, Set<string>>();
  for (const op of operations) byPath.set(op.path, (byPath.get(op.path) ?? new Set()).add(op.method));
  return [...byPath].map(([path, methods]) => ({
    path,
    segments: path
      .split("/")
      .filter(Boolean)
      .map((s) => (/^\{\w+\}$/.test(s) ? null : s)),
    // In the order resource() lists them in its own 405s.
    methods: HTTP_METHODS.filter((m) => methods.has(m)),
  }));
}

/** Static segments win over parameters, segment by segment, as in Next's router. */
function bestMatch(templates: Template[], parts: string[]): Template | null {
  const matching = templates.filter(
    (t) => t.segments.length === parts.length && t.segments.every((s, i) => s === null || s === parts[i]),
  );
  matching.sort((a, b) => {
    for (let i = 0; i < parts.length; i++) {
      const rank = (t: Template) => (t.segments[i] === null ? 1 : 0);
      if (rank(a) !== rank(b)) return rank(a) - rank(b);
    }
    return 0;
  });
  return matching[0] ?? null;
}

/**
 * The methods the resource at `pathname` supports: an API operation's path (null when no route
 * serves it), next-auth's routes, or a page.
 */
export function methodsAt(pathname: string, operations: Operation[]): string[] | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/api/auth" || path.startsWith("/api/auth/")) return ["GET", "POST"];
  if (path !== "/api" && !path.startsWith("/api/")) return ["GET", "HEAD"];
  const parts = path.slice("/api".length).split("/").filter(Boolean);
  return bestMatch(templatesOf(operations), parts)?.methods ?? null;
}

/** The answer to `method` on `target` (a request target: path and query), as problem+json. */
export function unsupportedMethodResponse(method: string, target: string, operations: Operation[]): Response {
  let pathname = "/";
  try {
    pathname = new URL(target, "http://service.invalid").pathname;
  } catch {
    // An unreadable target names no resource; the method is still the answer.
  }
  const allow = methodsAt(pathname, operations);
  // A token as HTTP defines one is shown as it came; anything else (read off a refused request line) quoted.
  const shown = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,40}$/.test(method) ? method : JSON.stringify(method.slice(0, 40));
  const response = allow
    ? toProblem(new MethodNotAllowed(allow, shown))
    : problemResponse(
        404,
        "route.not_found",
        `No API route matches ${pathname}, and ${shown} is not a method of this API. See /api/openapi.json.`,
      );
  // What next.config.ts adds to every response; Next never sees this one (contract 9d).
  response.headers.set("x-content-type-options", "nosniff");
  response.headers.set("referrer-policy", "strict-origin-when-cross-origin");
  return response;
}

let operationsLoaded: Promise<Operation[]> | null = null;
// Loaded on the first such request: the service starts without the whole API description.
const operations = () => (operationsLoaded ??= import("../docs/all-operations").then((m) => m.allOperations));

async function answer(res: http.ServerResponse, method: string, target: string) {
  try {
    const response = unsupportedMethodResponse(method, target, await operations());
    const body = Buffer.from(await response.text());
    res.writeHead(response.status, { ...Object.fromEntries(response.headers), "content-length": body.length });
    res.end(body);
  } catch (error) {
    console.error("Could not answer an unsupported method", error);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  }
}

/** The same answer written on a socket whose request line Node's parser refused (HPE_INVALID_METHOD). */
async function answerOnSocket(socket: Duplex, rawPacket: Buffer | undefined) {
  const line = /^(\S{1,64}) (\S+) HTTP\/1\.[01]\r?\n/.exec(rawPacket?.toString("latin1") ?? "");
  try {
    const response = unsupportedMethodResponse(line?.[1] ?? "(unreadable)", line?.[2] ?? "/", await operations());
    const body = Buffer.from(await response.text());
    const head = [
      `HTTP/1.1 ${response.status} ${http.STATUS_CODES[response.status]}`,
      ...[...response.headers].map(([k, v]) => `${k}: ${v}`),
      `content-length: ${body.length}`,
      "connection: close",
    ];
    if (socket.writable) socket.end(Buffer.concat([Buffer.from(head.join("\r\n") + "\r\n\r\n", "latin1"), body]));
    else socket.destroy();
  } catch {
    socket.destroy();
  }
}

const installed = Symbol.for("payroll.unsupportedMethodGuard");

/**
 * Answers requests with methods outside NEXT_METHODS on every HTTP server of this process, Next's
 * among them (it is created before instrumentation runs, so its prototype is where to reach it).
 * Called once from instrumentation.ts.
 */
export function installUnsupportedMethodGuard() {
  for (const Server of [http.Server, https.Server] as (typeof http.Server)[]) {
    const proto = Server.prototype as http.Server & { [installed]?: true };
    if (proto[installed]) continue;
    const emit = proto.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
    proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
      if (event === "request") {
        const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
        if (!isMethodNextServes(req.method)) {
          void answer(res, req.method ?? "", req.url ?? "/");
          return true;
        }
      } else if (event === "clientError") {
        const [error, socket] = args as [NodeJS.ErrnoException & { rawPacket?: Buffer }, Duplex];
        if (error?.code === "HPE_INVALID_METHOD") {
          void answerOnSocket(socket, error.rawPacket);
          return true;
        }
      }
      return emit.call(this, event, ...args);
    } as typeof proto.emit;
    proto[installed] = true;
  }
}
