import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The layers the code is drawn in (ARCHITECTURE.md): server/db is the bottom one and imports no
 * domain. It may use the service's shared modules beside it (settings, the context's types, ids).
 * Above it, no two parts of server/ import each other, directly or round a longer circle: a command
 * that spans domains lives in server/workflows/, and the job handlers meet in server/job-worker.ts.
 */
const root = path.resolve(import.meta.dirname, "../..");
const SHARED = new Set(["env", "context", "ids"]);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** What each import of a file under server/ reaches inside server/, as a path relative to it. */
function importedServerPaths(file: string): string[] {
  const source = readFileSync(file, "utf8");
  return [...source.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].flatMap(([, specifier]) => {
    const target = specifier!.startsWith("@/server/")
      ? specifier!.slice("@/server/".length)
      : specifier!.startsWith(".")
        ? path.relative(path.join(root, "server"), path.resolve(path.dirname(file), specifier!))
        : null;
    return target && !target.startsWith("..") ? [target] : [];
  });
}

const isFolder = (relative: string) =>
  statSync(path.join(root, "server", relative), { throwIfNoEntry: false })?.isDirectory() ?? false;

/** The server/ folders a file under server/ imports from, other than its own. */
function domainImports(file: string): string[] {
  const own = path.relative(path.join(root, "server"), file).split(path.sep)[0]!;
  const domains = importedServerPaths(file).map((target) => target.split("/")[0]!);
  return [...new Set(domains.filter((domain) => domain !== own && isFolder(domain)))];
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

  it("no import circle between the parts of server/", () => {
    // A part is a folder under server/ (a domain) or a file beside them (env.ts, context.ts, ...).
    const partOf = (relative: string) => {
      const top = relative.split(/[\\/]/)[0]!;
      return isFolder(top) ? top : top.replace(/\.tsx?$/, "");
    };
    const edges = new Map<string, Map<string, string>>();
    for (const file of filesUnder(path.join(root, "server"))) {
      const own = partOf(path.relative(path.join(root, "server"), file));
      for (const target of importedServerPaths(file)) {
        const part = partOf(target);
        if (part === own) continue;
        const from = edges.get(own) ?? edges.set(own, new Map()).get(own)!;
        if (!from.has(part)) from.set(part, `${path.relative(root, file)} -> ${part}`);
      }
    }
    expect(circlesOf(edges)).toEqual([]);
  });
});

/** Each strongly connected set of parts (Tarjan), as the imports that close it. */
function circlesOf(edges: Map<string, Map<string, string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (part: string) => {
    index.set(part, index.size);
    low.set(part, index.get(part)!);
    stack.push(part);
    for (const next of edges.get(part)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(part, Math.min(low.get(part)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(part, Math.min(low.get(part)!, index.get(next)!));
    }
    if (low.get(part) !== index.get(part)) return;
    const members = stack.splice(stack.indexOf(part));
    if (members.length > 1)
      circles.push(members.flatMap((from) => members.flatMap((to) => edges.get(from)?.get(to) ?? [])).sort());
  };
  for (const part of edges.keys()) if (!index.has(part)) visit(part);
  return circles;
}
