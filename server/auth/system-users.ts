import "server-only";
import { eq } from "drizzle-orm";
import { SignJWT, jwtVerify, createLocalJWKSet, errors as joseErrors } from "jose";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { getDb, type Database } from "../db/client";
import { systemUsers } from "../db/schema";
import { env } from "../env";
import { Invalid, Unauthenticated } from "../errors";
import { newId } from "../ids";
import { currentSigningKey, keysFor } from "./keys";
import { VerifiedTokens } from "./verified-tokens";

export const SERVICE_AUDIENCE = "payroll-api";
export const serviceIssuer = () => `${env().PUBLIC_URL.replace(/\/$/, "")}/api`;

// Client secrets are 256 random bits, so a plain SHA-256 is enough to store them safely
// (a slow password hash protects guessable secrets; these are not guessable).
const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

export const SystemUserName = z.string().trim().min(1).max(200);

export async function createSystemUser(name: string, db?: Database) {
  const parsed = SystemUserName.safeParse(name);
  if (!parsed.success) throw Invalid.field("name", "A system user needs a name (1 to 200 characters).");
  const database = db ?? (await getDb());
  const id = newId();
  const clientId = `su_${randomBytes(12).toString("hex")}`;
  const clientSecret = randomBytes(32).toString("base64url");
  await database.insert(systemUsers).values({ id, name: parsed.data, clientId, secretHash: hashSecret(clientSecret) });
  return { id, name: parsed.data, clientId, clientSecret };
}

export async function verifyClientCredentials(clientId: string, clientSecret: string) {
  const db = await getDb();
  const [row] = await db.select().from(systemUsers).where(eq(systemUsers.clientId, clientId)).limit(1);
  const expected = Buffer.from(row?.secretHash ?? hashSecret("no such client"), "hex");
  const given = Buffer.from(hashSecret(clientSecret), "hex");
  if (!row || !timingSafeEqual(expected, given)) return null;
  return row;
}

export async function issueSystemUserToken(systemUser: { id: string; clientId: string }) {
  const { key, kid, alg } = await currentSigningKey("service");
  const expiresIn = env().TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ client_id: systemUser.clientId, typ_: "system" })
    .setProtectedHeader({ alg, kid, typ: "JWT" })
    .setIssuer(serviceIssuer())
    .setAudience(SERVICE_AUDIENCE)
    .setSubject(systemUser.id)
    .setIssuedAt()
    .setJti(newId())
    .setExpirationTime(`${expiresIn}s`)
    .sign(key);
  return { access_token: token, token_type: "Bearer" as const, expires_in: expiresIn };
}

/**
 * The verifier of one list of service keys. jose imports each public key once per key set, so the set
 * is kept for as long as the list of keys is the same object (server/auth/keys.ts replaces it on a
 * refresh): a key is immutable per kid, so verifying with a kept imported key decides as a fresh one would.
 */
const keySets = new WeakMap<object, ReturnType<typeof createLocalJWKSet>>();

async function serviceKeySet(refresh: boolean) {
  const keys = await keysFor("service", { refresh });
  let set = keySets.get(keys);
  if (!set) {
    set = createLocalJWKSet({ keys: keys.map((k) => k.publicJwk) });
    keySets.set(keys, set);
  }
  return set;
}

/** Service tokens whose signature, issuer and audience were checked (whether the system user still exists is read at every request). */
const verified = new VerifiedTokens<{ sub: string; exp: number | undefined }>();

/** The system user id of a valid, unexpired service token; Unauthenticated otherwise. */
export async function systemUserIdOfToken(token: string): Promise<string> {
  const known = verified.claimsOf(token);
  if (known === "expired") throw new Unauthenticated("The token is invalid or expired.", "auth.invalid_token");
  if (known) return known.sub;
  const verifyWith = async (refresh: boolean) =>
    jwtVerify(token, await serviceKeySet(refresh), { issuer: serviceIssuer(), audience: SERVICE_AUDIENCE });
  let payload;
  try {
    payload = (await verifyWith(false)).payload;
  } catch (error) {
    // A key made by another instance after our cache was filled: look once more.
    if (!(error instanceof joseErrors.JWKSNoMatchingKey))
      throw new Unauthenticated("The token is invalid or expired.", "auth.invalid_token");
    try {
      payload = (await verifyWith(true)).payload;
    } catch {
      throw new Unauthenticated("The token is invalid or expired.", "auth.invalid_token");
    }
  }
  const claims = { sub: String(payload.sub), exp: payload.exp };
  verified.keep(token, claims);
  return claims.sub;
}

export async function verifySystemUserToken(token: string) {
  const systemUserId = await systemUserIdOfToken(token);
  const db = await getDb();
  const [row] = await db.select().from(systemUsers).where(eq(systemUsers.id, systemUserId)).limit(1);
  if (!row) throw new Unauthenticated("The system user of this token no longer exists.", "auth.invalid_token");
  return row;
}
