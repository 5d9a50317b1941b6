import { useTranslations } from "next-intl";
import { STAGE_TONE, periodStage, type PayrunPeriod } from "./labels";

/** A period's state as a badge: open, closed, submitted to ELM, finalized, or ELM error. */
export function PeriodStatusBadge({
  period,
}: {
  period: Pick<PayrunPeriod, "status" | "submittedToElm" | "elmError">;
}) {
  const t = useTranslations("periods");
  const stage = periodStage(period);
  return (
    <span
      data-testid="period-status"
      data-stage={stage}
      title={stage === "elmError" ? (period.elmError ?? undefined) : undefined}
      className={`inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium ${STAGE_TONE[stage]}`}
    >
      {t(`stages.${stage}`)}
    </span>
  );
}
