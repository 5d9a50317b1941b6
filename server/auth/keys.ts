import "server-only";
import { asc, eq } from "drizzle-orm";
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from "jose";
import { randomBytes } from "node:crypto";
import { getDb } from "../db/client";
import { signingKeys } from "../db/schema";
import { newId } from "../ids";

type Purpose = "service" | "dev-idp";
export type KeyRecord = { kid: string; alg: string; privateJwk: JWK; publicJwk: JWK };

const ALG: Record<Purpose, string> = { service: "ES256", "dev-idp": "RS256" };
const cache = new Map<Purpose, KeyRecord[]>();

async function loadKeys(purpose: Purpose): Promise<KeyRecord[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(signingKeys)
    .where(eq(signingKeys.purpose, purpose))
    .orderBy(asc(signingKeys.createdAt));
  return rows.map((r) => ({
    kid: r.kid,
    alg: ALG[purpose],
    privateJwk: r.privateJwk as JWK,
    publicJwk: r.publicJwk as JWK,
  }));
}

async function createKey(purpose: Purpose) {
  const alg = ALG[purpose];
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const kid = newId();
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg, use: "sig" };
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: "sig" };
  const db = await getDb();
  await db.insert(signingKeys).values({ kid, purpose, privateJwk, publicJwk });
}

/** All keys of a purpose, oldest first; creates the first one on demand. */
export async function keysFor(purpose: Purpose, { refresh = false } = {}): Promise<KeyRecord[]> {
  let keys = refresh ? undefined : cache.get(purpose);
  if (!keys?.length) {
    keys = await loadKeys(purpose);
    if (!keys.length) {
      await createKey(purpose);
      keys = await loadKeys(purpose);
    }
    cache.set(purpose, keys);
  }
  return keys;
}

export async function currentSigningKey(
  purpose: Purpose,
): Promise<{ kid: string; alg: string; key: CryptoKey; jwk: JWK }> {
  const record = (await keysFor(purpose))[0]!;
  return {
    kid: record.kid,
    alg: record.alg,
    key: (await importJWK(record.privateJwk, record.alg)) as CryptoKey,
    jwk: record.privateJwk,
  };
}

export async function publicJwks(purpose: Purpose) {
  return { keys: (await keysFor(purpose)).map((k) => k.publicJwk) };
}

let sessionSecretKept: string | null = null;

/**
 * A symmetric secret kept in the database, for the browser session in development and sandbox. It never
 * changes once written, so it is read once per process; `refresh` reads it again (a cookie that does not
 * decode: the first secret may have been written by another process at the same moment). A secret this
 * process has just written is not kept until it is read back as the oldest.
 */
export async function storedSessionSecret({ refresh = false } = {}): Promise<string> {
  if (sessionSecretKept && !refresh) return sessionSecretKept;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(signingKeys)
    .where(eq(signingKeys.purpose, "session"))
    .orderBy(asc(signingKeys.createdAt))
    .limit(1);
  if (row) return (sessionSecretKept = String(row.privateJwk.k));
  const k = randomBytes(32).toString("base64url");
  const jwk = { kty: "oct", k };
  await db.insert(signingKeys).values({ kid: newId(), purpose: "session", privateJwk: jwk, publicJwk: {} });
  return storedSessionSecret({ refresh: true });
}
