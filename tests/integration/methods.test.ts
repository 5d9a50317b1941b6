import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installUnsupportedMethodGuard } from "@/server/api/unsupported-methods";
import { call } from "../fixtures/api";
import { systemUserFixture } from "../fixtures/factories";

/**
 * Issue 38, item 6.1: TRACE gave a plain-text 500 and PROPFIND a bodyless 400, because Next answers
 * methods outside its list itself (tests/e2e/http.test.ts shows it on next start). The guard that
 * answers them sits on Node's HTTP server; here it runs on a real one whose own listener stands for
 * Next and says whether a request got through.
 */

type Raw = { status: number; headers: Record<string, string>; body: string };

/** A request written on a socket as it is, so that methods fetch refuses (TRACE) and Node's parser refuses (FOO) can be sent. */
function raw(port: number, requestLine: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () =>
      socket.write(`${requestLine}\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
    );
    let data = "";
    socket.on("data", (chunk) => (data += chunk.toString("utf8")));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", body = ""] = data.split("\r\n\r\n");
      const [status, ...lines] = head.split("\r\n");
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
      );
      resolve({ status: Number(status!.split(" ")[1]), headers, body });
    });
  });
}

describe("methods Next does not dispatch are 405 problem+json naming the method", () => {
  let server: http.Server;
  let port = 0;
  const reachedNext: string[] = [];

  beforeAll(async () => {
    installUnsupportedMethodGuard();
    server = http.createServer((req, res) => {
      reachedNext.push(`${req.method} ${req.url}`);
      res.end("next");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const problem = (reply: Raw) => {
    expect(reply.headers["content-type"]).toBe("application/problem+json");
    expect(reply.headers["x-content-type-options"]).toBe("nosniff");
    return JSON.parse(reply.body) as { status: number; code: string; detail: string };
  };

  it("TRACE, PROPFIND and QUERY on a route: 405 with the route's Allow", async () => {
    const employee = "/api/tenants/0190d1f2-0000-7000-8000-000000000001/employees/0190d1f2-0000-7000-8000-000000000002";
    for (const [method, path, allow] of [
      ["TRACE", "/api/tenants", "GET, POST"],
      ["PROPFIND", "/api/tenants", "GET, POST"],
      ["QUERY", "/api/tenants?limit=1", "GET, POST"],
      ["TRACE", employee, "GET, PUT"],
      ["TRACE", "/api/oauth/token", "POST"],
      ["MKCOL", "/api/openapi.json", "GET"],
    ] as const) {
      const reply = await raw(port, `${method} ${path} HTTP/1.1`);
      expect(reply.status, `${method} ${path}`).toBe(405);
      expect(reply.headers.allow, `${method} ${path}`).toBe(allow);
      const body = problem(reply);
      expect(body).toMatchObject({ status: 405, code: "request.method_not_allowed" });
      expect(body.detail).toContain(method);
    }
  });

  it("a static segment wins over a parameter, as in Next's router", async () => {
    const tenant = "/api/tenants/0190d1f2-0000-7000-8000-000000000001";
    expect((await raw(port, `TRACE ${tenant}/payrolls/simple HTTP/1.1`)).headers.allow).toBe("POST");
    expect(
      (await raw(port, `TRACE ${tenant}/payrolls/0190d1f2-0000-7000-8000-000000000003 HTTP/1.1`)).headers.allow,
    ).toBe("GET, PUT");
    expect((await raw(port, `TRACE ${tenant}/user_memberships/invitations HTTP/1.1`)).headers.allow).toBe("GET");
  });

  it("a method Node's parser refuses (FOO, lower-case get) is answered the same way, not with a bodyless 400", async () => {
    for (const method of ["FOO", "TRACK", "get"]) {
      const reply = await raw(port, `${method} /api/tenants HTTP/1.1`);
      expect(reply.status, method).toBe(405);
      expect(reply.headers.allow, method).toBe("GET, POST");
      expect(problem(reply).detail).toContain(method);
    }
  });

  it("an API path no route serves is the catch-all's 404, naming the method too", async () => {
    const reply = await raw(port, "TRACE /api/no-such-route HTTP/1.1");
    expect(reply.status).toBe(404);
    const body = problem(reply);
    expect(body.code).toBe("route.not_found");
    expect(body.detail).toContain("TRACE");
  });

  it("pages and next-auth's routes say what they take", async () => {
    expect((await raw(port, "TRACE /signin HTTP/1.1")).headers.allow).toBe("GET, HEAD");
    expect((await raw(port, "PROPFIND /api/auth/session HTTP/1.1")).headers.allow).toBe("GET, POST");
  });

  it("every method Next dispatches still reaches it", async () => {
    reachedNext.length = 0;
    for (const method of ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"])
      expect((await raw(port, `${method} /api/tenants HTTP/1.1`)).status, method).toBe(200);
    expect(reachedNext).toEqual(
      ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"].map((m) => `${m} /api/tenants`),
    );
  });

  it("a method a route lacks, answered by the route itself, names the method as well", async () => {
    const su = await systemUserFixture();
    const reply = await call("DELETE", "/api/tenants", { token: su.token });
    expect(reply.status).toBe(405);
    expect(reply.headers.get("allow")).toBe("GET, POST");
    expect(reply.body.detail).toBe("DELETE is not a method of this resource; it supports GET, POST.");
  });

  it("OPTIONS answers with the route's own methods, not every method the file exports", async () => {
    const tenants = await call("OPTIONS", "/api/tenants");
    expect(tenants.status).toBe(204);
    expect(tenants.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
    const token = await call("OPTIONS", "/api/oauth/token");
    expect(token.headers.get("allow")).toBe("POST, OPTIONS");
  });
});
