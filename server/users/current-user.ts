import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Caller } from "../context";
import { getDb } from "../db/client";
import { users } from "../db/schema";
import { NotFound } from "../errors";
import { checkIfMatch } from "../http/etag";
import { toUser, type UpdateUser } from "./schemas";

type Person = Extract<Caller, { kind: "person" }>;

/** The signed-in person with the version of their record (for the ETag). */
export async function readCurrentUser({ caller }: { caller: Person }) {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.id, caller.userId)).limit(1);
  if (!row) throw new NotFound("user");
  return { user: toUser(row), version: row.version };
}

export async function getCurrentUser({ caller }: { caller: Person }) {
  return (await readCurrentUser({ caller })).user;
}

/**
 * The only thing a person changes here is their culture; another person's record does not exist for
 * them. Under a row lock; an If-Match naming another version is refused (412).
 */
export async function updateCurrentUser({
  caller,
  userId,
  input,
  ifMatch = null,
}: {
  caller: Person;
  userId: string;
  input: UpdateUser;
  ifMatch?: string | null;
}) {
  if (userId !== caller.userId) throw new NotFound("user");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, caller.userId)).for("update").limit(1);
    if (!current) throw new NotFound("user");
    checkIfMatch(ifMatch, current);
    const [row] = await tx
      .update(users)
      .set({ culture: input.culture, version: sql`${users.version} + 1` })
      .where(eq(users.id, caller.userId))
      .returning();
    return { user: toUser(row!), version: row!.version };
  });
}
