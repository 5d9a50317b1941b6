import "server-only";
import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, jwtVerify, type JWTVerifyGetKey } from "jose";
import { devIdpIssuer, env, usesDevIdentityProvider } from "../env";
import { Unauthenticated } from "../errors";
import { upsertUser } from "../users/upsert-user";
import { keysFor } from "./keys";

const remoteKeySets = new Map<string, JWTVerifyGetKey>();

async function remoteKeySet(issuer: string): Promise<JWTVerifyGetKey> {
  let set = remoteKeySets.get(issuer);
  if (!set) {
    const response = await fetch(`${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`);
    if (!response.ok) throw new Unauthenticated("The identity provider cannot be reached.", "auth.issuer_unavailable");
    const { jwks_uri } = (await response.json()) as { jwks_uri: string };
    set = createRemoteJWKSet(new URL(jwks_uri));
    remoteKeySets.set(issuer, set);
  }
  return set;
}

/** Issuers whose access tokens identify people, with the keys to check them against. */
async function keySetOf(issuer: string): Promise<JWTVerifyGetKey | null> {
  if (usesDevIdentityProvider() && issuer === devIdpIssuer()) {
    return createLocalJWKSet({ keys: (await keysFor("dev-idp")).map((k) => k.publicJwk) });
  }
  const configured = env().OIDC_ISSUER;
  if (configured && issuer === configured) return remoteKeySet(configured);
  return null;
}

export function issuerOf(token: string): string | null {
  try {
    return decodeJwt(token).iss ?? null;
  } catch {
    return null;
  }
}

export async function isPersonIssuer(issuer: string) {
  return (await keySetOf(issuer)) !== null;
}

/** A bearer token of the configured issuer: the person is found (or created) by issuer + subject. */
export async function verifyPersonToken(token: string, issuer: string) {
  const keySet = await keySetOf(issuer);
  if (!keySet) throw new Unauthenticated("The token's issuer is not trusted.", "auth.invalid_token");
  let claims;
  try {
    claims = (await jwtVerify(token, keySet, { issuer })).payload;
  } catch {
    throw new Unauthenticated("The token is invalid or expired.", "auth.invalid_token");
  }
  const email = typeof claims.email === "string" ? claims.email : null;
  if (!claims.sub || !email) throw new Unauthenticated("The token carries no subject or email.", "auth.invalid_token");
  return upsertUser({
    issuer,
    subject: claims.sub,
    email,
    name: typeof claims.name === "string" ? claims.name : null,
    emailVerified: claims.email_verified === true,
  });
}
