import { createHash } from "node:crypto";
import { PreconditionFailed } from "../errors";

/** Strong ETag of a versioned row. */
export const etagOf = (row: { id: string; version: number }) => `"${row.id}.${row.version}"`;

/**
 * The version of a resource kept without a version column (a wage type's accounts): 48 bits of the
 * SHA-256 of its representation, so that any change to what the caller read changes it and equal
 * representations share it. Used with etagOf and checkIfMatch like a row's version.
 */
export const representationVersion = (representation: unknown) =>
  Number.parseInt(createHash("sha256").update(JSON.stringify(representation)).digest("hex").slice(0, 12), 16);

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
