import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The layers the code is drawn in (ARCHITECTURE.md): server/db is the bottom one and imports no
 * domain. It may use the service's shared modules beside it (settings, the context's types, ids).
 * The job engine is the one exception left (server/db/client.ts opens pg-boss with the connection;
 * issue 38 names it): listed here, so that a new one is a decision, not an accident.
 */
const root = path.resolve(import.meta.dirname, "../..");
const SHARED = new Set(["env", "context", "ids"]);
const KNOWN_EXCEPTIONS = new Set(["server/db/client.ts -> jobs"]);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

describe("layers", () => {
  it("server/db imports no domain", () => {
    const found: string[] = [];
    for (const file of filesUnder(path.join(root, "server/db"))) {
      const source = readFileSync(file, "utf8");
      for (const [, specifier] of source.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)) {
        const target = specifier!.startsWith("@/server/")
          ? specifier!.slice("@/server/".length)
          : specifier!.startsWith(".")
            ? path.relative(path.join(root, "server"), path.resolve(path.dirname(file), specifier!))
            : null;
        if (!target || target.startsWith("..") || target.startsWith("db/") || target === "db") continue;
        const domain = target.split("/")[0]!;
        if (SHARED.has(domain)) continue;
        found.push(`${path.relative(root, file)} -> ${domain}`);
      }
    }
    expect([...new Set(found)].filter((edge) => !KNOWN_EXCEPTIONS.has(edge))).toEqual([]);
    // The exception is still real (else it should leave the list).
    expect(found).toContain("server/db/client.ts -> jobs");
  });
});
