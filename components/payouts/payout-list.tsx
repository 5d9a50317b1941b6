"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { formatInstant } from "@/components/periods/labels";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { chf, formatDay, PAYOUT_STATUS_LABEL, PAYOUT_STATUS_TONE, payoutFileHref, plural, type Payout } from "./labels";
import { changePayout, PayoutProblem } from "./request";

type Action = { kind: "cancel" | "processed"; payout: Payout };

/**
 * The period's payouts, newest first: status, execution date, count, total and the file; a payout
 * the bank has not processed can be cancelled (its amounts are open again) or marked processed,
 * each behind a confirmation.
 */
export function PayoutList({ orgId, payrollId, periodId, payouts, canWrite }: { orgId: string; payrollId: string; periodId: string; payouts: Payout[]; canWrite: boolean }) {
  const router = useRouter();
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
      setProblem({ payoutId: a.payout.id, code: error instanceof PayoutProblem ? error.code : "unknown", message: error instanceof Error ? error.message : "Something went wrong." });
      // A conflict means the list is out of date (processed or cancelled meanwhile): show it as it is.
      if (error instanceof PayoutProblem && error.status === 409) startRefresh(() => router.refresh());
    },
  });
  const working = change.isPending || refreshing;

  if (!payouts.length) return <p className="text-sm text-slate-600">No payouts in this period yet.</p>;

  return (
    <>
      <ul className="divide-y divide-slate-100" aria-label="Payouts of the period">
        {payouts.map((p) => (
          <li key={p.id} data-testid="payout" data-payout-id={p.id} data-status={p.status} data-count={p.count} data-total={p.total} className="py-3">
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
              <span data-testid="payout-status" className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium ${PAYOUT_STATUS_TONE[p.status]}`}>
                {PAYOUT_STATUS_LABEL[p.status]}
                {p.external ? " outside the service" : ""}
              </span>
              <span className="text-sm text-slate-900">
                Execution date <span className="font-medium">{formatDay(p.executionDate)}</span>
              </span>
              <span className="text-sm text-slate-700">{plural(p.count, "payment", "payments")}</span>
              <span className="ml-auto text-sm font-semibold tabular-nums text-slate-900">CHF {chf(p.total)}</span>
            </div>
            <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-slate-500">
              <span>
                Created {formatInstant(p.createdAt, "short")} by {p.createdBy.name}
                {p.cancelledAt ? ` · cancelled ${formatInstant(p.cancelledAt, "short")}` : ""}
                {p.processedAt && p.status === "processed" ? ` · processed ${formatInstant(p.processedAt, "short")}` : ""}
              </span>
              <span className="ml-auto flex flex-wrap gap-2">
                {/* A cancelled payout's file must not reach the bank: it stays among the period's documents only. */}
                {p.documentId && !p.external && p.status !== "cancelled" ? (
                  <a href={payoutFileHref(orgId, payrollId, periodId, p.id)} download className="rounded-md px-2 py-1 text-sm font-medium text-sky-800 underline underline-offset-2">
                    Download pain.001
                  </a>
                ) : null}
                {canWrite && p.status === "created" ? (
                  <>
                    <Button variant="secondary" className="px-2.5 py-1" disabled={working} onClick={() => setAction({ kind: "processed", payout: p })}>
                      Mark processed
                    </Button>
                    <Button variant="secondary" className="px-2.5 py-1 text-red-800" disabled={working} onClick={() => setAction({ kind: "cancel", payout: p })}>
                      Cancel payout
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
        title={action?.kind === "cancel" ? "Cancel this payout?" : "Mark this payout processed?"}
        confirmLabel={action?.kind === "cancel" ? "Cancel payout" : "Mark processed"}
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
              {plural(action.payout.count, "payment", "payments")}, CHF {chf(action.payout.total)}, execution date {formatDay(action.payout.executionDate)}.
            </p>
            {action.kind === "cancel" ? (
              <p>
                <strong>Its amounts are open again.</strong> Only cancel it if its file has not been sent to the bank, or the bank order is withdrawn there too.
              </p>
            ) : (
              <p>Confirms that the bank has paid it. A processed payout can no longer be cancelled. It counts as processed anyway once its execution date has begun.</p>
            )}
          </>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
