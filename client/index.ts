/**
 * The typed client of the payroll service's API for a client backend (Node.js 20.20+).
 *
 * client/schema.d.ts is generated from the OpenAPI document (`npm run client:generate`); this file is
 * written by hand: the token of a system user by client credentials, renewed before it expires, an
 * Idempotency-Key on every payout and period close, and the verification of webhook deliveries.
 *
 *   const payroll = createPayrollClient({ baseUrl: "http://localhost:3000", clientId, clientSecret });
 *   const { data, error } = await payroll.GET("/tenants");
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./schema";

export type { components, paths, operations, webhooks } from "./schema";
export type Schemas = components["schemas"];
export type Problem = Schemas["Problem"];
/** Every payload a webhook delivers, told apart by `$type` (e.g. "WebhookPayloadPayoutCreated"). */
export type WebhookPayload = Schemas[Extract<keyof Schemas, `WebhookPayload${string}`>];

export type PayrollClientOptions = {
  /** Where the service runs, e.g. "http://localhost:3000" (the client adds "/api"). */
  baseUrl: string;
  /** The system user's credentials (`npm run system-user -- create --name NAME --json`). */
  clientId: string;
  clientSecret: string;
  /** Renew the token this many seconds before it expires (at most a tenth of its lifetime). Default 60. */
  refreshBeforeExpirySeconds?: number;
  /** How often a payout, a close or a GET is tried again after a network error, 409 idempotency.in_progress, 429 or 5xx. Default 2. */
  retries?: number;
  /** Another fetch (for tests or a proxy). */
  fetch?: typeof globalThis.fetch;
};

/**
 * The answers' types are taken from their JSON media types (application/json, application/problem+json):
 * a payout's 201 is also available as pain.001 XML, a document as PDF, but only on request
 * (`headers: { accept: "application/xml" }` or `parseAs: "arrayBuffer"` / `"text"`).
 */
export type JsonMedia = `${string}/${string}json`;

export type PayrollClient = Client<paths, JsonMedia> & {
  /** The current access token (fetched or renewed as needed). */
  accessToken(): Promise<string>;
};

/** A refused token request: the service's problem details. */
export class TokenError extends Error {
  constructor(
    readonly status: number,
    readonly problem: unknown,
  ) {
    super(
      `POST /api/oauth/token answered ${status}${problem && typeof problem === "object" && "code" in problem ? ` (${String(problem.code)})` : ""}`,
    );
    this.name = "TokenError";
  }
}

/** POST paths whose calls carry an Idempotency-Key: payouts and the close of a period. */
const IDEMPOTENT_POSTS = [/\/payrunperiods\/[^/]+\/payouts$/, /\/payrunperiods\/[^/]+\/close$/];

type Token = { value: string; renewAt: number };

export function createPayrollClient(options: PayrollClientOptions): PayrollClient {
  const origin = options.baseUrl.replace(/\/+$/, "");
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const retries = options.retries ?? 2;
  const margin = options.refreshBeforeExpirySeconds ?? 60;
  let token: Token | null = null;
  let pending: Promise<Token> | null = null;

  async function requestToken(): Promise<Token> {
    const requested = Date.now();
    const response = await fetchImpl(`${origin}/api/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: options.clientId,
        client_secret: options.clientSecret,
      }),
    });
    const body = (await response.json().catch(() => null)) as Schemas["TokenResponse"] | null;
    if (!response.ok || !body?.access_token) throw new TokenError(response.status, body);
    const lifetime = body.expires_in * 1000;
    return { value: body.access_token, renewAt: requested + lifetime - Math.min(margin * 1000, lifetime / 10) };
  }

  /** One token request at a time; callers share it. */
  async function accessToken(renew = false): Promise<string> {
    if (!renew && token && Date.now() < token.renewAt) return token.value;
    pending ??= requestToken().finally(() => {
      pending = null;
    });
    token = await pending;
    return token.value;
  }

  async function send(request: Request): Promise<Response> {
    const headers = new Headers(request.headers);
    const path = new URL(request.url).pathname;
    const keyed = request.method === "POST" && IDEMPOTENT_POSTS.some((pattern) => pattern.test(path));
    if (keyed && !headers.has("idempotency-key")) headers.set("idempotency-key", randomUUID());
    const repeatable = keyed || request.method === "GET";
    const body = request.body ? await request.arrayBuffer() : undefined;
    let renewed = false;
    for (let attempt = 0; ; attempt++) {
      headers.set("authorization", `Bearer ${await accessToken()}`);
      let response: Response;
      try {
        // The same headers on every attempt: a retry repeats the Idempotency-Key, so the service answers it once.
        response = await fetchImpl(request.url, { method: request.method, headers, body, signal: request.signal });
      } catch (error) {
        if (!repeatable || attempt >= retries || request.signal.aborted) throw error;
        await pause(attempt, null);
        continue;
      }
      if (response.status === 401 && !renewed) {
        // Revoked or expired early: one new token, then the same request again.
        renewed = true;
        await response.body?.cancel();
        await accessToken(true);
        attempt--;
        continue;
      }
      if (repeatable && attempt < retries && (await worthRetrying(response))) {
        await response.body?.cancel();
        await pause(attempt, response.headers.get("retry-after"));
        continue;
      }
      return response;
    }
  }

  const client = createClient<paths, JsonMedia>({ baseUrl: `${origin}/api`, fetch: send }) as PayrollClient;
  client.accessToken = () => accessToken();
  return client;
}

async function worthRetrying(response: Response): Promise<boolean> {
  if (response.status === 429 || response.status >= 500) return true;
  if (response.status !== 409) return false;
  const problem = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  return problem?.code === "idempotency.in_progress";
}

function pause(attempt: number, retryAfter: string | null): Promise<void> {
  const seconds = retryAfter !== null && /^\d+$/.test(retryAfter) ? Number(retryAfter) : null;
  const ms = seconds !== null ? Math.min(seconds * 1000, 30_000) : 250 * 2 ** attempt;
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// ---------------------------------------------------------------------------------------------
// Webhooks (contract section 9): each delivery carries two HMAC-SHA256 signatures keyed with the
// secret's UTF-8 bytes: `X-Service-Signature: sha256=<hex of the raw body>` and the Standard
// Webhooks headers webhook-id, webhook-timestamp (Unix seconds) and
// webhook-signature (`v1,<base64 of "id.timestamp.body">`).

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export type VerifyWebhookInput = {
  /** The webhook's secret, as given when it was registered. */
  secret: string;
  /** The request's headers (a fetch Headers, or Node's IncomingHttpHeaders). */
  headers: WebhookHeaders;
  /** The raw body, exactly as received (verify before parsing). */
  body: string | Uint8Array;
  /** Deliveries whose webhook-timestamp is further than this from now are refused. Default 300 (5 minutes). */
  toleranceSeconds?: number;
  /** Now, in milliseconds (for tests). */
  now?: number;
};

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

function header(headers: WebhookHeaders, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

function rawBody(body: string | Uint8Array): Buffer {
  return typeof body === "string" ? Buffer.from(body, "utf8") : Buffer.from(body);
}

function hmac(secret: string, ...parts: (string | Buffer)[]) {
  const mac = createHmac("sha256", Buffer.from(secret, "utf8"));
  for (const part of parts) mac.update(part);
  return mac.digest();
}

function sameBytes(a: Buffer, b: Buffer) {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** True when `X-Service-Signature` is the HMAC of this body (no timestamp: it does not protect against replays). */
export function verifyServiceSignature({
  secret,
  headers,
  body,
}: Pick<VerifyWebhookInput, "secret" | "headers" | "body">): boolean {
  const signature = header(headers, "x-service-signature");
  const match = signature ? /^sha256=([0-9a-f]{64})$/i.exec(signature.trim()) : null;
  return match !== null && sameBytes(hmac(secret, rawBody(body)), Buffer.from(match[1]!, "hex"));
}

/** True when the Standard Webhooks signature matches and webhook-timestamp lies within the tolerance of now. */
export function verifyStandardSignature({
  secret,
  headers,
  body,
  toleranceSeconds = 300,
  now = Date.now(),
}: VerifyWebhookInput): boolean {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const expected = hmac(secret, `${id}.${timestamp}.`, rawBody(body));
  // The header may list several space-separated signatures (e.g. during a secret rotation).
  return signatures.split(" ").some((entry) => {
    const [version, value] = entry.split(",", 2);
    return version === "v1" && value !== undefined && sameBytes(expected, Buffer.from(value, "base64"));
  });
}

/**
 * Verifies a delivery (both signatures, and a webhook-timestamp no further than 5 minutes from now)
 * and returns its parsed payload; throws WebhookVerificationError otherwise. Answer 2xx quickly and
 * deduplicate by `webhook-id` (the correlationId): deliveries come at least once.
 */
export function verifyWebhook(input: VerifyWebhookInput): WebhookPayload {
  if (!verifyServiceSignature(input))
    throw new WebhookVerificationError("X-Service-Signature is missing or does not match the body.");
  if (!verifyStandardSignature(input))
    throw new WebhookVerificationError(
      "webhook-signature is missing or does not match, or webhook-timestamp is too old.",
    );
  return JSON.parse(rawBody(input.body).toString("utf8")) as WebhookPayload;
}
