"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { apiRequest } from "@/components/forms/api";
import { useProblems } from "@/components/forms/use-problems";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { CopyField } from "@/components/ui/copy-field";
import { generateSecret, parseCaseNames, WEBHOOK_EVENTS, webhookPath, webhooksPath, type Webhook } from "./labels";

/** The form's rules, with their messages in the person's language (webhooks.form.*). */
const formValues = (t: (key: string, values?: Record<string, string>) => string) =>
  z.object({
    payloadUrl: z.string().trim().min(1, t("required")).url(t("invalidUrl")),
    events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, t("chooseEvent")),
    caseNames: z.string(),
    payloadMetadata: z.string().refine(
      (text) => {
        if (!text.trim()) return true;
        try {
          const value: unknown = JSON.parse(text);
          return typeof value === "object" && value !== null && !Array.isArray(value);
        } catch {
          return false;
        }
      },
      t("invalidMetadata", { example: '{"client": "acme"}' }),
    ),
    active: z.boolean(),
    replaceSecret: z.boolean(),
  });
type FormValues = z.infer<ReturnType<typeof formValues>>;

const FIELDS = ["payloadUrl", "events", "caseNames", "payloadMetadata", "active"] as const;

function valuesOf(webhook: Webhook | null): FormValues {
  return {
    payloadUrl: webhook?.payloadUrl ?? "",
    events: (webhook?.events ?? []).filter((e): e is (typeof WEBHOOK_EVENTS)[number] =>
      (WEBHOOK_EVENTS as readonly string[]).includes(e),
    ),
    caseNames: (webhook?.caseNames ?? []).join(", "),
    payloadMetadata:
      webhook && Object.keys(webhook.payloadMetadata).length ? JSON.stringify(webhook.payloadMetadata, null, 2) : "",
    active: webhook?.active ?? true,
    replaceSecret: false,
  };
}

/**
 * Creates or edits a webhook: address, the events it receives (CaseChangeAdded optionally only for
 * some caseNames), metadata sent with every payload, active. The secret is write-only: a strong one
 * is generated here, sent with the request and shown once, after it was saved.
 */
export function WebhookForm({
  orgId,
  webhook,
  etag,
  onSaved,
  onCancel,
}: {
  orgId: string;
  webhook: Webhook | null;
  etag: string | null;
  onSaved: (saved: Webhook, secret: string | null) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("webhooks.form");
  const problems = useProblems();
  const tEvents = useTranslations("webhooks.events");
  const tUi = useTranslations("ui");
  const schema = useMemo(() => formValues(t), [t]);
  const [formError, setFormError] = useState<string | null>(null);
  // Made once per form: what is sent is what is shown afterwards.
  const [secret, setSecret] = useState(() => generateSecret());
  const form = useForm<FormValues>({ resolver: zodResolver(schema), defaultValues: valuesOf(webhook) });
  const replaceSecret = useWatch({ control: form.control, name: "replaceSecret" });
  const events = useWatch({ control: form.control, name: "events" }) ?? [];
  const sendsSecret = !webhook || replaceSecret;

  const save = useMutation({
    mutationFn: async (values: FormValues) => {
      // caseNames filters CaseChangeAdded only: without that event the API refuses a filter (422), and the
      // field is hidden then, so what it still holds is not sent. An emptied filter is cleared with null
      // (PUT keeps what is left out).
      const caseNames = values.events.includes("CaseChangeAdded") ? parseCaseNames(values.caseNames) : [];
      const body = {
        payloadUrl: values.payloadUrl.trim(),
        events: values.events,
        ...(caseNames.length ? { caseNames } : webhook ? { caseNames: null } : {}),
        payloadMetadata: values.payloadMetadata.trim()
          ? (JSON.parse(values.payloadMetadata) as Record<string, unknown>)
          : {},
        active: values.active,
        ...(sendsSecret ? { secret } : {}),
      };
      const result = webhook
        ? await apiRequest<Webhook>(webhookPath(orgId, webhook.id), { method: "PUT", body, ifMatch: etag })
        : await apiRequest<Webhook>(webhooksPath(orgId), { method: "POST", body, idempotencyKey: crypto.randomUUID() });
      return { saved: result.data, secret: sendsSecret ? secret : null };
    },
    onSuccess: ({ saved, secret: sent }) => onSaved(saved, sent),
    onError: (error) => setFormError(problems.apply(error, FIELDS, form.setError)),
  });
  const errors = form.formState.errors;

  return (
    <form
      noValidate
      aria-label={webhook ? t("edit") : t("new")}
      className="space-y-5"
      onSubmit={form.handleSubmit((values) => {
        setFormError(null);
        save.mutate(values);
      })}
    >
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <TextField
        label={t("payloadUrl")}
        type="url"
        autoComplete="off"
        placeholder={t("payloadUrlPlaceholder")}
        hint={t("payloadUrlHint")}
        error={errors.payloadUrl?.message}
        {...form.register("payloadUrl")}
      />

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{t("events")}</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="flex items-start gap-2 text-sm text-slate-800">
              <input type="checkbox" value={event} className="mt-1" {...form.register("events")} />
              <span>
                <span className="font-mono text-xs">{event}</span>
                <span className="block text-xs text-slate-500">{tEvents(event)}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.events ? (
          <p role="alert" className="text-xs font-medium text-red-700">
            {errors.events.message ?? errors.events.root?.message}
          </p>
        ) : null}
      </fieldset>

      {events.includes("CaseChangeAdded") ? (
        <TextField
          label={t("caseNames")}
          autoComplete="off"
          placeholder={t("caseNamesPlaceholder")}
          hint={t("caseNamesHint")}
          error={errors.caseNames?.message}
          {...form.register("caseNames")}
        />
      ) : null}

      <div className="space-y-1">
        <label htmlFor="webhook-metadata" className="block text-sm font-medium text-slate-800">
          {t("metadata")}
        </label>
        <textarea
          id="webhook-metadata"
          rows={3}
          aria-invalid={errors.payloadMetadata ? true : undefined}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs shadow-xs focus:outline-2 focus:outline-sky-600"
          {...form.register("payloadMetadata")}
        />
        {errors.payloadMetadata ? (
          <p role="alert" className="text-xs font-medium text-red-700">
            {errors.payloadMetadata.message}
          </p>
        ) : (
          <p className="text-xs text-slate-500">{t("metadataHint")}</p>
        )}
      </div>

      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" {...form.register("active")} /> {t("active")}
      </label>

      <div className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3">
        <p className="text-sm font-medium text-slate-800">{t("secret")}</p>
        {webhook ? (
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" {...form.register("replaceSecret")} />{" "}
            {t("replaceSecret", { hint: webhook.secretHint })}
          </label>
        ) : null}
        {sendsSecret ? (
          <>
            <p className="text-xs text-slate-600">{t("secretShownOnce")}</p>
            <CopyField value={secret} label={t("newSecret")} testId="webhook-secret" />
            <Button variant="secondary" className="px-2.5 py-1 text-xs" onClick={() => setSecret(generateSecret())}>
              {t("generateAnother")}
            </Button>
          </>
        ) : (
          <p className="text-xs text-slate-600">{t("secretStays")}</p>
        )}
      </div>

      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? tUi("saving") : webhook ? t("save") : t("create")}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
          {tUi("cancel")}
        </Button>
      </div>
    </form>
  );
}
