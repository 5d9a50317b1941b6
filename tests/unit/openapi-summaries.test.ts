import { describe, expect, it } from "vitest";
import { allOperations } from "@/server/docs/all-operations";
import { openApiDocument, operationIdOf } from "@/server/docs/openapi";

/**
 * Issue 38, item 4: each operation's `summary` is a short title (the reference's sidebar entry) and
 * the contract prose that client developers read is its `description`, shown under the title.
 */
describe("the operations' summaries and descriptions", () => {
  const keyOf = (op: { method: string; path: string }) => `${op.method} ${op.path}`;

  it("each summary is a title of at most 60 characters with no trailing period", () => {
    const wrong = allOperations
      .filter((op) => op.summary.length > 60 || /[.\s]$/.test(op.summary) || op.summary.trim() === "")
      .map((op) => `${keyOf(op)}: "${op.summary}" (${op.summary.length})`);
    expect(wrong).toEqual([]);
  });

  it("no two operations share a summary", () => {
    const byTitle = new Map<string, string[]>();
    for (const op of allOperations) byTitle.set(op.summary, [...(byTitle.get(op.summary) ?? []), keyOf(op)]);
    expect([...byTitle].filter(([, keys]) => keys.length > 1)).toEqual([]);
  });

  it("the OpenAPI document carries each operation's summary, and its description above who may call it", () => {
    const document = openApiDocument();
    const described = allOperations.filter((op) => op.description);
    expect(described.length).toBeGreaterThan(0);
    for (const op of allOperations) {
      const object = document.paths[op.path]?.[op.method.toLowerCase()] as
        { operationId: string; summary: string; description: string } | undefined;
      expect(object?.operationId, keyOf(op)).toBe(operationIdOf(op));
      expect(object?.summary, keyOf(op)).toBe(op.summary);
      if (op.description)
        expect(
          object?.description === op.description || object?.description.startsWith(`${op.description}\n\n`),
          keyOf(op),
        ).toBe(true);
      else expect(object?.description, keyOf(op)).not.toContain("\n\n");
    }
  });
});
