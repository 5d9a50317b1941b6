import "server-only";
import { decode } from "next-auth/jwt";
import type { Caller, TenantAccess } from "../context";
import { Unauthenticated } from "../errors";
import { issuerOf, verifyPersonToken } from "./people";
import { sessionSecret, sessionSecretIsStored } from "./session-secret";
import { currentSessionCondition } from "./sessions";
import { personWithAccess, systemUserWithAccess } from "./access";
import { serviceIssuer, systemUserIdOfToken, verifySystemUserToken } from "./system-users";

const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

function decoded(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** The request's cookies; one whose value is not valid percent-encoding is left out (it is nobody's session). */
function cookiesOf(header: string | null): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of header?.split(";") ?? []) {
    const at = part.indexOf("=");
    const value = at > 0 ? decoded(part.slice(at + 1).trim()) : null;
    if (value !== null) jar.set(part.slice(0, at).trim(), value);
  }
  return jar;
}

/** next-auth splits a large session cookie into name.0, name.1, ... */
function sessionCookie(jar: Map<string, string>): string | null {
  for (const name of SESSION_COOKIES) {
    if (jar.has(name)) return jar.get(name)!;
    const chunks = [...jar.keys()]
      .filter((k) => k.startsWith(`${name}.`))
      .sort((a, b) => Number(a.split(".").pop()) - Number(b.split(".").pop()));
    if (chunks.length) return chunks.map((k) => jar.get(k)).join("");
  }
  return null;
}

/**
 * The caller of a request: a bearer token (system user or person) or a browser session; null when
 * anonymous. A session cookie that is not a valid, current session is no session: the request is
 * anonymous (public operations work, the others answer 401). A bearer token that is not valid is a 401.
 */
export async function authenticate(request: Request): Promise<Caller | null> {
  return (await authenticateFor(request, null)).caller;
}

/** A session cookie's claims; null when it does not decode (with a stored secret, read again once first). */
async function sessionClaims(cookie: string) {
  const claims = await decode({ token: cookie, secret: await sessionSecret() }).catch(() => null);
  if (claims || !sessionSecretIsStored()) return claims;
  return decode({ token: cookie, secret: await sessionSecret({ refresh: true }) }).catch(() => null);
}

/**
 * authenticate, for a request to one tenant: the caller is read together with their access to that
 * tenant, in one query (`access`; null when the tenant is not visible to them): a system user and the
 * tenants it created, a person and their membership. Where that was not possible (a person's row was
 * just written) `access` is undefined and server/auth/access.ts decides it. Both are read anew at every
 * request.
 */
export async function authenticateFor(
  request: Request,
  tenantId: string | null,
): Promise<{ caller: Caller | null; access?: TenantAccess | null }> {
  const authorization = request.headers.get("authorization");
  // HTTP Basic carries client credentials for the token endpoint, not a caller.
  if (authorization && !/^Basic\s/i.test(authorization)) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (!match) throw new Unauthenticated("Use Authorization: Bearer <token>.", "auth.invalid_token");
    const token = match[1]!;
    const issuer = issuerOf(token);
    if (!issuer) throw new Unauthenticated("The token is not a valid JWT.", "auth.invalid_token");
    if (issuer === serviceIssuer()) {
      if (tenantId) {
        const { systemUser, access } = await systemUserWithAccess(await systemUserIdOfToken(token), tenantId);
        if (!systemUser)
          throw new Unauthenticated("The system user of this token no longer exists.", "auth.invalid_token");
        return { caller: { kind: "system", systemUserId: systemUser.id, name: systemUser.name }, access };
      }
      const systemUser = await verifySystemUserToken(token);
      return { caller: { kind: "system", systemUserId: systemUser.id, name: systemUser.name } };
    }
    const { user, access } = await verifyPersonToken(token, issuer, tenantId);
    return { caller: { kind: "person", userId: user.id, email: user.email, name: user.name }, access };
  }
  const session = sessionCookie(cookiesOf(request.headers.get("cookie")));
  if (session) {
    // Only a session recorded on the server and not signed out (server/auth/sessions.ts), read with its user.
    const current = currentSessionCondition(await sessionClaims(session));
    const found = current ? await personWithAccess(current, tenantId, { session: true }) : null;
    if (found)
      return {
        caller: { kind: "person", userId: found.user.id, email: found.user.email, name: found.user.name },
        access: found.access,
      };
  }
  return { caller: null };
}
