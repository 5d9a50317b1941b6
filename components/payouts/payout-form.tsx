"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { v4 as uuidv4 } from "uuid";
import { useFormat } from "@/components/format/use-format";
import type { CalcTranslator } from "@/components/results/calc-text";
import { fieldProblemText } from "@/components/forms/problem";
import { DateField } from "@/components/forms/date-field";
import { useProblems } from "@/components/forms/use-problems";
import { toRappen, type ControlState, type ResultsTranslator } from "@/components/results/labels";
import { StateBadge } from "@/components/results/state-badge";
import type { Locale } from "@/i18n/locales";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Cell, HeaderCell, Table, TableBody, TableHead, TableRow } from "@/components/ui/table";
import { parseAmountInput, payoutFileHref, payoutItemText, toAmount, type Payout } from "./labels";
import { PayoutProblem, requestPayout, type PayoutProblemItem } from "./request";
import { Spinner } from "./spinner";

/** One employee of the open period as the Payouts screen shows it. */
export type PayoutRow = {
  employeeId: string;
  /** "Müller, Lea (1001)" */
  name: string;
  state: ControlState;
  /** The open amount as the API answers it ("1234.50"; negative when overpaid). */
  openAmount: string;
  /** What blocks the employee (Payroll Control's blocking items). */
  blockedBy: { code: string; message: string; params?: Record<string, string> }[];
  /** What the payment file lacks for this employee (e.g. the town of their address), with the case to complete. */
  fileBlockedBy: { code: string; message: string; caseName: string }[];
};

type Props = {
  orgId: string;
  payrollId: string;
  periodId: string;
  /** "January 2026" */
  month: string;
  rows: PayoutRow[];
  /** The next bank business day (YYYY-MM-DD), the API's default. */
  defaultExecutionDate: string;
  /** Today in Europe/Zurich: an execution date may not lie before it. */
  today: string;
  canWrite: boolean;
};

/** How many selected payments the confirmation names one by one. */
const LISTED = 8;

const isWeekend = (date: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(date) && [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());

/** Why an employee cannot be selected (a key of the "payouts" namespace and its values), or null when they can. */
function notPayable(row: PayoutRow): { key: string; amount?: number } | null {
  if (row.state === "Blocked") return { key: "form.blocked" };
  if (row.fileBlockedBy.length) return { key: "form.fileBlocked" };
  const open = toRappen(row.openAmount);
  if (open < 0) return { key: "form.overpaid", amount: -open };
  if (open === 0) return { key: row.state === "PaidOut" ? "form.paidOut" : "form.noPay" };
  return null;
}

/** What the confirmation shows and sends: amounts only for advances, the whole open amount otherwise. */
type Draft = {
  employeeIds: string[];
  amounts: Record<string, string>;
  executionDate: string;
  total: number;
  advances: number;
};

/**
 * Paying the open period's open amounts: select employees (all or some), an amount each (the whole
 * open amount, or less as an advance), an execution date; a confirmation that shows the totals; the
 * payout is made with an Idempotency-Key made when the confirmation opens, so a double click or a
 * retry never pays twice; then the pain.001 file to download.
 */
export function PayoutForm({ orgId, payrollId, periodId, month, rows, defaultExecutionDate, today, canWrite }: Props) {
  const router = useRouter();
  const t = useTranslations("payouts");
  const tr = useTranslations("results") as unknown as ResultsTranslator;
  const tc = useTranslations("calc") as unknown as CalcTranslator;
  const problems = useProblems();
  const format = useFormat();
  const locale = useLocale() as Locale;
  const chf = (amount: string) => format.amount(amount);
  const itemText = (item: { code?: string; message: string; params?: Record<string, string> }) =>
    payoutItemText(item, tr, problems.t, locale, { t: tc, format, words: new Map() });
  const reasonText = (reason: { key: string; amount?: number }) =>
    t(reason.key, reason.amount === undefined ? {} : { amount: format.amount(reason.amount) });
  const dateId = useId();
  const where = { orgId, payrollId, periodId };
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [executionDate, setExecutionDate] = useState(defaultExecutionDate);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [dateError, setDateError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; code: string; items: PayoutProblemItem[] } | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [result, setResult] = useState<{ payout: Payout; previewTotal: number } | null>(null);
  // The key of the confirmation on screen; kept after a lost connection so that the same payout, confirmed again, is not paid twice.
  const key = useRef<{ value: string; body: string } | null>(null);
  const [startedAt, setStartedAt] = useState(0);
  const [now, setNow] = useState(0);
  const selectAllRef = useRef<HTMLInputElement>(null);

  const payable = useMemo(() => rows.filter((r) => canWrite && notPayable(r) === null), [rows, canWrite]);
  const byId = useMemo(() => new Map(rows.map((r) => [r.employeeId, r])), [rows]);
  // Selections of employees no longer payable (after a refresh) fall away.
  const chosen = payable.filter((r) => selected.has(r.employeeId));
  const amountText = (row: PayoutRow) => amounts[row.employeeId] ?? toAmount(toRappen(row.openAmount));
  const selectedTotal = chosen.reduce((sum, r) => {
    const parsed = parseAmountInput(amountText(r));
    return sum + (parsed.ok ? parsed.rappen : 0);
  }, 0);

  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = chosen.length > 0 && chosen.length < payable.length;
  }, [chosen.length, payable.length]);

  const pay = useMutation({
    mutationFn: (d: Draft) =>
      requestPayout(
        where,
        {
          employeeIds: d.employeeIds,
          ...(Object.keys(d.amounts).length ? { amounts: d.amounts } : {}),
          executionDate: d.executionDate,
        },
        key.current!.value,
      ),
    onMutate: () => {
      const start = Date.now();
      setStartedAt(start);
      setNow(start);
    },
    onSuccess: ({ payout }, sent) => {
      key.current = null;
      setDraft(null);
      setResult({ payout, previewTotal: sent.total });
      setSelected(new Set());
      setAmounts({});
      setFieldErrors({});
      setRefusal(null);
      // The open amounts, states and the period's payouts as they are now.
      router.refresh();
    },
    onError: (error) => {
      setDraft(null);
      if (!(error instanceof PayoutProblem)) {
        setRefusal({ message: problems.message(error), code: "unknown", items: [] });
        return;
      }
      // Only a lost connection leaves it open whether the payout was made: keep the key for the same payout.
      if (error.status !== 0) key.current = null;
      const perEmployee: Record<string, string> = {};
      // In the person's language from the code and the paths (contract 9c), never from the English detail.
      const general =
        error.status === 0
          ? problems.t("networkRetry")
          : error.status === 403
            ? t("list.forbidden")
            : problems.message(error.problem);
      for (const e of error.errors) {
        const match = /^amounts\.(.+)$/.exec(e.path);
        const text = fieldProblemText(error.problem, e, problems.t, {}, format);
        if (match && byId.has(match[1]!)) perEmployee[match[1]!] = text;
        else if (e.path === "executionDate") setDateError(text);
      }
      for (const item of error.items) {
        const text = itemText(item);
        if (item.employeeId && byId.has(item.employeeId))
          perEmployee[item.employeeId] = perEmployee[item.employeeId]
            ? `${perEmployee[item.employeeId]} ${text}`
            : text;
      }
      setFieldErrors(perEmployee);
      setRefusal({
        message: general,
        code: error.code,
        items: error.items.filter((i) => !i.employeeId || !byId.has(i.employeeId)),
      });
      if (error.status === 409) router.refresh();
    },
  });

  useEffect(() => {
    if (!pay.isPending) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [pay.isPending]);
  const elapsed = Math.max(0, Math.round((now - startedAt) / 1000));

  function toggle(employeeId: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(employeeId);
      else next.delete(employeeId);
      return next;
    });
  }

  /** Checks the selection on the client and opens the confirmation with its totals. */
  function review() {
    setResult(null);
    setRefusal(null);
    pay.reset();
    const errors: Record<string, string> = {};
    const sent: Record<string, string> = {};
    let total = 0;
    let advances = 0;
    for (const row of chosen) {
      const parsed = parseAmountInput(amountText(row));
      const open = toRappen(row.openAmount);
      if (!parsed.ok) errors[row.employeeId] = t(`amountInput.${parsed.problem}`);
      else if (parsed.rappen > open) errors[row.employeeId] = t("form.moreThanOpen", { amount: format.amount(open) });
      else {
        // The whole open amount goes without an amount (the API's final payment): the body stays small for thousands of employees.
        if (parsed.rappen < open) {
          sent[row.employeeId] = toAmount(parsed.rappen);
          advances += 1;
        }
        total += parsed.rappen;
      }
    }
    let badDate: string | null = null;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(executionDate)) badDate = t("form.enterDate");
    else if (executionDate < today) badDate = t("form.dateInPast", { today: format.date(today) });
    setFieldErrors(errors);
    setDateError(badDate);
    if (Object.keys(errors).length || badDate || !chosen.length) return;
    const next: Draft = { employeeIds: chosen.map((r) => r.employeeId), amounts: sent, executionDate, total, advances };
    const body = JSON.stringify([next.employeeIds, next.amounts, next.executionDate]);
    if (key.current?.body !== body) key.current = { value: uuidv4(), body };
    setDraft(next);
  }

  const allChecked = payable.length > 0 && chosen.length === payable.length;
  const working = pay.isPending;

  return (
    <div className="space-y-4">
      {result ? (
        <div data-testid="payout-result" data-payout-id={result.payout.id}>
          <Alert tone="success" title={t("form.created")}>
            <p>
              {t.rich("form.createdText", {
                count: result.payout.count,
                amount: chf(result.payout.total),
                date: format.date(result.payout.executionDate),
                total: (chunks: ReactNode) => <span data-testid="result-total">{chunks}</span>,
              })}
            </p>
            {toRappen(result.payout.total) !== result.previewTotal ? (
              <p className="mt-1 font-medium">{t("form.changed", { amount: format.amount(result.previewTotal) })}</p>
            ) : null}
            <p className="mt-2">
              <a
                href={payoutFileHref(orgId, payrollId, periodId, result.payout.id)}
                download
                className="font-medium underline underline-offset-2"
              >
                {t("form.download")}
              </a>
            </p>
          </Alert>
        </div>
      ) : null}
      {refusal ? (
        <Alert tone="error" title={t("form.notMade")}>
          <p data-testid="payout-problem" data-code={refusal.code}>
            {refusal.message}
          </p>
          {refusal.items.length ? (
            <ul className="mt-2 list-inside list-disc space-y-1">
              {refusal.items.map((item, index) => (
                <li key={index}>
                  {itemText(item)}
                  {item.caseName && !item.employeeId ? (
                    <>
                      {" "}
                      <Link
                        href={`/tenants/${orgId}/company#case-${item.caseName}`}
                        className="font-medium underline underline-offset-2"
                      >
                        {t("form.fixCompany")}
                      </Link>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}

      {rows.length === 0 ? (
        <Alert tone="info">{t("form.noEmployee", { month })}</Alert>
      ) : (
        <>
          {payable.length === 0 ? (
            <Alert tone="info">
              <span data-testid="nothing-open">{t("form.nothingOpen", { month })}</span>
            </Alert>
          ) : null}
          {canWrite && payable.length > 0 ? (
            <label className="flex items-center gap-3 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm font-medium text-slate-900">
              <input
                ref={selectAllRef}
                type="checkbox"
                className="h-4 w-4"
                checked={allChecked}
                disabled={working}
                onChange={(event) =>
                  setSelected(event.target.checked ? new Set(payable.map((r) => r.employeeId)) : new Set())
                }
              />
              {t("form.selectAll", { count: payable.length })}
            </label>
          ) : null}
          <ul className="divide-y divide-slate-100" aria-label={t("form.employees")}>
            {rows.map((row) => {
              const reason = canWrite ? notPayable(row) : null;
              const isSelected = reason === null && canWrite && selected.has(row.employeeId);
              const error = fieldErrors[row.employeeId];
              const amountId = `amount-${row.employeeId}`;
              return (
                <li
                  key={row.employeeId}
                  data-testid="payout-row"
                  data-employee-id={row.employeeId}
                  data-state={row.state}
                  data-open={row.openAmount}
                  data-selectable={reason === null && canWrite}
                  className="py-3"
                >
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    {canWrite ? (
                      <input
                        type="checkbox"
                        className="h-4 w-4"
                        aria-label={t("form.pay", { name: row.name })}
                        checked={isSelected}
                        disabled={reason !== null || working}
                        onChange={(event) => toggle(row.employeeId, event.target.checked)}
                      />
                    ) : null}
                    <Link
                      href={`/tenants/${orgId}/employees/${row.employeeId}#payslip`}
                      className="font-medium text-slate-900 underline-offset-2 hover:underline"
                    >
                      {row.name}
                    </Link>
                    <StateBadge state={row.state} />
                    <span className="ml-auto text-sm tabular-nums text-slate-700">
                      {t.rich("form.open", {
                        amount: chf(row.openAmount),
                        figure: (chunks: ReactNode) => <span data-testid="row-open">{chunks}</span>,
                      })}
                    </span>
                  </div>
                  {reason ? (
                    <p className="mt-1 text-sm text-slate-600" data-testid="row-reason">
                      {reasonText(reason)}
                    </p>
                  ) : null}
                  {row.blockedBy.length ? (
                    <ul
                      className="mt-1 list-inside list-disc text-sm text-red-800"
                      aria-label={t("form.whatBlocks", { name: row.name })}
                    >
                      {row.blockedBy.map((item, index) => (
                        <li key={`${item.code}-${index}`}>{itemText(item)}</li>
                      ))}
                    </ul>
                  ) : null}
                  {row.fileBlockedBy.length ? (
                    <ul
                      className="mt-1 list-inside list-disc text-sm text-red-800"
                      aria-label={t("form.fileLacks", { name: row.name })}
                      data-testid="row-file-blockers"
                    >
                      {row.fileBlockedBy.map((item, index) => (
                        <li key={`${item.code}-${index}`}>
                          {itemText(item)}{" "}
                          <Link
                            href={`/tenants/${orgId}/employees/${row.employeeId}#case-${item.caseName}`}
                            className="font-medium text-sky-800 underline underline-offset-2"
                          >
                            {t("form.complete")}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {row.blockedBy.length ? (
                    <Link
                      href={`/tenants/${orgId}/payroll-control#employee-${row.employeeId}`}
                      className="mt-1 inline-block text-sm font-medium text-sky-800 underline underline-offset-2"
                    >
                      {t("form.resolve")}
                    </Link>
                  ) : null}
                  {isSelected ? (
                    <div className="mt-2 max-w-xs space-y-1 sm:ml-7">
                      <label htmlFor={amountId} className="block text-sm font-medium text-slate-800">
                        {t("form.amountFor", { name: row.name })}
                      </label>
                      <input
                        id={amountId}
                        inputMode="decimal"
                        autoComplete="off"
                        value={amountText(row)}
                        disabled={working}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={`${amountId}-${error ? "error" : "hint"}`}
                        onChange={(event) => {
                          const value = event.target.value;
                          setAmounts((current) => ({ ...current, [row.employeeId]: value }));
                          setFieldErrors((current) =>
                            Object.fromEntries(Object.entries(current).filter(([id]) => id !== row.employeeId)),
                          );
                        }}
                        className={`block w-full rounded-md border bg-white px-3 py-2 text-right text-sm tabular-nums shadow-xs focus:outline-2 ${error ? "border-red-500 focus:outline-red-500" : "border-slate-300 focus:outline-sky-600"}`}
                      />
                      {error ? (
                        <p
                          id={`${amountId}-error`}
                          role="alert"
                          className="text-xs font-medium text-red-700"
                          data-testid="amount-error"
                        >
                          {error}
                        </p>
                      ) : (
                        <p id={`${amountId}-hint`} className="text-xs text-slate-500">
                          {t("form.amountHint")}
                        </p>
                      )}
                    </div>
                  ) : error ? (
                    <p role="alert" className="mt-1 text-xs font-medium text-red-700" data-testid="amount-error">
                      {error}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {canWrite && payable.length > 0 ? (
            <div className="flex flex-wrap items-end gap-4 border-t border-slate-200 pt-4">
              <div className="w-56 max-w-full">
                <DateField
                  id={dateId}
                  label={t("form.executionDate")}
                  value={executionDate}
                  disabled={working}
                  onChange={(value) => {
                    setExecutionDate(value);
                    setDateError(null);
                  }}
                  error={dateError ?? undefined}
                  hint={
                    /^\d{4}-\d{2}-\d{2}$/.test(executionDate)
                      ? t(
                          isWeekend(executionDate)
                            ? "form.notBusinessDay"
                            : executionDate === defaultExecutionDate
                              ? "form.nextBusinessDay"
                              : "form.dateNote",
                          {
                            weekday: format.weekday(executionDate),
                            date: format.date(executionDate),
                          },
                        )
                      : undefined
                  }
                />
              </div>
              <div className="ml-auto flex flex-wrap items-center gap-3">
                <p className="text-sm text-slate-700" data-testid="selection-summary" aria-live="polite">
                  {chosen.length
                    ? t("form.selected", { count: chosen.length, amount: format.amount(selectedTotal) })
                    : t("form.selectEmployees")}
                </p>
                <Button onClick={review} disabled={!chosen.length || working}>
                  {working ? t("form.paying") : t("form.review")}
                </Button>
              </div>
            </div>
          ) : null}
        </>
      )}

      <ConfirmDialog
        open={draft !== null || working}
        title={t("form.confirmTitle")}
        confirmLabel={draft ? t("form.payAmount", { amount: format.amount(draft.total) }) : t("form.payShort")}
        pending={working}
        onCancel={() => {
          if (!working) setDraft(null);
        }}
        onConfirm={() => {
          if (draft) pay.mutate(draft);
        }}
      >
        {working && pay.variables ? (
          <div className="space-y-3" data-testid="payout-progress">
            <div className="flex items-center gap-3">
              <Spinner />
              <p className="font-medium text-slate-900" role="status" aria-live="polite">
                {t("form.building", { count: pay.variables.employeeIds.length })}
              </p>
            </div>
            <div
              role="progressbar"
              aria-label={t("form.making")}
              aria-valuetext={t("form.working", { seconds: elapsed })}
              className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full w-2/3 animate-pulse rounded-full bg-sky-600" />
            </div>
            <p className="text-xs text-slate-500">{t("form.buildingNote", { seconds: elapsed })}</p>
          </div>
        ) : draft ? (
          <div data-testid="payout-preview">
            <p>{t("form.previewIntro", { count: draft.employeeIds.length, month, advances: draft.advances })}</p>
            <Table className="mt-2 w-full" caption={t("form.previewCaption")}>
              <TableHead variant="plain">
                <TableRow>
                  <HeaderCell size="tight">{t("form.executionDate")}</HeaderCell>
                  <HeaderCell size="tight" numeric>
                    {t("form.payments")}
                  </HeaderCell>
                  <HeaderCell size="tight" numeric>
                    {t("form.totalChf")}
                  </HeaderCell>
                </TableRow>
              </TableHead>
              <TableBody className="tabular-nums">
                <TableRow data-testid="preview-group" data-date={draft.executionDate}>
                  <Cell size="tight">{format.date(draft.executionDate)}</Cell>
                  <Cell size="tight" numeric data-testid="preview-count">
                    {draft.employeeIds.length}
                  </Cell>
                  <Cell size="tight" numeric className="font-semibold" data-testid="preview-total">
                    {format.amount(draft.total)}
                  </Cell>
                </TableRow>
              </TableBody>
            </Table>
            <ul className="mt-2 space-y-0.5 text-xs text-slate-600" aria-label={t("form.payments")}>
              {draft.employeeIds.slice(0, LISTED).map((id) => (
                <li key={id} className="flex justify-between gap-3">
                  <span className="truncate">{byId.get(id)?.name ?? id}</span>
                  <span className="tabular-nums">
                    {draft.amounts[id]
                      ? t("form.advance", { amount: chf(draft.amounts[id]) })
                      : chf(byId.get(id)?.openAmount ?? "0.00")}
                  </span>
                </li>
              ))}
              {draft.employeeIds.length > LISTED ? (
                <li>{t("form.more", { count: draft.employeeIds.length - LISTED })}</li>
              ) : null}
            </ul>
            <p className="mt-2">{t("form.holds")}</p>
          </div>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
