import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { users } from "../db/schema";
import { newId } from "../ids";

export type IdentityClaims = { issuer: string; subject: string; email: string; name?: string | null; emailVerified?: boolean };

/** The person behind an issuer's subject; created on first sight, name and email refreshed from the claims. */
export async function upsertUser(claims: IdentityClaims) {
  const db = await getDb();
  const email = claims.email.trim().toLowerCase();
  const name = claims.name?.trim() || email;
  const emailVerified = claims.emailVerified === true;
  const [row] = await db
    .insert(users)
    .values({ id: newId(), issuer: claims.issuer, subject: claims.subject, email, name, emailVerified })
    .onConflictDoUpdate({ target: [users.issuer, users.subject], set: { email, name: sql`excluded.name`, emailVerified } })
    .returning();
  return row!;
}

export async function findUser(issuer: string, subject: string) {
  const db = await getDb();
  const [row] = await db.select().from(users).where(and(eq(users.issuer, issuer), eq(users.subject, subject))).limit(1);
  return row ?? null;
}

export async function getUserById(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}
