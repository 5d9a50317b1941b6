import "server-only";
import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, jwtVerify, type JWTVerifyGetKey } from "jose";
import { devIdpIssuer, env, usesDevIdentityProvider } from "../env";
import { Unauthenticated } from "../errors";
import type { TenantAccess } from "../context";
import { users } from "../db/schema";
import { assertUsableClaims, upsertUser, userHoldsClaims, type IdentityClaims } from "../users/upsert-user";
import { personOfIdentityWithAccess } from "./access";
import { keysFor } from "./keys";
import { VerifiedTokens } from "./verified-tokens";

const remoteKeySets = new Map<string, JWTVerifyGetKey>();

/** The development provider's key set, kept while its list of keys is the same object (jose imports each key once per set). */
const devKeySets = new WeakMap<object, JWTVerifyGetKey>();

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
    const keys = await keysFor("dev-idp");
    let set = devKeySets.get(keys);
    if (!set) {
      set = createLocalJWKSet({ keys: keys.map((k) => k.publicJwk) });
      devKeySets.set(keys, set);
    }
    return set;
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

/**
 * A bearer token of the configured issuer: the person is found by issuer + subject, created on first sight,
 * and written again only when the token's email, name or verification differ from the row. With a
 * tenant, their membership of it is read in the same query (`access`; undefined when the row was written,
 * and server/auth/access.ts decides it).
 */
export async function verifyPersonToken(
  token: string,
  issuer: string,
  tenantId: string | null = null,
): Promise<{ user: typeof users.$inferSelect; access?: TenantAccess | null }> {
  const identity = await identityOfToken(token, issuer);
  const found = await personOfIdentityWithAccess(identity.issuer, identity.subject, tenantId);
  if (found && userHoldsClaims(found.user, identity)) return found;
  return { user: await upsertUser(identity) };
}

type Identity = IdentityClaims & { exp: number | undefined };

/** People's tokens already checked: their signature once per token (as the service's own, server/auth/system-users.ts). */
const verified = new VerifiedTokens<Identity>();

/** The person a valid, unexpired token of a trusted issuer names; Unauthenticated otherwise. */
async function identityOfToken(token: string, issuer: string): Promise<Identity> {
  const known = verified.claimsOf(token);
  if (known === "expired") throw new Unauthenticated("The token is invalid or expired.", "auth.invalid_token");
  if (known && known.issuer === issuer) return known;
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
  const identity = {
    issuer,
    subject: claims.sub,
    email,
    name: typeof claims.name === "string" ? claims.name : null,
    emailVerified: claims.email_verified === true,
  };
  assertUsableClaims(identity);
  const kept = { ...identity, exp: claims.exp };
  verified.keep(token, kept);
  return kept;
}
