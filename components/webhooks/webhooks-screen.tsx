"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { apiRequest } from "@/components/forms/api";
import { DateField } from "@/components/forms/date-field";
import { useProblems } from "@/components/forms/use-problems";
import { parseDateTimeInput } from "@/components/format/swiss";
import { useFormat } from "@/components/format/use-format";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { retryUnanswered, webhookPath, webhooksPath, type Page, type ReplayAccepted, type Webhook } from "./labels";
import { CopyField } from "@/components/ui/copy-field";
import { WebhookForm } from "./webhook-form";
import { messagesKey, WebhookMessages } from "./webhook-messages";

type Editing = { webhook: Webhook | null; etag: string | null };

/** "2026-03-01T08:00" (31.01.2026 08:00 as typed) as an ISO instant (the browser's time zone). */
const localToIso = (local: string) => new Date(local).toISOString();

/**
 * The tenant's webhooks (Administrators): list, create and edit with the event picker, the secret
 * shown once, the delivery log with redeliver, a replay of past events and a test event. Everything
 * goes through the documented API (contract section 9).
 */
export function WebhooksScreen({ orgId }: { orgId: string }) {
  const t = useTranslations("webhooks.screen");
  const problems = useProblems();
  const tDate = useTranslations("forms.date");
  const tForm = useTranslations("webhooks.form");
  const tLog = useTranslations("webhooks.log");
  const format = useFormat();
  const queryClient = useQueryClient();
  const listKey = ["webhooks", orgId] as const;
  const list = useQuery({
    queryKey: listKey,
    retry: retryUnanswered,
    queryFn: async () => {
      const items: Webhook[] = [];
      let cursor: string | null = null;
      do {
        const q: string = cursor ? `?limit=500&cursor=${encodeURIComponent(cursor)}` : "?limit=500";
        const page: Page<Webhook> = (await apiRequest<Page<Webhook>>(`${webhooksPath(orgId)}${q}`)).data;
        items.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      return items;
    },
  });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [shownSecret, setShownSecret] = useState<{ webhook: Webhook; secret: string } | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [notice, setNotice] = useState<{ webhookId: string; tone: "success" | "error"; text: string } | null>(null);
  const [since, setSince] = useState<Record<string, string>>({});
  const [sinceRefused, setSinceRefused] = useState<Record<string, boolean>>({});

  const startEdit = useMutation({
    // The current version and its ETag, so that a concurrent change is not overwritten (412).
    mutationFn: async (id: string) => apiRequest<Webhook>(webhookPath(orgId, id)),
    onSuccess: ({ data, etag }) => {
      setShownSecret(null);
      setEditing({ webhook: data, etag });
    },
    onError: (error, id) => setNotice({ webhookId: id, tone: "error", text: problems.message(error) }),
  });
  const remove = useMutation({
    mutationFn: (w: Webhook) => apiRequest<unknown>(webhookPath(orgId, w.id), { method: "DELETE" }),
    onSuccess: () => {
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
    onError: (error, w) => {
      setDeleting(null);
      setNotice({ webhookId: w.id, tone: "error", text: problems.message(error) });
    },
  });
  const test = useMutation({
    // 202 with the new message (pending): the log follows it until it is delivered or failed.
    mutationFn: (w: Webhook) => apiRequest<unknown>(`${webhookPath(orgId, w.id)}/test`, { method: "POST" }),
    onSuccess: (_, w) => {
      setNotice({ webhookId: w.id, tone: "success", text: t("testSent") });
      setOpen(w.id);
      void queryClient.invalidateQueries({ queryKey: messagesKey(orgId, w.id) });
    },
    onError: (error, w) => setNotice({ webhookId: w.id, tone: "error", text: problems.message(error) }),
  });
  const replay = useMutation({
    mutationFn: ({ webhook, sinceIso }: { webhook: Webhook; sinceIso: string }) =>
      apiRequest<ReplayAccepted>(`${webhookPath(orgId, webhook.id)}/replay`, {
        method: "POST",
        body: { since: sinceIso },
      }),
    onSuccess: ({ data }, { webhook, sinceIso }) => {
      const since = format.instant(sinceIso);
      const text = data.count === 0 ? t("replayNone", { since }) : t("replayCount", { count: data.count, since });
      setNotice({ webhookId: webhook.id, tone: "success", text });
      setOpen(webhook.id);
      void queryClient.invalidateQueries({ queryKey: messagesKey(orgId, webhook.id) });
    },
    onError: (error, { webhook }) => setNotice({ webhookId: webhook.id, tone: "error", text: problems.message(error) }),
  });

  if (editing) {
    return (
      <Card title={editing.webhook ? tForm("edit") : tForm("new")}>
        <WebhookForm
          orgId={orgId}
          webhook={editing.webhook}
          etag={editing.etag}
          onCancel={() => setEditing(null)}
          onSaved={(saved, secret) => {
            setEditing(null);
            if (secret) setShownSecret({ webhook: saved, secret });
            void queryClient.invalidateQueries({ queryKey: listKey });
          }}
        />
      </Card>
    );
  }

  return (
    <div className="space-y-4">
      {shownSecret ? (
        <Alert tone="success" title={t("secretTitle")}>
          <p className="mb-2 break-all">{t("secretFor", { url: shownSecret.webhook.payloadUrl })}</p>
          <p className="mb-2">{t("copyNow")}</p>
          <CopyField value={shownSecret.secret} label={t("secretTitle")} testId="webhook-secret" />
          <Button variant="ghost" className="mt-2 px-2 py-1 text-xs" onClick={() => setShownSecret(null)}>
            {t("copiedIt")}
          </Button>
        </Alert>
      ) : null}
      <div className="flex justify-end">
        <Button onClick={() => setEditing({ webhook: null, etag: null })}>{t("new")}</Button>
      </div>
      {list.isError ? <Alert tone="error">{problems.message(list.error)}</Alert> : null}
      {list.isPending ? <p className="text-sm text-slate-600">{t("loading")}</p> : null}
      {list.data && !list.data.length ? <p className="text-sm text-slate-600">{t("empty")}</p> : null}
      {list.data?.map((w) => (
        <Card key={w.id}>
          <div data-testid="webhook" data-webhook-id={w.id} data-active={w.active} className="space-y-3">
            <div>
              <h2 className="break-all text-base font-semibold text-slate-900">{w.payloadUrl}</h2>
              <p className="mt-1 text-sm text-slate-600" data-testid="webhook-summary">
                <span className={w.active ? "text-emerald-800" : "font-medium text-amber-900"}>
                  {w.active ? t("active") : t("inactive")}
                </span>{" "}
                · {w.events.join(", ")}
                {w.caseNames?.length ? ` · ${t("onlyCases", { names: w.caseNames.join(", ") })}` : ""}
              </p>
            </div>
            {!w.active ? (
              <Alert tone="warning">
                {w.deactivatedReason ? t("deactivatedBy", { reason: w.deactivatedReason }) : t("deactivated")}{" "}
                {t("nothingSent")}
              </Alert>
            ) : null}
            <p className="text-xs text-slate-600">
              {t("secretLine", {
                hint: w.secretHint,
                created: format.instant(w.createdAt),
                changed: format.instant(w.updatedAt),
              })}
            </p>
            <div className="flex flex-wrap items-end gap-2">
              <Button
                variant="secondary"
                className="px-2.5 py-1"
                disabled={startEdit.isPending}
                onClick={() => startEdit.mutate(w.id)}
              >
                {t("edit")}
              </Button>
              <Button
                variant="secondary"
                className="px-2.5 py-1"
                disabled={test.isPending || !w.active}
                title={w.active ? undefined : tLog("inactive")}
                onClick={() => test.mutate(w)}
              >
                {t("sendTest")}
              </Button>
              <Button
                variant="secondary"
                className="px-2.5 py-1"
                aria-expanded={open === w.id}
                onClick={() => setOpen(open === w.id ? null : w.id)}
              >
                {open === w.id ? t("hideLog") : t("log")}
              </Button>
              <Button variant="secondary" className="px-2.5 py-1 text-red-800" onClick={() => setDeleting(w)}>
                {t("delete")}
              </Button>
            </div>
            <form
              className="flex flex-wrap items-end gap-2"
              aria-label={t("replayForm")}
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                const local = parseDateTimeInput(since[w.id] ?? "");
                if (local) replay.mutate({ webhook: w, sinceIso: localToIso(local) });
                else setSinceRefused({ ...sinceRefused, [w.id]: true });
              }}
            >
              <div className="w-56 max-w-full">
                <DateField
                  time
                  label={t("replaySince")}
                  value={since[w.id] ?? ""}
                  onChange={(value) => {
                    setSince({ ...since, [w.id]: value });
                    setSinceRefused({ ...sinceRefused, [w.id]: false });
                  }}
                  error={sinceRefused[w.id] ? tDate("invalidTime") : undefined}
                />
              </div>
              <Button
                type="submit"
                variant="secondary"
                className="px-2.5 py-1"
                disabled={replay.isPending || !w.active}
                title={w.active ? undefined : tLog("inactive")}
              >
                {t("replay")}
              </Button>
            </form>
            {notice?.webhookId === w.id ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
            {open === w.id ? <WebhookMessages orgId={orgId} webhookId={w.id} active={w.active} /> : null}
          </div>
        </Card>
      ))}
      <ConfirmDialog
        open={deleting !== null}
        title={t("deleteTitle")}
        confirmLabel={t("deleteConfirm")}
        pending={remove.isPending}
        onCancel={() => {
          if (!remove.isPending) setDeleting(null);
        }}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
        }}
      >
        <p className="break-all">{t("deleteBody", { url: deleting?.payloadUrl ?? "" })}</p>
      </ConfirmDialog>
    </div>
  );
}
