import { z } from "zod";
import { Invalid } from "../errors";
import { isUuid } from "../ids";

export const PageQuery = z.object({
  limit: z
    .string()
    .regex(/^[0-9]{1,3}$/, "A whole number from 1 to 500, in decimal digits.")
    .transform(Number)
    .pipe(z.number().int().min(1, "At least 1.").max(500, "At most 500."))
    .default(50)
    .describe("Page size, 1 to 500."),
  cursor: z.string().max(200, "The cursor is not one this service issued.").optional().describe("nextCursor of the previous page."),
});
export type PageQuery = z.infer<typeof PageQuery>;

export type Page<T> = { items: T[]; nextCursor: string | null };

/** Cursors are opaque to clients; inside they carry the last id seen (ids are time-ordered UUIDv7). */
export function decodeCursor(cursor: string | undefined): string | null {
  if (!cursor) return null;
  try {
    const { after } = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { after?: unknown };
    if (typeof after === "string" && isUuid(after)) return after;
  } catch {
    // fall through
  }
  throw Invalid.field("cursor", "The cursor is not one this service issued.");
}

const encodeCursor = (after: string) => Buffer.from(JSON.stringify({ after }), "utf8").toString("base64url");

/** Builds a page from rows read with `limit + 1`, so that the extra row tells whether more follow. */
export function toPage<R extends { id: string }, T>(rows: R[], limit: number, map: (row: R) => T): Page<T> {
  const items = rows.slice(0, limit);
  const more = rows.length > limit;
  return { items: items.map(map), nextCursor: more && items.length ? encodeCursor(items[items.length - 1]!.id) : null };
}
