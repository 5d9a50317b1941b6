"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import {
  CreateLookupValue,
  MapWageType,
  UpdateLookupValue,
  type DeletedLookupValue,
  type LookupValue,
  type WageTypeAccounts,
} from "@/server/lookups/schemas";
import { apiRequest } from "@/components/forms/api";
import { useZodResolver } from "@/components/forms/zod-resolver";
import { useProblems } from "@/components/forms/use-problems";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextField } from "@/components/ui/field";
import { Cell, EmptyRow, HeaderCell, Table, TableBody, TableHead, TableRow } from "@/components/ui/table";
import { displayName } from "@/components/regulations/display-name";

/** The words of each kind are lookups.kinds.<kind>.*. */
type Kind = "Accounts" | "CostCenters";

const valuesPath = (orgId: string, regulation: string, kind: Kind) =>
  `/tenants/${orgId}/regulations/${encodeURIComponent(regulation)}/lookups/${kind}/values`;

/** Adds an account or a cost center (POST .../lookups/{lookupId}/values). */
export function AddLookupValueForm({
  orgId,
  payrollId,
  regulation,
  kind,
}: {
  orgId: string;
  payrollId: string;
  regulation: string;
  kind: Kind;
}) {
  const router = useRouter();
  const t = useTranslations("lookups");
  const problems = useProblems();
  const words = useTranslations(`lookups.kinds.${kind}`);
  const [formError, setFormError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const form = useForm<z.input<typeof CreateLookupValue>, unknown, CreateLookupValue>({
    resolver: useZodResolver(CreateLookupValue),
    defaultValues: { key: "", value: "", payrollId },
  });
  const add = useMutation({
    mutationFn: (input: CreateLookupValue) =>
      apiRequest<LookupValue>(valuesPath(orgId, regulation, kind), { method: "POST", body: input }),
    onSuccess: ({ data }) => {
      setAdded(words("added", { key: data.key, value: data.value }));
      form.reset({ key: "", value: "", payrollId });
      router.refresh();
    },
    onError: (error) => setFormError(problems.apply(error, ["key", "value"] as const, form.setError)),
  });
  return (
    <form
      noValidate
      aria-label={words("add")}
      className="space-y-3"
      onSubmit={form.handleSubmit((input) => {
        setFormError(null);
        setAdded(null);
        add.mutate(input);
      })}
    >
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      {added ? <Alert tone="success">{added}</Alert> : null}
      <div className="grid items-start gap-3 sm:grid-cols-[12rem_1fr_auto]">
        <TextField
          label={words("key")}
          autoComplete="off"
          error={form.formState.errors.key?.message}
          {...form.register("key")}
        />
        <TextField
          label={words("value")}
          autoComplete="off"
          error={form.formState.errors.value?.message}
          {...form.register("value")}
        />
        <Button type="submit" className="sm:mt-6" disabled={add.isPending}>
          {add.isPending ? t("adding") : words("add")}
        </Button>
      </div>
    </form>
  );
}

/** One account or cost center: number/code and name editable, delete where the rules allow it. */
function LookupValueRow({
  orgId,
  regulation,
  kind,
  item,
  canUpdate,
  onDeleted,
}: {
  orgId: string;
  regulation: string;
  kind: Kind;
  item: LookupValue;
  canUpdate: boolean;
  onDeleted: (deleted: DeletedLookupValue) => void;
}) {
  const router = useRouter();
  const t = useTranslations("lookups");
  const problems = useProblems();
  const tUi = useTranslations("ui");
  const words = useTranslations(`lookups.kinds.${kind}`);
  const [message, setMessage] = useState<{ tone: "error" | "success" | "warning"; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<z.input<typeof UpdateLookupValue>, unknown, UpdateLookupValue>({
    resolver: useZodResolver(UpdateLookupValue),
    defaultValues: { key: item.key, value: item.value },
  });
  const path = `${valuesPath(orgId, regulation, kind)}/${item.id}`;
  const update = useMutation({
    mutationFn: (input: UpdateLookupValue) => apiRequest<LookupValue>(path, { method: "PUT", body: input }),
    onSuccess: ({ data }) => {
      form.reset({ key: data.key, value: data.value });
      setMessage({ tone: "success", text: tUi("saved") });
      router.refresh();
    },
    onError: (error) => {
      const rest = problems.apply(error, ["key", "value"] as const, form.setError);
      if (rest) setMessage({ tone: "error", text: rest });
    },
  });
  const remove = useMutation({
    mutationFn: () => apiRequest<DeletedLookupValue>(path, { method: "DELETE" }),
    onSuccess: ({ data }) => {
      setConfirming(false);
      onDeleted(data);
      router.refresh();
    },
    onError: (error) => {
      setConfirming(false);
      setMessage({ tone: "error", text: problems.message(error) });
    },
  });
  const deletable = kind === "CostCenters" || (item.clientAdded && !item.usedBy?.length);
  const why =
    kind === "Accounts" && !item.clientAdded
      ? t("fromChartNoDelete")
      : kind === "Accounts" && item.usedBy?.length
        ? t("usedByMapFirst", { numbers: item.usedBy.join(", ") })
        : null;
  const errors = form.formState.errors;
  return (
    <TableRow aria-label={words("row", { key: item.key })} className="align-top">
      <Cell size="flush">
        <form
          noValidate
          className="grid items-start gap-2 sm:grid-cols-[9rem_minmax(0,1fr)_auto_auto]"
          onSubmit={form.handleSubmit((input) => {
            setMessage(null);
            update.mutate({ key: input.key, value: input.value });
          })}
        >
          <input
            aria-label={t("keyOf", { label: words("key"), name: item.value })}
            disabled={!canUpdate}
            className={`w-full min-w-0 rounded-md border px-2 py-1 text-sm ${errors.key ? "border-red-500" : "border-slate-300"}`}
            {...form.register("key")}
          />
          <div className="min-w-0">
            <input
              aria-label={t("keyOf", { label: words("value"), name: item.key })}
              disabled={!canUpdate}
              className={`w-full rounded-md border px-2 py-1 text-sm ${errors.value ? "border-red-500" : "border-slate-300"}`}
              {...form.register("value")}
            />
            <p className="mt-1 text-xs text-slate-500">
              {kind === "Accounts" ? (
                item.clientAdded ? (
                  <span className="rounded bg-sky-100 px-1 text-sky-800">{t("addedByYou")}</span>
                ) : (
                  t("fromChart")
                )
              ) : null}
              {item.usedBy?.length ? ` · ${t("wageTypesList", { numbers: item.usedBy.join(", ") })}` : ""}
            </p>
            {errors.key?.message || errors.value?.message ? (
              <p role="alert" className="text-xs font-medium text-red-700">
                {errors.key?.message ?? errors.value?.message}
              </p>
            ) : null}
            {message ? (
              <p
                role={message.tone === "error" ? "alert" : "status"}
                className={`text-xs font-medium ${message.tone === "error" ? "text-red-700" : "text-emerald-700"}`}
              >
                {message.text}
              </p>
            ) : null}
          </div>
          {canUpdate ? (
            <>
              <Button
                type="submit"
                variant="secondary"
                className="px-2 py-1"
                disabled={update.isPending || !form.formState.isDirty}
              >
                {tUi("save")}
              </Button>
              <Button
                variant="ghost"
                className="px-2 py-1"
                disabled={!deletable}
                title={why ?? undefined}
                onClick={() => setConfirming(true)}
              >
                {tUi("delete")}
              </Button>
            </>
          ) : null}
        </form>
        <ConfirmDialog
          open={confirming}
          title={words("deleteTitle", { key: item.key })}
          confirmLabel={tUi("delete")}
          pending={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => remove.mutate()}
        >
          <p>
            {item.key} · {item.value}
          </p>
          {kind === "CostCenters" ? <p>{t("costCenterReferences")}</p> : null}
        </ConfirmDialog>
      </Cell>
    </TableRow>
  );
}

/** The payroll's accounts or cost centers with their editors. */
export function LookupValueTable({
  orgId,
  regulation,
  kind,
  items,
  canUpdate,
}: {
  orgId: string;
  regulation: string;
  kind: Kind;
  items: LookupValue[];
  canUpdate: boolean;
}) {
  // The deleted row is gone after the refresh; the API's answer (a cost center's warning) stays here.
  const [notice, setNotice] = useState<{ tone: "warning" | "info"; text: string } | null>(null);
  const t = useTranslations("lookups");
  const words = useTranslations(`lookups.kinds.${kind}`);
  return (
    <div className="space-y-3">
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <Table
        variant="plain"
        className="w-full table-fixed"
        caption={kind === "Accounts" ? t("accounts") : t("costCentersTitle")}
      >
        <TableBody>
          {items.length === 0 ? (
            <EmptyRow columns={1} size="flush">
              {t("none")}
            </EmptyRow>
          ) : null}
          {items.map((item) => (
            <LookupValueRow
              key={`${item.id}-${item.key}-${item.value}`}
              orgId={orgId}
              regulation={regulation}
              kind={kind}
              item={item}
              canUpdate={canUpdate}
              onDeleted={(deleted) =>
                setNotice({
                  tone: deleted.employees.length ? "warning" : "info",
                  text: deleted.warning ?? words("deleted", { key: deleted.deleted.key }),
                })
              }
            />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function WageTypeRow({
  orgId,
  payrollId,
  wageType,
  accounts,
  canUpdate,
}: {
  orgId: string;
  payrollId: string;
  wageType: WageTypeAccounts;
  accounts: LookupValue[];
  canUpdate: boolean;
}) {
  const router = useRouter();
  const t = useTranslations("lookups");
  const problems = useProblems();
  const tUi = useTranslations("ui");
  const locale = useLocale();
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const form = useForm<z.input<typeof MapWageType>, unknown, MapWageType>({
    resolver: useZodResolver(MapWageType),
    defaultValues: {
      debitAccountId: wageType.debitAccount?.id ?? "",
      creditAccountId: wageType.creditAccount?.id ?? "",
    },
  });
  const map = useMutation({
    mutationFn: (input: MapWageType) =>
      apiRequest<WageTypeAccounts>(`/tenants/${orgId}/payrolls/${payrollId}/wagetypes/${wageType.number}/accounts`, {
        method: "PUT",
        body: input,
      }),
    onSuccess: ({ data }) => {
      form.reset({ debitAccountId: data.debitAccount?.id ?? "", creditAccountId: data.creditAccount?.id ?? "" });
      setMessage({ error: false, text: tUi("saved") });
      router.refresh();
    },
    onError: (error) => {
      const rest = problems.apply(error, ["debitAccountId", "creditAccountId"] as const, form.setError);
      if (rest) setMessage({ error: true, text: rest });
    },
  });
  const errors = form.formState.errors;
  const name = displayName(wageType.name, locale);
  const options = (
    <>
      <option value="">{t("noneOption")}</option>
      {accounts.map((a) => (
        <option key={a.id} value={a.id}>
          {a.key} · {a.value}
        </option>
      ))}
    </>
  );
  return (
    <TableRow aria-label={t("wageTypeRow", { number: wageType.number })} className="align-top">
      <Cell size="flush" className="font-mono text-xs">
        {wageType.number}
      </Cell>
      <Cell size="flush" className="break-words">
        {name}
        <span className="block text-xs text-slate-500">{t(`wageTypeKinds.${wageType.kind}`)}</span>
      </Cell>
      <Cell size="flush">
        <form
          noValidate
          className="grid items-start gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]"
          onSubmit={form.handleSubmit((input) => {
            setMessage(null);
            map.mutate(input);
          })}
        >
          <select
            aria-label={t("debitOf", { number: wageType.number })}
            disabled={!canUpdate}
            className="w-full min-w-0 rounded-md border border-slate-300 px-2 py-1 text-sm"
            {...form.register("debitAccountId")}
          >
            {options}
          </select>
          <select
            aria-label={t("creditOf", { number: wageType.number })}
            disabled={!canUpdate}
            className="w-full min-w-0 rounded-md border border-slate-300 px-2 py-1 text-sm"
            {...form.register("creditAccountId")}
          >
            {options}
          </select>
          {canUpdate ? (
            <Button
              type="submit"
              variant="secondary"
              className="px-2 py-1"
              disabled={map.isPending || !form.formState.isDirty}
            >
              {tUi("save")}
            </Button>
          ) : null}
          {errors.debitAccountId?.message || errors.creditAccountId?.message || message ? (
            <p
              role={message && !message.error ? "status" : "alert"}
              className={`text-xs font-medium sm:col-span-3 ${message && !message.error ? "text-emerald-700" : "text-red-700"}`}
            >
              {errors.debitAccountId?.message ?? errors.creditAccountId?.message ?? message?.text}
            </p>
          ) : null}
        </form>
      </Cell>
    </TableRow>
  );
}

/** Wage type -> debit and credit account of the payroll's chart (PUT .../wagetypes/{number}/accounts). */
export function WageTypeMapping({
  orgId,
  payrollId,
  wageTypes,
  accounts,
  canUpdate,
}: {
  orgId: string;
  payrollId: string;
  wageTypes: WageTypeAccounts[];
  accounts: LookupValue[];
  canUpdate: boolean;
}) {
  const t = useTranslations("lookups");
  return (
    // Fixed columns: the account choices share what is left of the card (long account names are cut in the
    // closed select, whole in its list), so the Save buttons stay inside the card.
    <Table variant="plain" className="w-full table-fixed" caption={t("mappingTitle")}>
      <colgroup>
        <col className="w-16" />
        <col className="w-[30%]" />
        <col />
      </colgroup>
      <TableHead variant="plain">
        <TableRow>
          <HeaderCell size="tight">{t("columns.number")}</HeaderCell>
          <HeaderCell size="tight">{t("columns.wageType")}</HeaderCell>
          <HeaderCell size="tight">{t("columns.accounts")}</HeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {wageTypes.map((w) => (
          <WageTypeRow
            key={`${w.number}-${w.debitAccount?.id}-${w.creditAccount?.id}`}
            orgId={orgId}
            payrollId={payrollId}
            wageType={w}
            accounts={accounts}
            canUpdate={canUpdate}
          />
        ))}
      </TableBody>
    </Table>
  );
}
