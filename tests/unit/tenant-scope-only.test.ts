import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Tenant SQL goes through the tenant scope's methods (server/db/tenant-scope.ts), which put the
 * tenant into what they send; its transaction is not handed out, except by
 * `scope.sharedTables(...)` to the functions for tables no tenant owns.
 */
const root = path.resolve(import.meta.dirname, "../..");
const FOLDERS = ["server", "app", "components", "scripts", "bench", "tests"];
/** What scope.sharedTables may hand the transaction to: regulations and idempotency keys, no tenant's. */
const SHARED_TABLE_FUNCTIONS = [
  "storedRegulations",
  "reloadRegulations",
  "versionsByChecksum",
  "qstTariffFilesBySha",
  "commitUnderKey",
];

function filesUnder(dir: string): string[] {
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return [];
  return readdirSync(dir).flatMap((name) => {
    if (name === "node_modules") return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.(ts|tsx|mts)$/.test(name) ? [full] : [];
  });
}

const sources = FOLDERS.flatMap((folder) => filesUnder(path.join(root, folder)))
  .map((file) => ({ file: path.relative(root, file).split(path.sep).join("/"), text: readFileSync(file, "utf8") }))
  .filter(({ file }) => file !== "tests/unit/tenant-scope-only.test.ts");

const lineOf = (text: string, index: number) => text.slice(0, index).split("\n").length;

describe("the tenant scope's transaction", () => {
  it("is reached through the scope's methods only", () => {
    const found = sources
      .filter(({ file }) => file !== "server/db/tenant-scope.ts")
      .flatMap(({ file, text }) =>
        [...text.matchAll(/\.tx\b|\[\s*["']tx["']\s*\]|\{\s*tx\s*\}\s*=\s*scope\b/g)].map(
          (m) => `${file}:${lineOf(text, m.index!)}: ${m[0]}`,
        ),
      );
    expect(found).toEqual([]);
  });

  it("is handed by sharedTables only to the functions for tables no tenant owns", () => {
    const allowed = new RegExp(
      `^\\.sharedTables\\(\\s*\\((\\w+)\\)\\s*=>\\s*(${SHARED_TABLE_FUNCTIONS.join("|")})\\(\\1\\b`,
    );
    const found = sources
      .filter(({ file }) => file !== "server/db/tenant-scope.ts")
      .flatMap(({ file, text }) =>
        [...text.matchAll(/\.sharedTables\([^\n]*/g)]
          .filter((m) => !allowed.test(m[0]))
          .map((m) => `${file}:${lineOf(text, m.index!)}: ${m[0]}`),
      );
    expect(found).toEqual([]);
  });

  it("is private to the scope: no member named tx", () => {
    const scope = readFileSync(path.join(root, "server/db/tenant-scope.ts"), "utf8");
    expect(scope).toMatch(/readonly #tx: Tx;/);
    expect(scope).not.toMatch(/\breadonly tx\b/);
    expect(scope).not.toMatch(/\bget tx\(/);
  });
});
