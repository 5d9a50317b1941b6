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
  cursor: z
    .string()
    .max(200, "The cursor is not one this service issued.")
    .optional()
    .describe("nextCursor of the previous page."),
});
export type PageQuery = z.infer<typeof PageQuery>;

export type Page<T> = { items: T[]; nextCursor: string | null };

/**
 * The schema of a list answer (contract: `{ "items": [...], "nextCursor": string or null }`). A list
 * that tells more spreads its shape: `z.object({ valueDate: z.string(), ...page(Item).shape })`.
 */
export const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/** The largest page a list gives (PageQuery's limit). */
export const MAX_PAGE = 500;

/**
 * Every item of a paged list: `load` is asked for the page after each cursor until the last. For the
 * console's screens that show or count a whole list, where stopping at one page would hide the rest
 * without a word. The pages are read one after the other (the embedded database runs one
 * transaction at a time).
 */
export async function allPages<T>(load: (cursor: string | undefined) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await load(cursor);
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

/** Cursors are opaque to clients; inside they carry the last id seen (ids are time-ordered UUIDv7). */
export function decodeCursor(cursor: string | undefined): string | null {
  return decodeKeyCursor(cursor, isUuid);
}

/**
 * A cursor of a list ordered by another key than its ids (a date, a wage type number, an employee
 * id): the last key seen, which `isKey` accepts. The same opaque form as decodeCursor's.
 */
export function decodeKeyCursor(cursor: string | undefined, isKey: (key: string) => boolean): string | null {
  if (!cursor) return null;
  try {
    const { after } = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { after?: unknown };
    if (typeof after === "string" && isKey(after)) return after;
  } catch {
    // fall through
  }
  throw Invalid.field("cursor", "The cursor is not one this service issued.");
}

const encodeCursor = (after: string) => Buffer.from(JSON.stringify({ after }), "utf8").toString("base64url");

/** Builds a page from rows read with `limit + 1`, so that the extra row tells whether more follow. */
export function toPage<R extends { id: string }, T>(rows: R[], limit: number, map: (row: R) => T): Page<T> {
  return toKeyedPage(rows, limit, (row) => row.id, map);
}

/** toPage for rows ordered by `keyOf` (read with `limit + 1`): the cursor carries the last row's key. */
export function toKeyedPage<R, T>(rows: R[], limit: number, keyOf: (row: R) => string, map: (row: R) => T): Page<T> {
  const items = rows.slice(0, limit);
  const more = rows.length > limit;
  return {
    items: items.map(map),
    nextCursor: more && items.length ? encodeCursor(keyOf(items[items.length - 1]!)) : null,
  };
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Keys of lists held in memory: any text a cursor can carry (the cursor itself is at most 200 characters). */
const anyKey = (key: string) => key.length <= 140;

/**
 * One page of a list built in memory (missing data, Payroll Control, a regulation's lookups and wage
 * types), in the order of `keyOf` (unique per item) under `compare`: the items after the cursor's
 * key. Keyed rather than counted, so that an item resolved or added between two pages neither
 * repeats nor hides another. Without a page: every item, in the list's own order.
 */
export function pageOf<T>(
  items: readonly T[],
  page: PageQuery | undefined,
  {
    keyOf,
    compare = byCodeUnits,
    isKey = anyKey,
  }: { keyOf: (item: T) => string; compare?: (a: string, b: string) => number; isKey?: (key: string) => boolean },
): Page<T> {
  if (!page) return { items: [...items], nextCursor: null };
  const after = decodeKeyCursor(page.cursor, isKey);
  const ordered = [...items].sort((a, b) => compare(keyOf(a), keyOf(b)));
  const rest = after === null ? ordered : ordered.filter((item) => compare(keyOf(item), after) > 0);
  return toKeyedPage(rest.slice(0, page.limit + 1), page.limit, keyOf, (item) => item);
}

/**
 * One page of a list built in memory whose order is not a key's (a period's documents, in the order
 * they are planned): the items after the one the cursor names by its id. Should that item have left
 * the list since, the cursor is refused and the client starts again from the first page.
 */
export function pageAfterId<T extends { id: string }>(items: readonly T[], page: PageQuery | undefined): Page<T> {
  if (!page) return { items: [...items], nextCursor: null };
  const after = decodeCursor(page.cursor);
  const start = after === null ? 0 : items.findIndex((item) => item.id === after) + 1;
  if (start === 0 && after !== null)
    throw Invalid.field(
      "cursor",
      "The list has changed since this cursor was issued: start again from the first page.",
    );
  return toPage(items.slice(start, start + page.limit + 1), page.limit, (item) => item);
}
