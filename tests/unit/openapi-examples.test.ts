import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { allOperations } from "@/server/docs/all-operations";
import { EXAMPLES } from "@/server/docs/openapi";

/**
 * The OpenAPI document's examples (server/docs/examples.json) are real answers of the API suites;
 * each must still be what the operation's schemas accept and answer, so that they cannot drift.
 */
describe("the OpenAPI document's examples", () => {
  const operations = new Map(allOperations.map((op) => [`${op.method} ${op.path}`, op]));

  it("belong to operations that exist, and match their request and response schemas", () => {
    const wrong: string[] = [];
    for (const [key, example] of Object.entries(EXAMPLES)) {
      const op = operations.get(key);
      if (!op) {
        wrong.push(`${key}: no such operation`);
        continue;
      }
      if (example.request !== undefined && op.body) {
        const parsed = op.body.safeParse(example.request);
        if (!parsed.success)
          wrong.push(
            `${key} request: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`,
          );
      }
      for (const [status, body] of Object.entries(example.responses)) {
        const schema: z.ZodType | undefined =
          Number(status) === (op.status ?? 200) ? op.response : op.alsoAnswers?.[Number(status)]?.response;
        if (!schema) {
          wrong.push(`${key} ${status}: the operation documents no JSON answer with this status`);
          continue;
        }
        const parsed = schema.safeParse(body);
        if (!parsed.success)
          wrong.push(
            `${key} ${status}: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  });

  it("cover nearly every operation that answers JSON", () => {
    // GET /openapi.json answers this document itself.
    const json = allOperations.filter((op) => op.response && op.path !== "/openapi.json");
    const without = json
      .filter((op) => EXAMPLES[`${op.method} ${op.path}`]?.responses[String(op.status ?? 200)] === undefined)
      .map((op) => `${op.method} ${op.path}`);
    expect(without.length / json.length, `without an example: ${without.join(", ")}`).toBeLessThan(0.1);
  });
});
