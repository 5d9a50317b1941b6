import "server-only";
import { and, eq, gt, isNull, type SQL } from "drizzle-orm";
import { getDb } from "../db/client";
import { sessions } from "../db/schema";
import { isUuid, newId } from "../ids";

/** How long a console sign-in lasts at most; next-auth's JWT lives as long. */
export const SESSION_SECONDS = 8 * 60 * 60;

type SessionClaims = { sessionId?: unknown; userId?: unknown } | null | undefined;

/** Records a console sign-in; its id goes into the session cookie's JWT. */
export async function startSession(userId: string) {
  const db = await getDb();
  const id = newId();
  await db.insert(sessions).values({ id, userId, expiresAt: new Date(Date.now() + SESSION_SECONDS * 1000) });
  return id;
}

/** Ends a sign-in on the server (next-auth's signOut event): the cookie no longer authenticates anywhere. */
export async function endSession(claims: SessionClaims) {
  const sessionId = claims?.sessionId;
  if (typeof sessionId !== "string" || !isUuid(sessionId)) return;
  const db = await getDb();
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * The condition over sessions that a session cookie's claims name a current session: recorded for that
 * user, not signed out, not expired. null when the claims name none (a cookie from before server-side
 * sessions included).
 */
export function currentSessionCondition(claims: SessionClaims): SQL | null {
  const sessionId = claims?.sessionId;
  const userId = claims?.userId;
  if (typeof sessionId !== "string" || !isUuid(sessionId) || typeof userId !== "string" || !isUuid(userId)) return null;
  return and(
    eq(sessions.id, sessionId),
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, new Date()),
  )!;
}

/** The user of a session cookie's claims when the session is current (currentSessionCondition); null otherwise. */
export async function currentSessionUserId(claims: SessionClaims): Promise<string | null> {
  const condition = currentSessionCondition(claims);
  if (!condition) return null;
  const db = await getDb();
  const [row] = await db.select({ userId: sessions.userId }).from(sessions).where(condition).limit(1);
  return row?.userId ?? null;
}
