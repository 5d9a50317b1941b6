"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useState, useTransition, type ReactNode } from "react";
import { useProblems } from "@/components/forms/use-problems";
import type { Locale } from "@/i18n/locales";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useFormat } from "@/components/format/use-format";
import { issueSentence, type CalcTranslator } from "@/components/results/calc-text";
import { findingSentence, findingTitle, plainText, type ResultsTranslator } from "@/components/results/labels";
import { CloseProblem, requestClose, type OpenAmountsChoice } from "./close-request";

/** The refusal's texts name fields by their internal names only where the calculation wrote them: spelled out. */

type Props = {
  orgId: string;
  payrollId: string;
  periodId: string;
  /** "January 2026" */
  month: string;
  live: boolean;
  payslips: number;
  salaryCertificates: number;
  /** Why closing is not possible now (blocking items, role); null when it is. */
  blockedReason: string | null;
  /** Employee id -> "Müller, Lea (1001)", to name the people in a refusal's items. */
  employeeNames: Record<string, string>;
  /** The payroll's case, field and lookup names in the person's language (payrollVocabulary), for the names a refusal's items carry. */
  words: Record<string, string>;
  /** Amounts still open (not yet paid out): how many employees, and their total ("12'345.60"). */
  open: { count: number; total: string };
  /** "February 2026": where a carried amount goes. */
  nextMonth: string;
};

function Spinner() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 shrink-0 animate-spin text-slate-700">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" fill="none" opacity="0.25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" fill="none" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The close action of the open period: a button (disabled with its reason while anything blocks),
 * a confirmation that says what happens, progress while the service works, the refusal with its
 * items, and on success the page of the just-closed period's status (?closed=).
 */
export function ClosePeriodButton({
  orgId,
  payrollId,
  periodId,
  month,
  live,
  payslips,
  salaryCertificates,
  blockedReason,
  employeeNames,
  words: wordList,
  open,
  nextMonth,
}: Props) {
  const words = useMemo(() => new Map(Object.entries(wordList)), [wordList]);
  const router = useRouter();
  const t = useTranslations("periods");
  const tr = useTranslations("results") as unknown as ResultsTranslator;
  const tc = useTranslations("calc") as unknown as CalcTranslator;
  const format = useFormat();
  const problems = useProblems();
  const locale = useLocale() as Locale;
  const reasonId = useId();
  const [confirming, setConfirming] = useState(false);
  const [openAmounts, setOpenAmounts] = useState<OpenAmountsChoice>("carryForward");
  const [attemptKey, setAttemptKey] = useState("");
  const [navigating, startNavigation] = useTransition();
  const [startedAt, setStartedAt] = useState(0);
  const [now, setNow] = useState(0);
  const close = useMutation({
    mutationFn: () => requestClose(orgId, payrollId, periodId, openAmounts, attemptKey),
    onMutate: () => {
      const start = Date.now();
      setStartedAt(start);
      setNow(start);
    },
    onSuccess: (closed) => {
      // The server page shows the closed period's status from ?closed=, and the next month opens beside it.
      startNavigation(() => router.replace(`/tenants/${orgId}/close?closed=${closed.id}`, { scroll: true }));
    },
    onError: (error) => {
      setConfirming(false);
      // A refusal means the page is out of date (someone changed data meanwhile): show the checklist as it is now.
      if (error instanceof CloseProblem && error.status === 409) router.refresh();
    },
  });
  const working = close.isPending || navigating || close.isSuccess;

  useEffect(() => {
    if (!close.isPending) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [close.isPending]);
  const elapsed = Math.max(0, Math.round((now - startedAt) / 1000));

  const problem = close.error;
  // What close generates, as one phrase: "3 payslips, 1 salary certificate, the accounting document and the ELM declaration".
  const what = t(live ? "button.generated" : "button.generatedShort", { payslips, certificates: salaryCertificates });
  const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;
  /** The refusal in the person's language: from its code (contract 9c), the close's own words for a lost connection and a role. */
  const problemText = (error: Error) =>
    error instanceof CloseProblem
      ? error.status === 0
        ? t("button.networkRetry")
        : error.status === 403
          ? t("button.forbidden")
          : problems.message(error.problem)
      : problems.message(error);
  /** An item of a refusal: a Payroll Control finding or another coded item in words, else the calculation's text (English). */
  const itemText = (item: { code?: string; message: string; params?: Record<string, string> }) => {
    if (!item.code) return plainText(item.message, words, locale);
    const sentence = issueSentence({ code: item.code, params: item.params }, { t: tc, format, words: words });
    if (sentence) return sentence;
    if (tr.has(`findings.${item.code}`))
      return findingSentence({ code: item.code, message: item.message }, words, tr, locale);
    if (locale !== "en-CH" && problems.t.has(`codes.${item.code}`)) return problems.t(`codes.${item.code}`);
    return locale === "en-CH" ? plainText(item.message, words) : findingTitle(item.code, tr);
  };

  return (
    <div className="space-y-4">
      {problem ? (
        <Alert
          tone="error"
          title={
            problem instanceof CloseProblem && problem.status === 409
              ? t("button.notClosed", { month })
              : t("button.failed")
          }
        >
          <p data-testid="close-problem" data-code={problem instanceof CloseProblem ? problem.code : undefined}>
            {problemText(problem)}
          </p>
          {problem instanceof CloseProblem && problem.items.length ? (
            <ul className="mt-2 list-inside list-disc space-y-1" aria-label={t("button.problemItems")}>
              {problem.items.map((item, index) => (
                <li
                  key={index}
                  data-testid="close-problem-item"
                  title={item.code ? t("button.codeForSupport", { code: item.code }) : undefined}
                >
                  {item.employeeId ? (
                    <span className="font-medium">{employeeNames[item.employeeId] ?? item.employeeId}: </span>
                  ) : null}
                  {item.wageTypeNumber ? (
                    <span className="font-medium">{t("button.wageType", { number: item.wageTypeNumber })}</span>
                  ) : null}
                  {itemText(item)}
                </li>
              ))}
            </ul>
          ) : null}
          {problem instanceof CloseProblem && problem.code === "period.control_unresolved" ? (
            <p className="mt-2">
              <Link href={`/tenants/${orgId}/payroll-control`} className="font-medium underline underline-offset-2">
                {t("button.resolveInControl")}
              </Link>
            </p>
          ) : null}
          {problem instanceof CloseProblem && problem.code === "accounting.unmapped_wage_types" ? (
            <p className="mt-2">
              <Link href={`/tenants/${orgId}/accounts`} className="font-medium underline underline-offset-2">
                {t("button.mapAccounts")}
              </Link>
            </p>
          ) : null}
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          onClick={() => {
            close.reset();
            setOpenAmounts("carryForward");
            setAttemptKey(crypto.randomUUID());
            setConfirming(true);
          }}
          disabled={blockedReason !== null || working}
          aria-describedby={blockedReason ? reasonId : undefined}
        >
          {t("button.close", { month })}
        </Button>
        {blockedReason ? (
          <p id={reasonId} className="text-sm text-red-800" data-testid="close-blocked-reason">
            {blockedReason}
          </p>
        ) : (
          <p className="text-sm text-slate-600">{t("button.nothingBlocks")}</p>
        )}
      </div>
      <ConfirmDialog
        open={confirming || working}
        title={t("button.confirmTitle", { month })}
        confirmLabel={t("button.close", { month })}
        pending={working}
        onCancel={() => {
          if (!working) setConfirming(false);
        }}
        onConfirm={() => close.mutate()}
      >
        {working ? (
          <div className="space-y-3" data-testid="close-progress">
            <div className="flex items-center gap-3">
              <Spinner />
              <p className="font-medium text-slate-900" role="status" aria-live="polite">
                {close.isPending ? t("button.generating", { what }) : t("button.closedLoading", { month })}
              </p>
            </div>
            <div
              role="progressbar"
              aria-label={t("button.closing", { month })}
              aria-valuetext={close.isPending ? t("button.working", { seconds: elapsed }) : t("button.done")}
              className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
            >
              <div className={`h-full rounded-full bg-sky-600 ${close.isPending ? "w-2/3 animate-pulse" : "w-full"}`} />
            </div>
            <p className="text-xs text-slate-500">
              {close.isPending ? t("button.workingNote", { seconds: elapsed }) : t("button.doneNote")}
            </p>
          </div>
        ) : (
          <>
            <p>{t.rich("button.oneWay", { month, strong })}</p>
            <p>{t("button.generates", { what, live: String(live) })}</p>
            {open.count > 0 ? (
              <fieldset
                className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3"
                data-testid="close-open-amounts"
              >
                <legend className="px-1 text-sm font-semibold text-amber-950">
                  {t("button.openAmounts", { count: open.count, amount: open.total })}
                </legend>
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="radio"
                    name="openAmounts"
                    value="carryForward"
                    checked={openAmounts === "carryForward"}
                    onChange={() => setOpenAmounts("carryForward")}
                    className="mt-1"
                  />
                  <span>{t.rich("button.carryForward", { month: nextMonth, strong })}</span>
                </label>
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="radio"
                    name="openAmounts"
                    value="paidExternally"
                    checked={openAmounts === "paidExternally"}
                    onChange={() => setOpenAmounts("paidExternally")}
                    className="mt-1"
                  />
                  <span>{t.rich("button.paidExternally", { strong })}</span>
                </label>
              </fieldset>
            ) : null}
            {live ? <p className="font-medium text-amber-900">{t("button.live")}</p> : <p>{t("button.notLive")}</p>}
          </>
        )}
      </ConfirmDialog>
    </div>
  );
}
