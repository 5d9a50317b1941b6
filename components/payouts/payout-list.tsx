"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition, type ReactNode } from "react";
import { useFormat } from "@/components/format/use-format";
import { useProblems } from "@/components/forms/use-problems";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PAYOUT_STATUS_TONE, payoutFileHref, type Payout } from "./labels";
import { changePayout, PayoutProblem } from "./request";

type Action = { kind: "cancel" | "processed"; payout: Payout };

/**
 * The period's payouts, newest first: status, execution date, count, total and the file; a payout
 * the bank has not processed can be cancelled (its amounts are open again) or marked processed,
 * each behind a confirmation. `closed`: the period is closed (no payout can be added to it any more).
 */
export function PayoutList({
  orgId,
  payrollId,
  periodId,
  payouts,
  canWrite,
  closed = false,
}: {
  orgId: string;
  payrollId: string;
  periodId: string;
  payouts: Payout[];
  canWrite: boolean;
  closed?: boolean;
}) {
  const router = useRouter();
  const t = useTranslations("payouts");
  const format = useFormat();
  const problems = useProblems();
  const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;
  const [action, setAction] = useState<Action | null>(null);
  const [problem, setProblem] = useState<{ payoutId: string; code: string; message: string } | null>(null);
  const [refreshing, startRefresh] = useTransition();
  const change = useMutation({
    mutationFn: (a: Action) => changePayout({ orgId, payrollId, periodId }, a.payout.id, a.kind),
    onSuccess: () => {
      setAction(null);
      setProblem(null);
      startRefresh(() => router.refresh());
    },
    onError: (error, a) => {
      setAction(null);
      const message =
        error instanceof PayoutProblem
          ? error.status === 0
            ? t("list.networkRetry")
            : error.status === 403
              ? t("list.forbidden")
              : problems.message(error.problem)
          : problems.message(error);
      setProblem({ payoutId: a.payout.id, code: error instanceof PayoutProblem ? error.code : "unknown", message });
      // A conflict means the list is out of date (processed or cancelled meanwhile): show it as it is.
      if (error instanceof PayoutProblem && error.status === 409) startRefresh(() => router.refresh());
    },
  });
  const working = change.isPending || refreshing;

  if (!payouts.length) return <p className="text-sm text-slate-600">{t(closed ? "list.noneClosed" : "list.none")}</p>;

  return (
    <>
      <ul className="divide-y divide-slate-100" aria-label={t("list.label")}>
        {payouts.map((p) => (
          <li
            key={p.id}
            data-testid="payout"
            data-payout-id={p.id}
            data-status={p.status}
            data-count={p.count}
            data-total={p.total}
            className="py-3"
          >
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
              <span
                data-testid="payout-status"
                className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium ${PAYOUT_STATUS_TONE[p.status]}`}
              >
                {t(`statuses.${p.status}`)}
                {p.external ? t("list.outside") : ""}
              </span>
              <span className="text-sm text-slate-900">
                {t.rich("list.executionDate", {
                  date: format.date(p.executionDate),
                  when: (chunks) => <span className="font-medium">{chunks}</span>,
                })}
              </span>
              <span className="text-sm text-slate-700">{t("list.payments", { count: p.count })}</span>
              <span className="ml-auto text-sm font-semibold tabular-nums text-slate-900">{format.chf(p.total)}</span>
            </div>
            <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-slate-500">
              <span>
                {t("list.created", { instant: format.instant(p.createdAt), name: p.createdBy.name })}
                {p.cancelledAt ? t("list.cancelledAt", { instant: format.instant(p.cancelledAt) }) : ""}
                {p.processedAt && p.status === "processed"
                  ? t("list.processedAt", { instant: format.instant(p.processedAt) })
                  : ""}
              </span>
              <span className="ml-auto flex flex-wrap gap-2">
                {/* A cancelled payout's file must not reach the bank: it stays among the period's documents only. */}
                {p.documentId && !p.external && p.status !== "cancelled" ? (
                  <a
                    href={payoutFileHref(orgId, payrollId, periodId, p.id)}
                    download
                    className="rounded-md px-2 py-1 text-sm font-medium text-sky-800 underline underline-offset-2"
                  >
                    {t("list.download")}
                  </a>
                ) : null}
                {canWrite && p.status === "created" ? (
                  <>
                    <Button
                      variant="secondary"
                      className="px-2.5 py-1"
                      disabled={working}
                      onClick={() => setAction({ kind: "processed", payout: p })}
                    >
                      {t("list.markProcessed")}
                    </Button>
                    <Button
                      variant="secondary"
                      className="px-2.5 py-1 text-red-800"
                      disabled={working}
                      onClick={() => setAction({ kind: "cancel", payout: p })}
                    >
                      {t("list.cancel")}
                    </Button>
                  </>
                ) : null}
              </span>
            </div>
            {problem?.payoutId === p.id ? (
              <div className="mt-2">
                <Alert tone="error">
                  <span data-testid="payout-action-problem" data-code={problem.code}>
                    {problem.message}
                  </span>
                </Alert>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={action !== null}
        title={action?.kind === "cancel" ? t("list.cancelTitle") : t("list.processedTitle")}
        confirmLabel={action?.kind === "cancel" ? t("list.cancel") : t("list.markProcessed")}
        pending={change.isPending}
        onCancel={() => {
          if (!change.isPending) setAction(null);
        }}
        onConfirm={() => {
          if (action) change.mutate(action);
        }}
      >
        {action ? (
          <>
            <p>
              {t("list.summary", {
                count: action.payout.count,
                amount: format.amount(action.payout.total),
                date: format.date(action.payout.executionDate),
              })}
            </p>
            {action.kind === "cancel" ? (
              <p>{t.rich("list.cancelWarning", { strong })}</p>
            ) : (
              <p>{t("list.processedNote")}</p>
            )}
          </>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
