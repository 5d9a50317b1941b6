import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clientSchemaSource } from "@/scripts/client-schema";

/** The committed types of the typed client are the ones the current OpenAPI document generates. */
describe("client/schema.d.ts", () => {
  it("matches what openapi-typescript generates from the current document (npm run client:generate)", async () => {
    const committed = readFileSync(path.resolve(import.meta.dirname, "../../client/schema.d.ts"), "utf8");
    const generated = await clientSchemaSource();
    // Not toBe: a diff of 10,000 lines helps nobody; the first differing line does.
    const [a, b] = [committed.split("\n"), generated.split("\n")];
    const first = a.findIndex((line, i) => line !== b[i]);
    expect(
      first === -1 && a.length === b.length ? null : { line: first + 1, committed: a[first], generated: b[first] },
      "client/schema.d.ts is stale: run npm run client:generate",
    ).toBeNull();
  });
});
