import { createHmac } from "node:crypto";

/**
 * The two signatures of a delivery (contract section 9), both HMAC-SHA256 keyed with the secret's
 * UTF-8 bytes: the interface's `X-Service-Signature: sha256=<hex of the body>`, and the Standard
 * Webhooks `webhook-signature: v1,<base64 of "id.timestamp.body">`, whose timestamp lets a receiver
 * refuse a replayed request. (A Standard Webhooks library is given the base64 of the secret.)
 */
export function serviceSignature(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", Buffer.from(secret, "utf8")).update(body, "utf8").digest("hex")}`;
}

export function standardSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  return `v1,${createHmac("sha256", Buffer.from(secret, "utf8")).update(`${id}.${timestampSeconds}.${body}`, "utf8").digest("base64")}`;
}

export function signedHeaders(
  secret: string,
  correlationId: string,
  body: string,
  now = new Date(),
): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    "content-type": "application/json",
    "x-service-signature": serviceSignature(secret, body),
    "webhook-id": correlationId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": standardSignature(secret, correlationId, timestamp, body),
  };
}
