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
const MUTUAL_PAIRS_LEFT = [
  "auth <-> http",
  "cases <-> results",
  "cases <-> tasks",
  "docs <-> http",
  "documents <-> jobs",
  "documents <-> periods",
  "employees <-> results",
  "http <-> testing",
  "jobs <-> maintenance",
  "jobs <-> periods",
  "jobs <-> regulations",
  "jobs <-> webhooks",
  "lookups <-> payrolls",
  "lookups <-> regulations",
  "payouts <-> payrolls",
  "payouts <-> periods",
  "payrolls <-> periods",
  "payrolls <-> regulations",
  "payrolls <-> results",
  "periods <-> results",
  "regulations <-> results",
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The server/ folder each import of a file under server/ reaches, other than the file's own. */
function domainImports(file: string): string[] {
  const own = path.relative(path.join(root, "server"), file).split(path.sep)[0]!;
  const source = readFileSync(file, "utf8");
  const found = new Set<string>();
  for (const [, specifier] of source.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)) {
    const target = specifier!.startsWith("@/server/")
      ? specifier!.slice("@/server/".length)
      : specifier!.startsWith(".")
        ? path.relative(path.join(root, "server"), path.resolve(path.dirname(file), specifier!))
        : null;
    if (!target || target.startsWith("..")) continue;
    const domain = target.split("/")[0]!;
    if (domain !== own && statSync(path.join(root, "server", domain), { throwIfNoEntry: false })?.isDirectory())
      found.add(domain);
  }
  return [...found];
}

describe("layers", () => {
  it("server/db imports no domain", () => {
    const found = filesUnder(path.join(root, "server/db")).flatMap((file) =>
      domainImports(file)
        .filter((domain) => !SHARED.has(domain))
        .map((domain) => `${path.relative(root, file)} -> ${domain}`),
    );
    expect(found).toEqual([]);
  });

  it("no import circle between domains beyond the pairs still listed", () => {
    const edges = new Map<string, Set<string>>();
    for (const file of filesUnder(path.join(root, "server"))) {
      const own = path.relative(path.join(root, "server"), file).split(path.sep)[0]!;
      if (!statSync(path.join(root, "server", own)).isDirectory()) continue;
      for (const domain of domainImports(file)) (edges.get(own) ?? edges.set(own, new Set()).get(own)!).add(domain);
    }
    const pairs = [...edges]
      .flatMap(([from, tos]) =>
        [...tos].filter((to) => from < to && edges.get(to)?.has(from)).map((to) => `${from} <-> ${to}`),
      )
      .sort();
    expect(pairs).toEqual(MUTUAL_PAIRS_LEFT);
  });
});
