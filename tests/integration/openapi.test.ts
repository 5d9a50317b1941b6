import { describe, expect, it } from "vitest";
import { allOperations } from "@/server/docs/all-operations";
import type { RouteHandler } from "@/server/api/route";
import { api, apiRoutes } from "../fixtures/api";

/** Route files that are not part of the documented API: the 404 fallback and next-auth's own endpoints. */
const UNDOCUMENTED = [/\/app\/api\/\[\.\.\.path\]\/route\.ts$/, /\/app\/api\/auth\//];

const templateOf = (file: string) =>
  "/" +
  file
    .replace(/^.*\/app\/api\//, "")
    .replace(/\/?route\.ts$/, "")
    .replace(/\[(\w+)\]/g, "{$1}");

describe("OpenAPI document", () => {
  it("is served and has an entry for every method of every route file", async () => {
    const response = await api.get("/api/openapi.json");
    expect(response.status).toBe(200);
    const document = response.body;
    expect(document.openapi).toBe("3.1.0");
    let checked = 0;
    for (const route of apiRoutes) {
      if (UNDOCUMENTED.some((pattern) => pattern.test(route.file))) continue;
      const routeModule = (await route.load()) as Record<string, RouteHandler>;
      const served = Object.entries(routeModule).filter(
        ([, handler]) => typeof handler === "function" && handler.operation,
      );
      expect(served.length, `${route.file} serves nothing`).toBeGreaterThan(0);
      for (const [method, handler] of served) {
        const op = handler.operation!;
        expect(op.method, route.file).toBe(method);
        expect(op.path, route.file).toBe(templateOf(route.file));
        expect(allOperations, `${method} ${op.path} is not in server/docs/all-operations.ts`).toContain(op);
        expect(
          document.paths[op.path]?.[method.toLowerCase()],
          `${method} ${op.path} missing in openapi.json`,
        ).toBeDefined();
        checked++;
      }
    }
    expect(checked).toBe(allOperations.length);
  });

  it("describes request bodies from the same zod schemas the handlers parse", async () => {
    const document = (await api.get("/api/openapi.json")).body;
    const create = document.paths["/tenants/{orgId}/payrolls/simple"].post;
    const schema = create.requestBody.content["application/json"].schema;
    expect(schema.required).toEqual(expect.arrayContaining(["name", "accountingStartDate", "documentLanguage"]));
    expect(schema.properties.documentLanguage.enum).toEqual(["de", "fr", "it", "en"]);
    const list = document.paths["/tenants/{orgId}/employees"].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(["orgId", "includeFormer", "limit", "cursor"]),
    );
  });

  it("lists every success answer of an operation: a case change applied (201) or reported for approval (202)", async () => {
    const document = (await api.get("/api/openapi.json")).body;
    const post = document.paths["/tenants/{orgId}/payrolls/{payrollId}/cases"].post;
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(["201", "202"]));
    const schema = post.responses["202"].content["application/json"].schema;
    // A named schema (zod meta id) is a reference into components/schemas.
    expect(schema.$ref).toBe("#/components/schemas/CaseChangeReported");
    const reported = document.components.schemas.CaseChangeReported;
    expect(reported.required).toEqual(expect.arrayContaining(["status", "caseChange", "taskId"]));
    expect(reported.properties.status.const).toBe("pending");
    const changes = document.paths["/tenants/{orgId}/payrolls/{payrollId}/cases/changes"].get;
    const status = changes.parameters.find((p: { name: string }) => p.name === "status");
    expect(status.schema.enum).toEqual(["applied", "pending", "approved", "rejected", "all"]);
  });
});
