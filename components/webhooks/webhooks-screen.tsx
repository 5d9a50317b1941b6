"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiRequest } from "@/components/forms/api";
import { problemMessage } from "@/components/forms/problem";
import { formatInstant } from "@/components/periods/labels";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { retryUnanswered, webhookPath, webhooksPath, type Page, type ReplayAccepted, type Webhook } from "./labels";
import { SecretBox } from "./secret-box";
import { WebhookForm } from "./webhook-form";
import { messagesKey, WebhookMessages } from "./webhook-messages";

type Editing = { webhook: Webhook | null; etag: string | null };

/** "2026-03-01T08:00" from a datetime-local input as an ISO instant (the browser's time zone). */
const localToIso = (local: string) => new Date(local).toISOString();

/**
 * The tenant's webhooks (Administrators): list, create and edit with the event picker, the secret
 * shown once, the delivery log with redeliver, a replay of past events and a test event. Everything
 * goes through the documented API (contract section 9).
 */
export function WebhooksScreen({ orgId }: { orgId: string }) {
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

  const startEdit = useMutation({
    // The current version and its ETag, so that a concurrent change is not overwritten (412).
    mutationFn: async (id: string) => apiRequest<Webhook>(webhookPath(orgId, id)),
    onSuccess: ({ data, etag }) => {
      setShownSecret(null);
      setEditing({ webhook: data, etag });
    },
    onError: (error, id) => setNotice({ webhookId: id, tone: "error", text: problemMessage(error) }),
  });
  const remove = useMutation({
    mutationFn: (w: Webhook) => apiRequest<unknown>(webhookPath(orgId, w.id), { method: "DELETE" }),
    onSuccess: () => {
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
    onError: (error, w) => {
      setDeleting(null);
      setNotice({ webhookId: w.id, tone: "error", text: problemMessage(error) });
    },
  });
  const test = useMutation({
    // 202 with the new message (pending): the log follows it until it is delivered or failed.
    mutationFn: (w: Webhook) => apiRequest<unknown>(`${webhookPath(orgId, w.id)}/test`, { method: "POST" }),
    onSuccess: (_, w) => {
      setNotice({ webhookId: w.id, tone: "success", text: "Test event sent; see the delivery log." });
      setOpen(w.id);
      void queryClient.invalidateQueries({ queryKey: messagesKey(orgId, w.id) });
    },
    onError: (error, w) => setNotice({ webhookId: w.id, tone: "error", text: problemMessage(error) }),
  });
  const replay = useMutation({
    mutationFn: ({ webhook, sinceIso }: { webhook: Webhook; sinceIso: string }) => apiRequest<ReplayAccepted>(`${webhookPath(orgId, webhook.id)}/replay`, { method: "POST", body: { since: sinceIso } }),
    onSuccess: ({ data }, { webhook, sinceIso }) => {
      const since = formatInstant(sinceIso, "short");
      const text =
        data.count === 0
          ? `No event this webhook receives was recorded since ${since}: nothing to send again.`
          : `${data.count === 1 ? "1 event" : `${data.count} events`} since ${since} will be sent again; see the delivery log.`;
      setNotice({ webhookId: webhook.id, tone: "success", text });
      setOpen(webhook.id);
      void queryClient.invalidateQueries({ queryKey: messagesKey(orgId, webhook.id) });
    },
    onError: (error, { webhook }) => setNotice({ webhookId: webhook.id, tone: "error", text: problemMessage(error) }),
  });

  if (editing) {
    return (
      <Card title={editing.webhook ? "Edit webhook" : "New webhook"}>
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
        <Alert tone="success" title="Signing secret">
          <p className="mb-2 break-all">For {shownSecret.webhook.payloadUrl}.</p>
          <p className="mb-2">Copy it now: it is not shown again. The receiver checks X-Service-Signature (HMAC-SHA256 of the body) and webhook-signature with it.</p>
          <SecretBox secret={shownSecret.secret} label="Signing secret" />
          <Button variant="ghost" className="mt-2 px-2 py-1 text-xs" onClick={() => setShownSecret(null)}>
            I have copied it
          </Button>
        </Alert>
      ) : null}
      <div className="flex justify-end">
        <Button onClick={() => setEditing({ webhook: null, etag: null })}>New webhook</Button>
      </div>
      {list.isError ? <Alert tone="error">{problemMessage(list.error)}</Alert> : null}
      {list.isPending ? <p className="text-sm text-slate-600">Loading webhooks…</p> : null}
      {list.data && !list.data.length ? <p className="text-sm text-slate-600">No webhooks yet. A webhook sends the events you choose to your system as they happen.</p> : null}
      {list.data?.map((w) => (
        <Card key={w.id}>
          <div data-testid="webhook" data-webhook-id={w.id} data-active={w.active} className="space-y-3">
            <div>
              <h2 className="break-all text-base font-semibold text-slate-900">{w.payloadUrl}</h2>
              <p className="mt-1 text-sm text-slate-600" data-testid="webhook-summary">
                <span className={w.active ? "text-emerald-800" : "font-medium text-amber-900"}>{w.active ? "Active" : "Inactive"}</span> · {w.events.join(", ")}
                {w.caseNames?.length ? ` · only cases ${w.caseNames.join(", ")}` : ""}
              </p>
            </div>
            {!w.active ? (
              <Alert tone="warning">
                {w.deactivatedReason ? `Deactivated by the service: ${w.deactivatedReason}` : "Deactivated."} Nothing is sent to it until it is activated again (Edit).
              </Alert>
            ) : null}
            <p className="text-xs text-slate-600">
              Secret ending in {w.secretHint} · created {formatInstant(w.createdAt, "short")} · changed {formatInstant(w.updatedAt, "short")}
            </p>
            <div className="flex flex-wrap items-end gap-2">
              <Button variant="secondary" className="px-2.5 py-1" disabled={startEdit.isPending} onClick={() => startEdit.mutate(w.id)}>
                Edit
              </Button>
              <Button variant="secondary" className="px-2.5 py-1" disabled={test.isPending || !w.active} title={w.active ? undefined : "The webhook is inactive."} onClick={() => test.mutate(w)}>
                Send test event
              </Button>
              <Button variant="secondary" className="px-2.5 py-1" aria-expanded={open === w.id} onClick={() => setOpen(open === w.id ? null : w.id)}>
                {open === w.id ? "Hide delivery log" : "Delivery log"}
              </Button>
              <Button variant="secondary" className="px-2.5 py-1 text-red-800" onClick={() => setDeleting(w)}>
                Delete
              </Button>
            </div>
            <form
              className="flex flex-wrap items-end gap-2"
              aria-label="Replay events"
              onSubmit={(event) => {
                event.preventDefault();
                const local = since[w.id];
                if (local) replay.mutate({ webhook: w, sinceIso: localToIso(local) });
              }}
            >
              <label className="text-xs text-slate-700">
                Send again every event since
                <input
                  type="datetime-local"
                  required
                  value={since[w.id] ?? ""}
                  onChange={(event) => setSince({ ...since, [w.id]: event.target.value })}
                  className="mt-1 block max-w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
                />
              </label>
              <Button type="submit" variant="secondary" className="px-2.5 py-1" disabled={replay.isPending || !w.active} title={w.active ? undefined : "The webhook is inactive."}>
                Replay
              </Button>
            </form>
            {notice?.webhookId === w.id ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
            {open === w.id ? <WebhookMessages orgId={orgId} webhookId={w.id} active={w.active} /> : null}
          </div>
        </Card>
      ))}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this webhook?"
        confirmLabel="Delete webhook"
        pending={remove.isPending}
        onCancel={() => {
          if (!remove.isPending) setDeleting(null);
        }}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
        }}
      >
        <p className="break-all">{deleting?.payloadUrl} receives no more events, and its delivery log is deleted with it.</p>
      </ConfirmDialog>
    </div>
  );
}
