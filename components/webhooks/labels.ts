/** The webhooks API of contract section 9, as the console uses it (the console calls /api, like any client). */
import { ApiProblem } from "@/components/forms/api";

export const WEBHOOK_EVENTS = [
  "CaseChangeAdded",
  "PayoutCreated",
  "PayoutCancellationRequested",
  "TaskChanged",
  "PayrunPeriodClosed",
  "PayrunPeriodFinalized",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** As GET /tenants/{tenantId}/webhooks/{webhookId} answers (server/webhooks/schemas.ts). */
export type Webhook = {
  id: string;
  payloadUrl: string;
  events: string[];
  /** CaseChangeAdded only for these case names; null: every case. */
  caseNames: string[] | null;
  payloadMetadata: Record<string, unknown>;
  active: boolean;
  /** Why the service switched it off (the receiver answered 410); null otherwise. */
  deactivatedReason: string | null;
  /** The secret's last 4 characters (the secret itself is never returned). */
  secretHint: string;
  createdAt: string;
  updatedAt: string;
};

/** The answer of POST .../webhooks/{webhookId}/replay (202). */
export type ReplayAccepted = { count: number };

export const MESSAGE_STATUSES = ["pending", "delivered", "failed"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export type WebhookMessage = {
  id: string;
  eventType: string;
  correlationId: string;
  payload: unknown;
  attempt: number;
  status: MessageStatus;
  sentAt: string | null;
  durationMs: number | null;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  nextAttemptAt: string | null;
};

export const MESSAGE_STATUS_TONE: Record<MessageStatus, string> = {
  pending: "border-amber-300 bg-amber-50 text-amber-900",
  delivered: "border-emerald-300 bg-emerald-50 text-emerald-900",
  failed: "border-red-300 bg-red-50 text-red-900",
};

/** Queries are retried only when the service could not answer (network, 5xx); a 4xx will not change. */
export const retryUnanswered = (failures: number, error: unknown) =>
  failures < 2 && (!(error instanceof ApiProblem) || error.status === 0 || error.status >= 500);

export type Page<T> = { items: T[]; nextCursor: string | null };

export const webhooksPath = (orgId: string) => `/tenants/${orgId}/webhooks`;
export const webhookPath = (orgId: string, webhookId: string) => `${webhooksPath(orgId)}/${webhookId}`;

/** A strong secret made in the browser: 32 random bytes as base64url (43 characters). */
export function generateSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** caseNames as typed (comma, space or line separated) as a list without repeats. */
export function parseCaseNames(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}
