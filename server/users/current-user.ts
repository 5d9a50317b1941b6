import "server-only";
import { eq } from "drizzle-orm";
import type { Caller } from "../context";
import { getDb } from "../db/client";
import { users } from "../db/schema";
import { NotFound } from "../errors";
import { toUser, type UpdateUser } from "./schemas";

type Person = Extract<Caller, { kind: "person" }>;

export async function getCurrentUser({ caller }: { caller: Person }) {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.id, caller.userId)).limit(1);
  if (!row) throw new NotFound("user");
  return toUser(row);
}

/** The only thing a person changes here is their culture; another person's record does not exist for them. */
export async function updateCurrentUser({ caller, userId, input }: { caller: Person; userId: string; input: UpdateUser }) {
  if (userId !== caller.userId) throw new NotFound("user");
  const db = await getDb();
  const [row] = await db.update(users).set({ culture: input.culture }).where(eq(users.id, caller.userId)).returning();
  if (!row) throw new NotFound("user");
  return toUser(row);
}
