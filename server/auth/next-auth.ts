import "server-only";
import type { NextAuthOptions } from "next-auth";
import type { OAuthConfig } from "next-auth/providers/oauth";
import { devIdpIssuer, env, usesDevIdentityProvider } from "../env";
import { headers } from "next/headers";
import { negotiateLocale } from "@/i18n/locales";
import { upsertUser } from "../users/upsert-user";
import { DEV_CLIENT_SECRET } from "./dev-idp";
import { DEV_CLIENT_ID } from "./dev-token";
import { sessionSecret } from "./session-secret";
import { SESSION_SECONDS, currentSessionUserId, endSession, startSession } from "./sessions";

declare module "next-auth" {
  interface Session {
    /** Our user id (users.id), not the identity provider's subject. */
    userId?: string;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    /** Our user id; server/auth/authenticate.ts reads this claim from the session cookie. */
    userId?: string;
    /** The sign-in's record in `sessions`: the cookie works only while it is current (server/auth/sessions.ts). */
    sessionId?: string;
  }
}

type OidcProfile = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
};

/** The one identity provider people sign in with: the configured issuer, or the development one. */
export function identityProvider(): { issuer: string; development: boolean; label: string } {
  const issuer = env().OIDC_ISSUER;
  if (issuer) return { issuer, development: false, label: new URL(issuer).host };
  if (!usesDevIdentityProvider())
    throw new Error("Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET to let people sign in.");
  return { issuer: devIdpIssuer(), development: true, label: "Development identity provider" };
}

const wellKnownOf = (issuer: string) => `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;

function oidcProvider(): OAuthConfig<OidcProfile> {
  const { issuer, development, label } = identityProvider();
  return {
    id: "oidc",
    name: label,
    type: "oauth",
    wellKnown: wellKnownOf(issuer),
    clientId: development ? DEV_CLIENT_ID : env().OIDC_CLIENT_ID,
    clientSecret: development ? DEV_CLIENT_SECRET : env().OIDC_CLIENT_SECRET,
    // The development provider always asks who you are, so that one can switch between demo people.
    authorization: { params: { scope: "openid email profile", ...(development ? { prompt: "login" } : {}) } },
    idToken: true,
    checks: ["pkce", "state"],
    profile: (profile) => ({
      id: profile.sub,
      name: profile.name ?? profile.preferred_username ?? profile.email ?? profile.sub,
      email: profile.email ?? null,
    }),
  };
}

/**
 * next-auth for the console: one OIDC provider, JWT sessions whose `userId` is our user. Built per
 * request because the session secret may live in the database.
 */
export async function authOptions(): Promise<NextAuthOptions> {
  // next-auth 4 takes its own origin from NEXTAUTH_URL; the service's canonical origin is PUBLIC_URL.
  // eslint-disable-next-line no-restricted-properties -- handed to the library, which reads it there
  process.env.NEXTAUTH_URL = env().NEXTAUTH_URL ?? env().PUBLIC_URL;
  const { issuer } = identityProvider();
  return {
    secret: await sessionSecret(),
    providers: [oidcProvider()],
    session: { strategy: "jwt", maxAge: SESSION_SECONDS },
    pages: { signIn: "/signin", error: "/signin" },
    callbacks: {
      async jwt({ token, account, profile }) {
        if (account && profile) {
          const claims = profile as OidcProfile;
          const email = claims.email ?? token.email;
          if (!email) throw new Error("The identity provider sent no email address.");
          // A person seen for the first time starts in the language of the browser they signed in with.
          const culture = await headers().then(
            (h) => negotiateLocale(h.get("accept-language")),
            () => undefined,
          );
          const user = await upsertUser(
            {
              issuer,
              subject: claims.sub ?? account.providerAccountId,
              email,
              name: claims.name ?? token.name,
              emailVerified: claims.email_verified === true,
            },
            { culture },
          );
          token.userId = user.id;
          token.sessionId = await startSession(user.id);
          token.name = user.name;
          token.email = user.email;
        }
        return token;
      },
      async session({ session, token }) {
        // A signed-out or expired sign-in is no session, whatever the cookie's own expiry says.
        session.userId = (await currentSessionUserId(token)) ?? undefined;
        return session;
      },
    },
    events: {
      /** Ends the sign-in on the server: the cookie, if kept anywhere, no longer authenticates. */
      async signOut({ token }) {
        await endSession(token);
      },
    },
  };
}
