import "server-only";
import { SignJWT } from "jose";
import { demoPersonOf } from "./dev-people";
import { devIdpIssuer, env, usesDevIdentityProvider } from "../env";
import { NotFound } from "../errors";
import { newId } from "../ids";
import { currentSigningKey } from "./keys";
import { callerAddress, countAttempt } from "./rate-limit";

export const DEV_CLIENT_ID = "payroll-console";

/** The development identity provider's account id for an address: the address itself, lower-cased. */
export const devSubjectOf = (email: string) => email.trim().toLowerCase();

/**
 * A bearer token for any address, signed with the development identity provider's key, as if that
 * person had signed in there. Development and sandbox only; rate-limited per person and per address.
 */
export async function issueDevToken(input: { email: string; name?: string }, request?: Request) {
  if (!usesDevIdentityProvider()) throw new NotFound("route", "route.not_found");
  const email = devSubjectOf(input.email);
  const address = request ? callerAddress(request) : null;
  await countAttempt(
    [
      { rule: "devTokensPerPerson", value: email },
      ...(address ? [{ rule: "devTokensPerAddress" as const, value: address }] : []),
    ],
    { refuseOverLimit: true },
  );
  const { key, kid, alg } = await currentSigningKey("dev-idp");
  const expiresIn = env().TOKEN_TTL_SECONDS;
  const token = await new SignJWT({
    email,
    email_verified: true,
    name: input.name ?? demoPersonOf(email)?.name ?? email.split("@")[0],
  })
    .setProtectedHeader({ alg, kid, typ: "JWT" })
    .setIssuer(devIdpIssuer())
    .setAudience(DEV_CLIENT_ID)
    .setSubject(email)
    .setIssuedAt()
    .setJti(newId())
    .setExpirationTime(`${expiresIn}s`)
    .sign(key);
  return { access_token: token, token_type: "Bearer" as const, expires_in: expiresIn };
}
