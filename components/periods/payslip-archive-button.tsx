"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { apiRequest } from "@/components/forms/api";
import { useProblems } from "@/components/forms/use-problems";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { documentHref, periodApiPath } from "./labels";

type Archive = {
  id: string;
  status: "queued" | "running" | "done" | "failed";
  done: number;
  total: number;
  documentId: string | null;
};

/**
 * "Download all payslips (ZIP)" on a period's documents: asks the service for the archive
 * (POST .../payslip-archives, one Idempotency-Key per click), polls its status every second and
 * shows the payslips drawn so far, then the link to the ZIP (a PayslipArchive document).
 */
export function PayslipArchiveButton({
  orgId,
  payrollId,
  periodId,
}: {
  orgId: string;
  payrollId: string;
  periodId: string;
}) {
  const t = useTranslations("periods");
  const problems = useProblems();
  const [archive, setArchive] = useState<Archive | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const base = periodApiPath(orgId, payrollId, periodId);

  useEffect(() => {
    if (!archive || archive.status === "done" || archive.status === "failed") return;
    const timer = setTimeout(async () => {
      try {
        setArchive((await apiRequest<Archive>(`${base}/payslip-archives/${archive.id}`)).data);
      } catch (e) {
        setError(problems.message(e));
      }
    }, 1000);
    return () => clearTimeout(timer);
  }, [archive, base, problems]);

  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      setArchive(
        (await apiRequest<Archive>(`${base}/payslip-archives`, { method: "POST", idempotencyKey: crypto.randomUUID() }))
          .data,
      );
    } catch (e) {
      setError(problems.message(e));
    } finally {
      setStarting(false);
    }
  };

  const working = starting || archive?.status === "queued" || archive?.status === "running";
  return (
    <div className="space-y-2" data-testid="payslip-archive">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={start} disabled={working}>
          {t("archive.download")}
        </Button>
        {working ? (
          <span role="status" className="text-sm text-slate-700" data-testid="payslip-archive-progress">
            {archive && archive.total > 0
              ? t("archive.progress", { done: archive.done, total: archive.total })
              : t("archive.queued")}
          </span>
        ) : null}
        {archive?.status === "done" && archive.documentId ? (
          <a
            href={documentHref(orgId, payrollId, periodId, archive.documentId)}
            className="font-medium text-sky-800 underline underline-offset-2"
            data-testid="payslip-archive-link"
          >
            {t("archive.ready", { count: archive.total })}
          </a>
        ) : null}
      </div>
      {archive?.status === "failed" ? <Alert tone="error">{t("archive.failed")}</Alert> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}
