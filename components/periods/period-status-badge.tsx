import { STAGE_LABEL, STAGE_TONE, periodStage, type PayrunPeriod } from "./labels";

/** A period's state as a badge: open, closed, submitted to ELM, finalized, or ELM error. */
export function PeriodStatusBadge({ period }: { period: Pick<PayrunPeriod, "status" | "submittedToElm" | "elmError"> }) {
  const stage = periodStage(period);
  return (
    <span
      data-testid="period-status"
      data-stage={stage}
      title={stage === "elmError" ? (period.elmError ?? undefined) : undefined}
      className={`inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium ${STAGE_TONE[stage]}`}
    >
      {STAGE_LABEL[stage]}
    </span>
  );
}
