import { useTranslations } from "next-intl";
import { CONTROL_STATE_TONE, stateKey, type ControlState } from "./labels";

/**
 * A Payroll Control state as a badge, in the person's language (results.states.<State>);
 * notInPayroll names an employee outside the period's payroll instead ("Not in payroll yet").
 */
export function StateBadge({ state, notInPayroll = false }: { state: ControlState; notInPayroll?: boolean }) {
  const t = useTranslations("results");
  return (
    <span
      data-testid="control-state"
      data-state={state}
      className={`inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium ${CONTROL_STATE_TONE[state]}`}
    >
      {t(stateKey(notInPayroll ? "NotInPayroll" : state))}
    </span>
  );
}
