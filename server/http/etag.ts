import { PreconditionFailed } from "../errors";

/** Strong ETag of a versioned row. */
export const etagOf = (row: { id: string; version: number }) => `"${row.id}.${row.version}"`;

/** The version an If-Match header asks for, for this resource; `*` matches any. */
export function versionFromIfMatch(ifMatch: string | null, id: string): number | "any" | "mismatch" | null {
  if (ifMatch === null) return null;
  const tags = ifMatch.split(",").map((t) => t.trim().replace(/^W\//, ""));
  if (tags.includes("*")) return "any";
  for (const tag of tags) {
    const match = /^"([^"]+)\.(\d+)"$/.exec(tag);
    if (match && match[1] === id) return Number(match[2]);
  }
  return "mismatch";
}

/** Optimistic concurrency: an If-Match that names another version of the row is refused (412). */
export function checkIfMatch(ifMatch: string | null, row: { id: string; version: number }) {
  const wanted = versionFromIfMatch(ifMatch, row.id);
  if (wanted === "mismatch" || (typeof wanted === "number" && wanted !== row.version)) throw new PreconditionFailed();
}
