import { operation } from "../http/operation";
import { DevTokenRequest, Jwks, TokenRequest, TokenResponse } from "./schemas";

export const issueToken = operation({
  method: "POST",
  path: "/oauth/token",
  /** Issues a token; repeating it is harmless and a replayed token would be stale. */
  idempotent: false,
  tag: "Authentication",
  summary: "Get a system user's access token",
  description:
    "Client-credentials token for a system user (form, JSON or HTTP Basic). Failed attempts are rate-limited per client id and per address: over the limit, 429 with Retry-After (seconds).",
  allow: "public",
  body: TokenRequest,
  form: true,
  response: TokenResponse,
  problems: {
    401: ["auth.invalid_client", "auth.invalid_token"],
    422: ["auth.credentials_missing"],
    429: ["auth.rate_limited"],
  },
});

export const getJwks = operation({
  method: "GET",
  path: "/.well-known/jwks.json",
  tag: "Authentication",
  summary: "Public keys that sign the service's tokens",
  allow: "public",
  response: Jwks,
  problems: { 401: ["auth.invalid_token"] },
});

export const issueDevToken = operation({
  method: "POST",
  path: "/dev/token",
  /** Issues a token; repeating it is harmless and a replayed token would be stale. */
  idempotent: false,
  tag: "Authentication",
  summary: "Get a demo person's bearer token",
  description:
    "A demo person's bearer token (development and sandbox only; 404 in production). Rate-limited per person and per address: 429 with Retry-After (seconds).",
  allow: "public",
  body: DevTokenRequest,
  response: TokenResponse,
  problems: { 401: ["auth.invalid_token"], 404: ["route.not_found"], 429: ["auth.rate_limited"] },
});
