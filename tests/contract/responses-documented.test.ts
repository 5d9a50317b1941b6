import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { allOperations } from "@/server/docs/all-operations";
import { openApiDocument } from "@/server/docs/openapi";

/**
 * Runs after the API and browser suites (npm test sets API_RESPONSE_RECORD, and the test hooks
 * append every answer of the route wrapper to it: server/testing/install.ts). Every status a route
 * answered must be a response of its operation in the OpenAPI document, every problem code one
 * that response lists, and an ETag header one it names.
 */
type Recorded = { method: string; path: string; status: number; code?: string; etag?: boolean };
type ResponseObject = {
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: { allOf?: { properties?: { code?: { enum?: string[] } } }[] } }>;
};

const recordFile = process.env.API_RESPONSE_RECORD;

describe("what the routes answered is what the OpenAPI document says", () => {
  it("lists every status and problem code the suites saw", () => {
    expect(
      recordFile && existsSync(recordFile),
      "API_RESPONSE_RECORD names the suites' record (npm test sets it)",
    ).toBeTruthy();
    const recorded = readFileSync(recordFile!, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Recorded);
    const document = openApiDocument() as {
      paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
    };
    const undocumented = new Set<string>();
    const seen = new Set<string>();
    for (const answer of recorded) {
      seen.add(`${answer.method} ${answer.path}`);
      const responses = document.paths[answer.path]?.[answer.method.toLowerCase()]?.responses;
      const response = responses?.[String(answer.status)];
      if (!response) {
        undocumented.add(`${answer.method} ${answer.path}: ${answer.status}${answer.code ? ` ${answer.code}` : ""}`);
        continue;
      }
      if (answer.etag && !response.headers?.ETag)
        undocumented.add(`${answer.method} ${answer.path}: ${answer.status} with an ETag header`);
      if (answer.code) {
        const codes = response.content?.["application/problem+json"]?.schema?.allOf?.[1]?.properties?.code?.enum ?? [];
        if (!codes.includes(answer.code))
          undocumented.add(`${answer.method} ${answer.path}: ${answer.status} ${answer.code}`);
      }
    }
    expect(
      [...undocumented].sort(),
      "answers the document does not list (add them to the operation's problems, alsoAnswers or answersEtag)",
    ).toEqual([]);
    // The record covers the API: a check over a handful of answers would prove little.
    const coverage = allOperations.filter((op) => seen.has(`${op.method} ${op.path}`)).length / allOperations.length;
    expect(coverage, "share of operations the suites called").toBeGreaterThan(0.9);
  });
});
