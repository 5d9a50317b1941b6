import "server-only";
import { eq, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { users } from "../db/schema";
import { Unauthenticated } from "../errors";
import { newId } from "../ids";

export type IdentityClaims = {
  issuer: string;
  subject: string;
  email: string;
  name?: string | null;
  emailVerified?: boolean;
};

/** C0 and C1 control characters (NUL, CR, LF, ...) and the bidirectional controls that reorder text. */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * The identity provider's claims as we keep them. Issuer, subject and email identify the person: with
 * control characters they are refused (the token is unusable). The name is only shown: control and
 * bidirectional characters are dropped from it, so that a name never breaks a screen or a document.
 */
function usableClaims(claims: IdentityClaims) {
  const email = claims.email.trim().toLowerCase();
  if ([claims.issuer, claims.subject, email].some((text) => new RegExp(CONTROLS.source, "u").test(text) || !text)) {
    throw new Unauthenticated(
      "The identity provider's token carries a subject or email address that cannot be used.",
      "auth.invalid_token",
    );
  }
  const name =
    [...(claims.name ?? "").replace(CONTROLS, "").replace(/\s+/g, " ").trim()].slice(0, 200).join("").trim() || email;
  return { email, name };
}

/** Refuses unusable claims (Unauthenticated) as upsertUser does: before issuer and subject are looked up. */
export function assertUsableClaims(claims: IdentityClaims) {
  usableClaims(claims);
}

/**
 * Whether a user row already holds what the claims say (email, name, verification), as upsertUser would
 * write them: then nothing needs writing. Unusable claims are refused here as there.
 */
export function userHoldsClaims(
  row: { email: string; name: string; emailVerified: boolean },
  claims: IdentityClaims,
): boolean {
  const { email, name } = usableClaims(claims);
  return row.email === email && row.name === name && row.emailVerified === (claims.emailVerified === true);
}

/**
 * The person behind an issuer's subject; created on first sight (with `culture`, e.g. the language
 * of the browser they signed in with, else the column's default), name and email refreshed from the claims.
 */
export async function upsertUser(claims: IdentityClaims, { culture }: { culture?: string } = {}) {
  const db = await getDb();
  const { email, name } = usableClaims(claims);
  const emailVerified = claims.emailVerified === true;
  const [row] = await db
    .insert(users)
    .values({
      id: newId(),
      issuer: claims.issuer,
      subject: claims.subject,
      email,
      name,
      emailVerified,
      ...(culture ? { culture } : {}),
    })
    .onConflictDoUpdate({
      target: [users.issuer, users.subject],
      set: { email, name: sql`excluded.name`, emailVerified },
    })
    .returning();
  return row!;
}

export async function getUserById(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}
