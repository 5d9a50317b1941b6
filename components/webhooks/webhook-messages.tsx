"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { apiRequest } from "@/components/forms/api";
import { useProblems } from "@/components/forms/use-problems";
import { useFormat } from "@/components/format/use-format";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  MESSAGE_STATUS_TONE,
  MESSAGE_STATUSES,
  retryUnanswered,
  webhookPath,
  type MessageStatus,
  type Page,
  type WebhookMessage,
} from "./labels";

export const messagesKey = (orgId: string, webhookId: string) => ["webhook-messages", orgId, webhookId] as const;

/** How soon a pending attempt is looked at again: while one is due within a minute, every 2 s. */
const POLL_MS = 2_000;
const dueSoon = (m: WebhookMessage) =>
  m.status === "pending" && (m.nextAttemptAt === null || Date.parse(m.nextAttemptAt) - Date.now() < 60_000);

/**
 * The delivery log of one webhook, newest first, with a status filter; a message that was sent can
 * be sent again now (not while the webhook is inactive: the API answers 409 webhook.inactive).
 */
export function WebhookMessages({ orgId, webhookId, active }: { orgId: string; webhookId: string; active: boolean }) {
  const t = useTranslations("webhooks");
  const problems = useProblems();
  const tUi = useTranslations("ui");
  const format = useFormat();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<MessageStatus | "all">("all");
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const base = `${webhookPath(orgId, webhookId)}/messages`;
  const messages = useInfiniteQuery({
    queryKey: [...messagesKey(orgId, webhookId), status],
    retry: retryUnanswered,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const q = new URLSearchParams({ limit: "50" });
      if (status !== "all") q.set("status", status);
      if (pageParam) q.set("cursor", pageParam);
      return (await apiRequest<Page<WebhookMessage>>(`${base}?${q.toString()}`)).data;
    },
    getNextPageParam: (last) => last.nextCursor,
    // Attempts are sent by the service's worker after the request that made them: follow them until they settle.
    refetchInterval: (query) => (query.state.data?.pages.some((p) => p.items.some(dueSoon)) ? POLL_MS : false),
  });
  const redeliver = useMutation({
    mutationFn: (messageId: string) => apiRequest<unknown>(`${base}/${messageId}/redeliver`, { method: "POST" }),
    onSuccess: () => {
      setNotice({ tone: "success", text: t("log.redelivered") });
      void queryClient.invalidateQueries({ queryKey: messagesKey(orgId, webhookId) });
    },
    onError: (error) => setNotice({ tone: "error", text: problems.message(error) }),
  });
  const items = messages.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <nav aria-label={t("log.filter")} className="flex gap-1">
          {(["all", ...MESSAGE_STATUSES] as const).map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={s === status}
              onClick={() => setStatus(s)}
              className={`rounded-md px-2.5 py-1 text-sm font-medium ${s === status ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"}`}
            >
              {t(`statuses.${s}`)}
            </button>
          ))}
        </nav>
        <Button
          variant="ghost"
          className="ml-auto px-2.5 py-1 text-xs"
          onClick={() => void messages.refetch()}
          disabled={messages.isFetching}
        >
          {messages.isFetching ? tUi("loading") : tUi("reload")}
        </Button>
      </div>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {messages.isError ? <Alert tone="error">{problems.message(messages.error)}</Alert> : null}
      {messages.isPending ? <p className="text-sm text-slate-600">{t("log.loadingLog")}</p> : null}
      {!messages.isPending && !items.length && !messages.isError ? (
        <p className="text-sm text-slate-600">{t("log.empty")}</p>
      ) : null}
      {items.length ? (
        <ul className="divide-y divide-slate-100" aria-label={t("log.list")}>
          {items.map((m) => (
            <li
              key={m.id}
              data-testid="webhook-message"
              data-status={m.status}
              data-event-type={m.eventType}
              data-attempt={m.attempt}
              data-correlation-id={m.correlationId}
              className="py-2 text-sm"
            >
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span
                  className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium ${MESSAGE_STATUS_TONE[m.status] ?? ""}`}
                >
                  {t(`statuses.${m.status}`)}
                </span>
                <span className="font-mono text-xs text-slate-900">{m.eventType}</span>
                <span className="text-xs text-slate-600">{t("log.attempt", { attempt: m.attempt })}</span>
                {m.responseStatus !== null ? (
                  <span className="text-xs text-slate-600">HTTP {m.responseStatus}</span>
                ) : null}
                {m.durationMs !== null ? (
                  <span className="text-xs text-slate-600">{t("log.duration", { ms: m.durationMs })}</span>
                ) : null}
                <span className="text-xs text-slate-500">{m.sentAt ? format.instant(m.sentAt) : t("log.notSent")}</span>
                {m.status !== "pending" ? (
                  <Button
                    variant="secondary"
                    className="ml-auto px-2 py-0.5 text-xs"
                    disabled={redeliver.isPending || !active}
                    title={active ? undefined : t("log.inactive")}
                    onClick={() => redeliver.mutate(m.id)}
                  >
                    {t("log.redeliver")}
                  </Button>
                ) : null}
              </div>
              {m.error ? <p className="mt-1 break-words text-xs text-red-800">{m.error}</p> : null}
              {m.nextAttemptAt && m.status === "pending" ? (
                <p className="mt-1 text-xs text-slate-600">
                  {t("log.nextAttempt", { date: format.instant(m.nextAttemptAt) })}
                </p>
              ) : null}
              {/* A failed attempt's nextAttemptAt is when its retry (the next attempt, its own entry) is or was due. */}
              {m.nextAttemptAt && m.status === "failed" ? (
                <p className="mt-1 text-xs text-slate-600">
                  {t("log.retryAs", { attempt: m.attempt + 1, date: format.instant(m.nextAttemptAt) })}
                </p>
              ) : null}
              <details className="mt-1">
                <summary className="cursor-pointer text-xs text-sky-800">{t("log.payloadAndResponse")}</summary>
                <p className="mt-1 break-all text-xs text-slate-500">
                  {t("log.correlationId", { id: m.correlationId })}
                </p>
                <pre className="mt-1 max-h-48 overflow-auto rounded bg-slate-50 p-2 text-xs">
                  {JSON.stringify(m.payload, null, 2)}
                </pre>
                {m.responseBody ? (
                  <pre className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap rounded bg-slate-50 p-2 text-xs">
                    {m.responseBody}
                  </pre>
                ) : null}
              </details>
            </li>
          ))}
        </ul>
      ) : null}
      {messages.hasNextPage ? (
        <Button
          variant="secondary"
          className="px-2.5 py-1 text-xs"
          disabled={messages.isFetchingNextPage}
          onClick={() => void messages.fetchNextPage()}
        >
          {messages.isFetchingNextPage ? tUi("loading") : t("log.older")}
        </Button>
      ) : null}
    </div>
  );
}
