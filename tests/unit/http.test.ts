import { describe, expect, it } from "vitest";
import { Conflict, Invalid, MethodNotAllowed, NotFound } from "@/server/errors";
import { checkIfMatch, etagOf, versionFromIfMatch } from "@/server/http/etag";
import { decodeCursor, toPage } from "@/server/http/pagination";
import { toProblem } from "@/server/http/problem";

describe("problem details", () => {
  it("maps each error kind to its status with a stable code", async () => {
    const cases: [Error, number, string][] = [
      [new NotFound("employee"), 404, "employee.not_found"],
      [new Conflict("payroll.already_exists", "x"), 409, "payroll.already_exists"],
      [Invalid.field("name", "Required"), 422, "validation.failed"],
      [new MethodNotAllowed(["GET", "PUT"]), 405, "request.method_not_allowed"],
    ];
    for (const [error, status, code] of cases) {
      const response = toProblem(error);
      expect(response.status).toBe(status);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect((await response.json()).code).toBe(code);
    }
    expect(toProblem(new MethodNotAllowed(["GET", "PUT"])).headers.get("allow")).toBe("GET, PUT");
    expect((await toProblem(Invalid.field("name", "Required")).json()).errors).toEqual([
      { path: "name", message: "Required" },
    ]);
  });

  it("turns an unexpected error into a 500 without leaking its message", async () => {
    const original = console.error;
    console.error = () => {};
    const response = toProblem(new Error("secret internals"));
    console.error = original;
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain("secret internals");
  });
});

describe("ETag and If-Match", () => {
  const row = { id: "0190a0a0-0000-7000-8000-000000000001", version: 3 };
  it("matches only the same resource and version", () => {
    expect(versionFromIfMatch(etagOf(row), row.id)).toBe(3);
    expect(versionFromIfMatch(`W/${etagOf(row)}`, row.id)).toBe(3);
    expect(versionFromIfMatch("*", row.id)).toBe("any");
    expect(versionFromIfMatch('"other.3"', row.id)).toBe("mismatch");
    expect(versionFromIfMatch(null, row.id)).toBeNull();
    expect(() => checkIfMatch(etagOf(row), row)).not.toThrow();
    expect(() => checkIfMatch(etagOf({ ...row, version: 2 }), row)).toThrow();
  });
});

describe("cursor pagination", () => {
  it("pages with the extra row and refuses foreign cursors", () => {
    const rows = [
      "0190a0a0-0000-7000-8000-000000000001",
      "0190a0a0-0000-7000-8000-000000000002",
      "0190a0a0-0000-7000-8000-000000000003",
    ].map((id) => ({ id }));
    const page = toPage(rows, 2, (r) => r.id);
    expect(page.items).toHaveLength(2);
    expect(decodeCursor(page.nextCursor!)).toBe(rows[1]!.id);
    expect(toPage(rows.slice(0, 2), 2, (r) => r.id).nextCursor).toBeNull();
    expect(() => decodeCursor("bm9wZQ")).toThrow(Invalid);
  });
});

describe("authorization table", () => {
  it("refuses to build a route whose permission has no entry", async () => {
    const { handle } = await import("@/server/api/route");
    const op = { method: "GET", path: "/x", tag: "x", summary: "x", allow: "no.such.permission" } as never;
    expect(() => handle(op, async () => ({}))).toThrow(/not in server\/permissions.ts/);
  });
});
