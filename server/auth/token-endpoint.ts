import "server-only";
import { Invalid, Unauthenticated } from "../errors";
import type { TokenRequest } from "./schemas";
import { issueSystemUserToken, verifyClientCredentials } from "./system-users";

const invalidClient = () => new Unauthenticated("Unknown client or wrong secret.", "auth.invalid_client");

/** RFC 6749 2.3.1: client id and secret are form-urlencoded before Basic; credentials that do not decode are wrong credentials. */
function formDecoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw invalidClient();
  }
}

function basicCredentials(authorization: string | null) {
  const match = authorization && /^Basic\s+(\S+)$/i.exec(authorization);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return { clientId: formDecoded(decoded.slice(0, colon)), clientSecret: formDecoded(decoded.slice(colon + 1)) };
}

/** OAuth 2.0 client credentials, from HTTP Basic or the body (form or JSON). */
export async function clientCredentialsToken(authorization: string | null, body: TokenRequest) {
  const credentials = basicCredentials(authorization) ?? (body.client_id && body.client_secret ? { clientId: body.client_id, clientSecret: body.client_secret } : null);
  if (!credentials) throw Invalid.field("client_id", "Send client_id and client_secret (in the body or as HTTP Basic).", "auth.credentials_missing");
  const systemUser = await verifyClientCredentials(credentials.clientId, credentials.clientSecret);
  if (!systemUser) throw invalidClient();
  return issueSystemUserToken(systemUser);
}
