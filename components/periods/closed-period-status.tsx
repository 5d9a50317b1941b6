"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useFormat } from "@/components/format/use-format";
import { apiRequest } from "@/components/forms/api";
import { useProblems } from "@/components/forms/use-problems";
import { Alert } from "@/components/ui/alert";
import {
  contentTypeLabel,
  documentHref,
  periodApiPath,
  periodStage,
  type DocumentCategory,
  type PayrunPeriod,
} from "./labels";

type Document = {
  id: string;
  category: DocumentCategory;
  employeeId: string | null;
  name: string;
  contentType: string;
  final: boolean;
  createdAt: string;
};

type Props = {
  orgId: string;
  payrollId: string;
  initial: PayrunPeriod;
  /** "January 2026" */
  month: string;
  /** The period is declared to ELM: its status moves on to submitted and finalized. */
  live: boolean;
  canReadDocuments: boolean;
  employeeNames: Record<string, string>;
};

type Step = { key: string; label: string; done: boolean; current: boolean; detail: string | null };

const PAYSLIP_LINKS = 5;

/** Every document of the period: the list comes in pages (a payroll of thousands has as many payslips). */
async function allDocuments(path: string): Promise<Document[]> {
  const documents: Document[] = [];
  let cursor: string | null = null;
  do {
    const query: string = new URLSearchParams({ limit: "500", ...(cursor ? { cursor } : {}) }).toString();
    const page: { items: Document[]; nextCursor: string | null } = (
      await apiRequest<{ items: Document[]; nextCursor: string | null }>(`${path}?${query}`)
    ).data;
    documents.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return documents;
}

/**
 * The status of a just-closed period: Closed, then (live payroll) Submitted to ELM and Finalized,
 * polled every second until it is final or fails, and links to its documents.
 */
export function ClosedPeriodStatus({ orgId, payrollId, initial, month, live, canReadDocuments, employeeNames }: Props) {
  const t = useTranslations("periods");
  const format = useFormat();
  const problems = useProblems();
  const path = periodApiPath(orgId, payrollId, initial.id);
  const period = useQuery({
    queryKey: ["payrun-period", initial.id],
    queryFn: async () => (await apiRequest<PayrunPeriod>(path)).data,
    initialData: initial,
    refetchInterval: (query) => {
      const current = query.state.data;
      return live && current && current.status !== "finalized" && !current.elmError ? 1000 : false;
    },
  });
  const current = period.data;
  const stage = periodStage(current);
  // Refetched as the status moves on: ELM receipts join the documents at finalization.
  const documents = useQuery({
    queryKey: ["payrun-period-documents", initial.id, stage],
    queryFn: () => allDocuments(`${path}/documents`),
    enabled: canReadDocuments,
  });

  const steps: Step[] = [
    {
      key: "closed",
      label: t("status.closed"),
      done: true,
      current: !live,
      detail: current.closedAt ? format.instant(current.closedAt) : null,
    },
    ...(live
      ? [
          {
            key: "submitted",
            label: t("status.submitted"),
            done: current.submittedToElm || current.status === "finalized",
            current: stage === "closed" || stage === "elmError",
            detail:
              current.transmittedAt || current.status === "finalized"
                ? t("status.withDistributor")
                : stage === "elmError"
                  ? t("status.notSubmitted")
                  : t("status.submitting"),
          },
          {
            key: "finalized",
            label: t("status.finalized"),
            done: current.status === "finalized",
            current: stage === "submitted",
            detail: current.finalizedAt
              ? format.instant(current.finalizedAt)
              : stage === "submitted"
                ? t("status.waitingReceipts")
                : null,
          },
        ]
      : []),
  ];

  const docs = documents.data ?? [];
  const payslips = docs.filter((d) => d.category === "Payslip");
  const others = docs.filter((d) => d.category !== "Payslip");
  const browserHref = `/tenants/${orgId}/periods/${initial.id}`;

  return (
    <div className="space-y-4" data-testid="closed-status" data-stage={stage} data-period-id={initial.id}>
      <p className="text-sm text-slate-700" role="status" aria-live="polite">
        {month}: <span className="font-semibold text-slate-900">{t(`stages.${stage}`)}</span>
        {live && stage !== "finalized" && stage !== "elmError" ? t("status.updatesItself") : null}
        {!live ? t("status.notLive") : null}
      </p>
      <ol className="flex flex-col gap-2 sm:flex-row sm:items-stretch" aria-label={t("status.statusOf", { month })}>
        {steps.map((step, index) => (
          <li
            key={step.key}
            data-testid="status-step"
            data-step={step.key}
            data-done={step.done}
            aria-current={step.current && !step.done ? "step" : undefined}
            className={`flex flex-1 items-start gap-3 rounded-md border px-3 py-2 text-sm ${
              step.done
                ? "border-emerald-200 bg-emerald-50"
                : step.current
                  ? "border-amber-200 bg-amber-50"
                  : "border-slate-200 bg-white"
            }`}
          >
            <span
              aria-hidden="true"
              className={`mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${step.done ? "bg-emerald-600 text-white" : "bg-slate-200 text-slate-700"}`}
            >
              {step.done ? "✓" : index + 1}
            </span>
            <span>
              <span className="block font-medium text-slate-900">
                {step.label}
                <span className="sr-only">
                  {step.done ? t("status.done") : step.current ? t("status.inProgress") : t("status.toCome")}
                </span>
              </span>
              {step.detail ? <span className="block text-xs text-slate-600">{step.detail}</span> : null}
            </span>
          </li>
        ))}
      </ol>
      {current.elmError ? (
        <Alert tone="error" title={t("status.elmFailed")}>
          {current.elmError} {t("status.elmFailedNote")}
        </Alert>
      ) : null}
      {period.isError ? (
        <Alert tone="warning">{t("status.refreshFailed", { problem: problems.message(period.error) })}</Alert>
      ) : null}
      {canReadDocuments ? (
        <div className="space-y-2">
          <h3 className="text-sm font-semibold text-slate-900">{t("status.documentsOf", { month })}</h3>
          {documents.isPending ? <p className="text-sm text-slate-500">{t("status.loadingDocuments")}</p> : null}
          {documents.isError ? <Alert tone="error">{problems.message(documents.error)}</Alert> : null}
          {documents.isSuccess ? (
            <ul className="space-y-1 text-sm" aria-label={t("status.documentsOf", { month })}>
              {payslips.slice(0, PAYSLIP_LINKS).map((doc) => (
                <li key={doc.id}>
                  <a
                    href={documentHref(orgId, payrollId, initial.id, doc.id)}
                    target="_blank"
                    rel="noopener"
                    className="font-medium text-sky-800 underline underline-offset-2"
                  >
                    {t("status.payslip", {
                      name: doc.employeeId ? (employeeNames[doc.employeeId] ?? doc.name) : doc.name,
                    })}
                  </a>{" "}
                  <span className="text-xs text-slate-500">({contentTypeLabel(doc.contentType)})</span>
                </li>
              ))}
              {payslips.length > PAYSLIP_LINKS ? (
                <li className="text-slate-600">
                  {t("status.morePayslips", { count: payslips.length - PAYSLIP_LINKS })}
                </li>
              ) : null}
              {others.map((doc) => (
                <li key={doc.id}>
                  <a
                    href={documentHref(orgId, payrollId, initial.id, doc.id)}
                    target="_blank"
                    rel="noopener"
                    className="font-medium text-sky-800 underline underline-offset-2"
                  >
                    {t.has(`categoryOne.${doc.category}`) ? t(`categoryOne.${doc.category}`) : doc.category}: {doc.name}
                  </a>{" "}
                  <span className="text-xs text-slate-500">({contentTypeLabel(doc.contentType)})</span>
                </li>
              ))}
            </ul>
          ) : null}
          <p>
            <Link href={browserHref} className="text-sm font-medium text-sky-800 underline underline-offset-2">
              {t("status.openDocuments", { month })}
            </Link>
          </p>
        </div>
      ) : null}
    </div>
  );
}
