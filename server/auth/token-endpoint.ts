import "server-only";
import { Invalid, Unauthenticated } from "../errors";
import { textProblem } from "../http/text";
import type { TokenRequest } from "./schemas";
import { assertNotLimited, callerAddress, countAttempt, type RateLimitHit } from "./rate-limit";
import { issueSystemUserToken, verifyClientCredentials } from "./system-users";

const invalidClient = () => new Unauthenticated("Unknown client or wrong secret.", "auth.invalid_client");

/** RFC 6749 2.3.1: client id and secret are form-urlencoded before Basic; credentials that do not decode are wrong credentials. */
function formDecoded(value: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    throw invalidClient();
  }
  // The same text rule as every body field: no client id or secret holds control characters.
  if (textProblem(decoded, { singleLine: true })) throw invalidClient();
  return decoded;
}

function basicCredentials(authorization: string | null) {
  const match = authorization && /^Basic\s+(\S+)$/i.exec(authorization);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return { clientId: formDecoded(decoded.slice(0, colon)), clientSecret: formDecoded(decoded.slice(colon + 1)) };
}

/**
 * OAuth 2.0 client credentials, from HTTP Basic or the body (form or JSON). Wrong credentials count
 * against the client id and the caller's address; over the limit, every attempt is refused (429),
 * the right secret too, until the window ends. A successful request costs one read.
 */
export async function clientCredentialsToken(request: Request, body: TokenRequest) {
  const address = callerAddress(request);
  const byAddress: RateLimitHit[] = address ? [{ rule: "tokenFailuresPerAddress", value: address }] : [];
  let credentials;
  try {
    credentials = basicCredentials(request.headers.get("authorization"));
  } catch (error) {
    await assertNotLimited(byAddress);
    await countAttempt(byAddress, { refuseOverLimit: false });
    throw error;
  }
  credentials ??=
    body.client_id && body.client_secret ? { clientId: body.client_id, clientSecret: body.client_secret } : null;
  if (!credentials)
    throw Invalid.field(
      "client_id",
      "Send client_id and client_secret (in the body or as HTTP Basic).",
      "auth.credentials_missing",
    );
  const hits: RateLimitHit[] = [{ rule: "tokenFailuresPerClient", value: credentials.clientId }, ...byAddress];
  await assertNotLimited(hits);
  const systemUser = await verifyClientCredentials(credentials.clientId, credentials.clientSecret);
  if (!systemUser) {
    await countAttempt(hits, { refuseOverLimit: false });
    throw invalidClient();
  }
  return issueSystemUserToken(systemUser);
}
